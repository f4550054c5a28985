-- Parley's schema. One set of migrations for the embedded PGlite and a real PostgreSQL server.
-- Times are milliseconds since the epoch (bigint), as on the wire.

create table settings (
  key text primary key,
  value text not null
);

create table channels (
  id text primary key,
  tenant_id text not null,
  -- the seed entry as loaded: wire fields, robot knowledge, working hours, rating scale
  config jsonb not null,
  updated_at bigint not null
);

create table agents (
  id text primary key,
  username text not null unique,
  nick text not null,
  avatar text,
  password_hash text not null,
  capacity integer not null default 1,
  channels jsonb not null default '[]',
  groups jsonb not null default '[]',
  welcome_msg text,
  online boolean not null default false,
  updated_at bigint not null
);

create table agent_sessions (
  token_hash text primary key,
  agent_id text not null references agents (id) on delete cascade,
  expires_at bigint not null
);

create table visitors (
  id text primary key,
  tenant_id text not null,
  channel_id text not null,
  name text,
  email text,
  phone text,
  form_submitted boolean not null default false,
  -- the server-side event cursor, for clients that send none
  event_cursor bigint not null default 0,
  created_at bigint not null
);

create table sessions (
  id text primary key,
  poll_id text not null unique,
  visitor_id text not null references visitors (id),
  channel_id text not null references channels (id),
  group_id text,
  admin_id text references agents (id),
  requested_admin_id text,
  status integer not null default 0,
  pid text,
  params text,
  previous_url text,
  visitor_typing text,
  visitor_typing_at bigint,
  created_at bigint not null,
  taken_at bigint,
  closed_at bigint
);
create index sessions_visitor on sessions (visitor_id, created_at desc);
create index sessions_admin_open on sessions (admin_id) where closed_at is null;

create table messages (
  id text primary key,
  session_id text not null references sessions (id),
  visitor_id text not null references visitors (id),
  client_msg_id text,
  sender_type integer not null,
  sender_name text,
  msg_type text not null,
  msg_content text not null default '',
  msg_time bigint not null,
  file_name text,
  file_size bigint,
  file_url text,
  audio_duration double precision,
  extra jsonb,
  read_at bigint,
  deleted boolean not null default false,
  unique (session_id, client_msg_id)
);
create index messages_visitor_time on messages (visitor_id, msg_time desc);
create index messages_session_time on messages (session_id, msg_time);

-- audience 1: the visitor (event_type 1200-1208 of the contract);
-- audience 2: the agent console (event_type 2100+, see src/conversation/events.ts)
create table events (
  id bigserial primary key,
  audience smallint not null,
  visitor_id text not null,
  session_id text,
  event_type integer not null,
  payload jsonb not null default '{}',
  created_at bigint not null
);
create index events_visitor on events (visitor_id, id) where audience = 1;
create index events_session on events (session_id, id) where audience = 2;

create table queue (
  session_id text primary key references sessions (id),
  seq bigserial not null,
  channel_id text not null,
  group_id text,
  admin_id text,
  wait_index integer not null default 0,
  enqueued_at bigint not null
);

create table evaluations (
  session_id text primary key references sessions (id),
  visitor_id text not null,
  star integer not null,
  tags jsonb not null default '[]',
  content text,
  created_at bigint not null
);

create table leave_messages (
  id bigserial primary key,
  visitor_id text not null,
  channel_id text not null,
  name text,
  phone text,
  email text,
  content text not null,
  created_at bigint not null
);

create table user_forms (
  id bigserial primary key,
  visitor_id text not null,
  session_id text,
  fields jsonb not null,
  created_at bigint not null
);

create table uploads (
  id text primary key,
  visitor_id text not null,
  agent_id text,
  original_name text not null,
  suffix text not null,
  mime text not null,
  size bigint not null,
  created_at bigint not null
);
