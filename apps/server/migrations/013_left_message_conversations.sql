-- A left message knows the conversation it opened in the inbox (the same transaction writes both),
-- so the reports count a left message under the labels its conversation was given. Left messages
-- from before the inbox opened none and keep a null.
alter table leave_messages add column session_id text references sessions (id);
update leave_messages l set session_id = s.id
  from sessions s
  where s.left_message and s.visitor_id = l.visitor_id and s.channel_id = l.channel_id
    and s.created_at = l.created_at;
