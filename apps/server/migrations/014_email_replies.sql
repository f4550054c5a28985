-- An agent's answer by email to a conversation whose visitor is gone (a left message's or an ended
-- chat's), kept in the conversation as the agent's message; `left_reply` stays for the rows
-- written before.
alter table mail_outbox drop constraint mail_outbox_kind_check;
alter table mail_outbox add constraint mail_outbox_kind_check
  check (kind in ('left_notice', 'left_reply', 'transcript', 'reply'));
