-- Up to when an agent has seen a conversation's notes that mention them: a mention after it is
-- unseen (the console's badge and Mentions list).
create table mention_reads (
  agent_id text not null references agents (id),
  session_id text not null references sessions (id),
  seen_at bigint not null,
  primary key (agent_id, session_id)
);
