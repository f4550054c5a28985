-- Reports: two moments the conversation records overwrite or delete, kept by triggers so the
-- reports can be computed from the records alone. `first_taken_at`: when an agent first had the
-- chat (`taken_at` moves on a transfer); `queued_at`: when the chat first entered the queue (its
-- queue row is deleted when an agent takes it). Chats from before this migration have no
-- `queued_at` (their wait counts as 0) and take `taken_at` as their first.
alter table sessions add column first_taken_at bigint;
alter table sessions add column queued_at bigint;
update sessions set first_taken_at = taken_at where taken_at is not null;
create index sessions_created on sessions (created_at);
create index leave_messages_created on leave_messages (created_at);

create function parley_report_first_taken() returns trigger language plpgsql as $$
begin
  if new.first_taken_at is null and new.admin_id is not null then
    new.first_taken_at := coalesce(new.taken_at, (extract(epoch from clock_timestamp()) * 1000)::bigint);
  end if;
  return new;
end $$;

create function parley_report_queued() returns trigger language plpgsql as $$
begin
  update sessions set queued_at = new.enqueued_at where id = new.session_id and queued_at is null;
  return null;
end $$;

create trigger report_first_taken before insert or update of admin_id on sessions
  for each row execute function parley_report_first_taken();
create trigger report_queued after insert on queue
  for each row execute function parley_report_queued();
