-- Presence from live console sessions (docs/routing.md). `agents.online` stays the agent's own
-- choice (Go offline / Go online); `present` says whether a console session of theirs is alive:
-- it polled within the presence timeout. Routing gives chats only to agents who are both.
alter table agent_sessions add column last_seen_at bigint not null default 0;
alter table agents add column present boolean not null default false;
-- When the agent last became offline (any cause): the clock of the offline-agent policy.
alter table agents add column offline_since bigint;

-- Every change of an agent's presence: who, when, what it became and why.
create table presence_changes (
  id bigserial primary key,
  agent_id text not null references agents (id) on delete cascade,
  status text not null,
  reason text not null,
  at bigint not null
);
create index presence_changes_agent on presence_changes (agent_id, at);
