-- Who changed an agent or a channel, when, and what: each change an administrator makes from the
-- console (or an operator with `npm run admin`) is written in the same transaction as the change.
create table admin_changes (
  id bigserial primary key,
  -- the administrator; null: the command line
  agent_id text references agents (id),
  -- agentAdded, agentChanged, agentDisabled, agentEnabled, agentPassword, channelChanged
  kind text not null,
  -- the agent's or the channel's id
  target text not null,
  -- the fields that changed: { "capacity": { "from": 1, "to": 3 } } (a password never)
  changes jsonb not null default '{}',
  created_at bigint not null
);
create index admin_changes_target on admin_changes (target, id);
