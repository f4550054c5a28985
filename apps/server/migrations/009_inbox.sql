-- The inbox: each chat (session) is a conversation record the team works on. Its status is the
-- team's (open, pending, snoozed, resolved), beside the chat's own life (sessions.status,
-- closed_at); every change of it is an activity row saying who and when.

alter table sessions add column state text not null default 'open'
  check (state in ('open', 'pending', 'snoozed', 'resolved'));
-- 0 none, 1 low, 2 medium, 3 high, 4 urgent
alter table sessions add column priority smallint not null default 0 check (priority between 0 and 4);
alter table sessions add column snoozed_until bigint;
-- The last message's time; the oldest visitor message no agent answered yet; the first agent reply.
alter table sessions add column last_activity_at bigint;
alter table sessions add column waiting_since bigint;
alter table sessions add column first_reply_at bigint;
-- Up to when the assignee has read the chat: the inbox counts the visitor's messages after it.
alter table sessions add column agent_seen_at bigint;
-- When anything an inbox row shows last changed: a console asks for its lists again when it moves.
alter table sessions add column changed_at bigint not null default 0;
-- A conversation opened by a message left while nobody could answer.
alter table sessions add column left_message boolean not null default false;

update sessions set state = 'resolved' where closed_at is not null;
update sessions set last_activity_at = coalesce(
  (select max(m.msg_time) from messages m where m.session_id = sessions.id), created_at);
create index sessions_inbox on sessions (channel_id, state, last_activity_at desc);
create index sessions_changed on sessions (channel_id, changed_at);

create table session_labels (
  session_id text not null references sessions (id),
  label text not null,
  primary key (session_id, label)
);
create index session_labels_label on session_labels (label, session_id);

-- Private notes: agents only, never sent to the visitor.
create table notes (
  id text primary key,
  session_id text not null references sessions (id),
  agent_id text not null references agents (id),
  body text not null,
  mentions jsonb not null default '[]',
  created_at bigint not null
);
create index notes_session on notes (session_id, created_at);

-- Who changed what in a conversation: status, priority, labels, assignment taken past capacity.
create table session_activity (
  id bigserial primary key,
  session_id text not null references sessions (id),
  agent_id text,
  kind text not null,
  detail jsonb not null default '{}',
  created_at bigint not null
);
create index session_activity_session on session_activity (session_id, id);

-- Roles: an admin edits the team's canned replies (and, from the CLI, channels and agents).
alter table agents add column role text not null default 'agent' check (role in ('agent', 'admin'));
-- Away: online (keeps their chats, can join by hand) but routing gives them no new chat.
alter table agents add column away boolean not null default false;
-- When routing last gave the agent a chat: ties go to whoever waited longest.
alter table agents add column last_assigned_at bigint;

-- Team canned replies: no agent (the team's), and no channel (every channel).
alter table canned_replies alter column agent_id drop not null;
alter table canned_replies alter column channel_id drop not null;

-- Full-text search over messages and notes, through the same SQL on both databases. The `simple`
-- configuration (no stemming) finds words of every script; scripts written without spaces
-- (Chinese, Japanese, Khmer, Lao, Burmese, Thai) are cut into single characters, and a query cut
-- the same way is a phrase of them (docs/architecture.md, "Search").
alter table messages add column search tsvector generated always as (
  to_tsvector('simple', regexp_replace(msg_content,
    '([\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff])',
    ' \1 ', 'g'))
) stored;
create index messages_search on messages using gin (search);
-- For a word in many messages the newest matches are found walking back in time (the planner
-- chooses this or the GIN index by how common the word is).
create index messages_time on messages (msg_time desc);
alter table notes add column search tsvector generated always as (
  to_tsvector('simple', regexp_replace(body,
    '([\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff])',
    ' \1 ', 'g'))
) stored;
create index notes_search on notes using gin (search);

-- Each message keeps its conversation's times: one place for every writer (visitor, agent, robot,
-- the integration API). A visitor's message wakes a snoozed or pending conversation.
create function messages_touch_session() returns trigger language plpgsql as $$
declare
  was text;
begin
  select state into was from sessions where id = new.session_id;
  update sessions s set
    last_activity_at = greatest(coalesce(s.last_activity_at, 0), new.msg_time),
    changed_at = greatest(s.changed_at, new.msg_time),
    waiting_since = case
      when new.sender_type = 1 then coalesce(s.waiting_since, new.msg_time)
      when new.sender_type = 2 then null
      else s.waiting_since end,
    first_reply_at = case when new.sender_type = 2 then coalesce(s.first_reply_at, new.msg_time)
      else s.first_reply_at end,
    state = case when new.sender_type = 1 and s.state in ('pending', 'snoozed') then 'open' else s.state end,
    snoozed_until = case when new.sender_type = 1 then null else s.snoozed_until end
  where s.id = new.session_id;
  if new.sender_type = 1 and was in ('pending', 'snoozed') then
    insert into session_activity (session_id, agent_id, kind, detail, created_at)
    values (new.session_id, null, 'status', jsonb_build_object('from', was, 'to', 'open', 'by', 'visitor'),
      new.msg_time);
  end if;
  return null;
end $$;
create trigger messages_touch_session after insert on messages
  for each row execute function messages_touch_session();
