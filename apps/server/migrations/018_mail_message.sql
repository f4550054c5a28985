-- An agent's answer by email knows its mail: once the mail is given up, the message says so
-- (`extra.emailFailed`), so the agent sees in the conversation that the visitor never got it.
alter table mail_outbox add column message_id text;
