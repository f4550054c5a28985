-- Integration API tokens an administrator creates: stored only as the SHA-256 of the token (a
-- random 32 bytes, shown once), with what the token may do. A token that posts messages does it
-- as a named bot (`bot_name`) or as an agent (`agent_id`). Revoked tokens stay for the record.
create table integration_tokens (
  id text primary key,
  name text not null,
  token_hash text not null unique,
  scopes jsonb not null,
  -- null: every channel
  channels jsonb,
  agent_id text references agents (id) on delete cascade,
  bot_name text,
  created_at bigint not null,
  last_used_at bigint,
  revoked_at bigint
);
