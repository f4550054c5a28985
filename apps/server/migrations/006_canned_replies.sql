-- Canned replies: texts an agent sends often, each with a short title, per agent and channel (the
-- console kept them in the browser's localStorage before).
create table canned_replies (
  id text primary key,
  agent_id text not null references agents (id) on delete cascade,
  channel_id text not null references channels (id) on delete cascade,
  title text not null,
  text text not null,
  created_at bigint not null,
  updated_at bigint not null
);
create index canned_replies_agent_channel on canned_replies (agent_id, channel_id, created_at);
