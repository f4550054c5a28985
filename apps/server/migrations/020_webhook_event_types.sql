-- More webhook events, written by triggers like the first ones (migrations/010_webhooks.sql): a
-- contact's details changed, a conversation's status changed, its assignment changed (any change,
-- unassigning included), a note added, a label added or removed.

create function parley_webhook_session_changes() returns trigger language plpgsql as $$
declare
  now_ms bigint := (extract(epoch from clock_timestamp()) * 1000)::bigint;
begin
  if old.state is distinct from new.state then
    perform parley_webhook_emit('conversation.status_changed', new.channel_id, new.id, new.visitor_id,
      jsonb_build_object('conversationId', new.id, 'visitorId', new.visitor_id, 'channelId', new.channel_id,
        'groupId', new.group_id, 'from', old.state, 'status', new.state, 'snoozedUntil', new.snoozed_until,
        'changedAt', now_ms),
      now_ms);
  end if;
  if old.admin_id is distinct from new.admin_id then
    perform parley_webhook_emit('conversation.assignment_changed', new.channel_id, new.id, new.visitor_id,
      jsonb_build_object('conversationId', new.id, 'visitorId', new.visitor_id, 'channelId', new.channel_id,
        'groupId', new.group_id, 'fromAgentId', old.admin_id, 'agentId', new.admin_id,
        'agentNick', (select nick from agents where id = new.admin_id), 'changedAt', now_ms),
      now_ms);
  end if;
  return null;
end $$;

create function parley_webhook_contacts() returns trigger language plpgsql as $$
declare
  now_ms bigint := (extract(epoch from clock_timestamp()) * 1000)::bigint;
begin
  if old.name is not distinct from new.name and old.email is not distinct from new.email
    and old.phone is not distinct from new.phone then
    return null;
  end if;
  perform parley_webhook_emit('contact.changed', new.channel_id, 'visitor:' || new.id, new.id,
    jsonb_build_object('visitorId', new.id, 'channelId', new.channel_id, 'name', new.name, 'email', new.email,
      'phone', new.phone, 'changedAt', now_ms),
    now_ms);
  return null;
end $$;

create function parley_webhook_notes() returns trigger language plpgsql as $$
declare
  conversation sessions%rowtype;
begin
  select * into conversation from sessions where id = new.session_id;
  perform parley_webhook_emit('note.added', conversation.channel_id, new.session_id, conversation.visitor_id,
    jsonb_build_object('conversationId', new.session_id, 'visitorId', conversation.visitor_id,
      'channelId', conversation.channel_id, 'noteId', new.id, 'agentId', new.agent_id,
      'agentNick', (select nick from agents where id = new.agent_id), 'body', new.body, 'createdAt', new.created_at),
    new.created_at);
  return null;
end $$;

create function parley_webhook_labels() returns trigger language plpgsql as $$
declare
  now_ms bigint := (extract(epoch from clock_timestamp()) * 1000)::bigint;
  row_changed session_labels%rowtype;
  conversation sessions%rowtype;
begin
  if tg_op = 'INSERT' then
    row_changed := new;
  else
    row_changed := old;
  end if;
  select * into conversation from sessions where id = row_changed.session_id;
  perform parley_webhook_emit(case when tg_op = 'INSERT' then 'label.added' else 'label.removed' end,
    conversation.channel_id, row_changed.session_id, conversation.visitor_id,
    jsonb_build_object('conversationId', row_changed.session_id, 'visitorId', conversation.visitor_id,
      'channelId', conversation.channel_id, 'label', row_changed.label, 'changedAt', now_ms),
    now_ms);
  return null;
end $$;

create trigger webhook_session_changes after update of admin_id, state on sessions
  for each row execute function parley_webhook_session_changes();
create trigger webhook_contacts after update of name, email, phone on visitors
  for each row execute function parley_webhook_contacts();
create trigger webhook_notes after insert on notes
  for each row execute function parley_webhook_notes();
create trigger webhook_labels after insert or delete on session_labels
  for each row execute function parley_webhook_labels();
