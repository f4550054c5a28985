-- Upload quota reservations: an upload reserves the bytes it may take before its first byte is
-- read, so parallel uploads (on any instance) cannot each see the same quota left. A reservation
-- is deleted when its upload is recorded or refused; one left by a killed process stops counting
-- after an hour and is swept with the stale upload parts.
create table upload_reservations (
  id text primary key,
  visitor_id text not null,
  channel_id text not null,
  bytes bigint not null,
  created_at bigint not null
);
create index upload_reservations_visitor on upload_reservations (visitor_id);
create index upload_reservations_channel on upload_reservations (channel_id);
