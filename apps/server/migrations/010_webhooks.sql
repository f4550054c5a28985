-- Webhooks: endpoints an administrator registers, the events they receive, and a durable outbox
-- of deliveries. Database triggers on the conversation records write an event and its deliveries
-- in the same transaction as the change itself, so a crash between the write and the delivery
-- loses nothing, and every path that writes a record (console, visitor, robot, integration API,
-- admin commands) is covered without the conversation code knowing about webhooks.
create table webhook_endpoints (
  id text primary key,
  url text not null,
  -- null: every channel
  channel_id text,
  -- the event names this endpoint receives (a JSON array of strings)
  events jsonb not null,
  -- the HMAC-SHA256 key the payloads are signed with; the server needs it in clear to sign
  secret text not null,
  description text,
  created_at bigint not null,
  -- failed attempts in a row; reset by any success
  failures integer not null default 0,
  disabled_at bigint,
  disabled_reason text
);

create table webhook_events (
  id bigserial primary key,
  type text not null,
  channel_id text not null,
  -- what deliveries are ordered by: the session id, or `visitor:<id>` for a left message
  conversation text not null,
  payload jsonb not null,
  created_at bigint not null
);

create table webhook_deliveries (
  id bigserial primary key,
  endpoint_id text not null references webhook_endpoints (id) on delete cascade,
  event_id bigint not null references webhook_events (id) on delete cascade,
  conversation text not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at bigint not null default 0,
  -- an instance that claimed the delivery owns it until then (a crashed one's claim runs out)
  claimed_until bigint not null default 0,
  last_status integer,
  last_error text,
  -- the first characters of the receiver's answer, nothing more
  response_excerpt text,
  delivered_at bigint,
  created_at bigint not null
);
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_order on webhook_deliveries (endpoint_id, conversation, id) where status = 'pending';
create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, id desc);

-- Records one event for every enabled endpoint that wants it, and nothing when none does. The
-- visitor's ordering lock (the one the conversation code takes for the visitor's own events) is
-- held until commit, so one conversation's event ids grow in commit order.
create function parley_webhook_emit(kind text, channel text, conversation text, visitor text, body jsonb, at bigint)
returns void language plpgsql as $$
declare
  new_event bigint;
begin
  if not exists (
    select 1 from webhook_endpoints
    where disabled_at is null and (channel_id is null or channel_id = channel) and events ? kind
  ) then
    return;
  end if;
  perform pg_advisory_xact_lock(1, hashtext(visitor));
  insert into webhook_events (type, channel_id, conversation, payload, created_at)
    values (kind, channel, conversation, body, at) returning id into new_event;
  insert into webhook_deliveries (endpoint_id, event_id, conversation, created_at)
    select id, new_event, conversation, at from webhook_endpoints
    where disabled_at is null and (channel_id is null or channel_id = channel) and events ? kind
    order by id;
end $$;

create function parley_webhook_sessions() returns trigger language plpgsql as $$
declare
  now_ms bigint := (extract(epoch from clock_timestamp()) * 1000)::bigint;
begin
  if tg_op = 'INSERT' then
    perform parley_webhook_emit('conversation.created', new.channel_id, new.id, new.visitor_id,
      jsonb_build_object('conversationId', new.id, 'visitorId', new.visitor_id, 'channelId', new.channel_id,
        'groupId', new.group_id, 'createdAt', new.created_at),
      new.created_at);
    return null;
  end if;
  if old.admin_id is null and new.admin_id is not null then
    perform parley_webhook_emit('conversation.assigned', new.channel_id, new.id, new.visitor_id,
      jsonb_build_object('conversationId', new.id, 'visitorId', new.visitor_id, 'channelId', new.channel_id,
        'groupId', new.group_id, 'agentId', new.admin_id,
        'agentNick', (select nick from agents where id = new.admin_id), 'assignedAt', coalesce(new.taken_at, now_ms)),
      coalesce(new.taken_at, now_ms));
  elsif old.admin_id is not null and new.admin_id is not null and new.admin_id <> old.admin_id then
    perform parley_webhook_emit('conversation.transferred', new.channel_id, new.id, new.visitor_id,
      jsonb_build_object('conversationId', new.id, 'visitorId', new.visitor_id, 'channelId', new.channel_id,
        'groupId', new.group_id, 'fromAgentId', old.admin_id, 'agentId', new.admin_id,
        'agentNick', (select nick from agents where id = new.admin_id), 'transferredAt', coalesce(new.taken_at, now_ms)),
      coalesce(new.taken_at, now_ms));
  end if;
  if old.closed_at is null and new.closed_at is not null then
    perform parley_webhook_emit('conversation.resolved', new.channel_id, new.id, new.visitor_id,
      jsonb_build_object('conversationId', new.id, 'visitorId', new.visitor_id, 'channelId', new.channel_id,
        'groupId', new.group_id, 'agentId', new.admin_id, 'closedAt', new.closed_at),
      new.closed_at);
  end if;
  return null;
end $$;

create function parley_webhook_messages() returns trigger language plpgsql as $$
declare
  sender text := case new.sender_type when 1 then 'visitor' when 2 then 'agent' when 3 then 'robot' end;
  channel text;
begin
  if sender is null then
    return null;
  end if;
  select channel_id into channel from sessions where id = new.session_id;
  perform parley_webhook_emit('message.created', channel, new.session_id, new.visitor_id,
    jsonb_build_object('conversationId', new.session_id, 'visitorId', new.visitor_id, 'channelId', channel,
      'messageId', new.id, 'sender', sender, 'senderName', new.sender_name, 'msgType', new.msg_type,
      'msgContent', new.msg_content, 'fileName', new.file_name, 'fileSize', new.file_size, 'sentAt', new.msg_time),
    new.msg_time);
  return null;
end $$;

create function parley_webhook_ratings() returns trigger language plpgsql as $$
declare
  channel text;
begin
  select channel_id into channel from sessions where id = new.session_id;
  perform parley_webhook_emit('conversation.rated', channel, new.session_id, new.visitor_id,
    jsonb_build_object('conversationId', new.session_id, 'visitorId', new.visitor_id, 'channelId', channel,
      'star', new.star, 'tags', new.tags, 'content', new.content, 'ratedAt', new.created_at),
    new.created_at);
  return null;
end $$;

create function parley_webhook_left_messages() returns trigger language plpgsql as $$
begin
  perform parley_webhook_emit('message.left', new.channel_id, 'visitor:' || new.visitor_id, new.visitor_id,
    jsonb_build_object('leftMessageId', new.id, 'visitorId', new.visitor_id, 'channelId', new.channel_id,
      'name', new.name, 'phone', new.phone, 'email', new.email, 'content', new.content, 'leftAt', new.created_at),
    new.created_at);
  return null;
end $$;

create trigger webhook_sessions after insert or update of admin_id, closed_at on sessions
  for each row execute function parley_webhook_sessions();
create trigger webhook_messages after insert on messages
  for each row execute function parley_webhook_messages();
create trigger webhook_ratings after insert or update on evaluations
  for each row execute function parley_webhook_ratings();
create trigger webhook_left_messages after insert on leave_messages
  for each row execute function parley_webhook_left_messages();
