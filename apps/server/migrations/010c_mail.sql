-- Email: an agent's address (for the left-message notice), and a durable outbox of mails. A left
-- message written while none of its channel's agents is online queues a notice in the same
-- transaction (a trigger), so it is sent even if the process dies right after; transcripts and
-- replies to left messages are queued by the calls that ask for them.
alter table agents add column email text;

create table mail_outbox (
  id bigserial primary key,
  kind text not null check (kind in ('left_notice', 'left_reply', 'transcript')),
  -- null for a left notice: the channel's agents with an address, when it is sent
  to_address text,
  subject text,
  body text,
  -- a left notice: the left message's id
  ref text,
  channel_id text,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'skipped')),
  attempts integer not null default 0,
  next_attempt_at bigint not null default 0,
  claimed_until bigint not null default 0,
  last_error text,
  created_at bigint not null,
  sent_at bigint
);
create index mail_outbox_due on mail_outbox (next_attempt_at) where status = 'pending';

create function parley_mail_left_notice() returns trigger language plpgsql as $$
begin
  if not exists (
    select 1 from agents where online and disabled_at is null and channels ? new.channel_id
  ) and exists (
    select 1 from agents where email is not null and disabled_at is null and channels ? new.channel_id
  ) then
    insert into mail_outbox (kind, ref, channel_id, created_at)
      values ('left_notice', new.id::text, new.channel_id, new.created_at);
  end if;
  return null;
end $$;

create trigger mail_left_notice after insert on leave_messages
  for each row execute function parley_mail_left_notice();
