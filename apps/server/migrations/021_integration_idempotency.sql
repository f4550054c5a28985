-- An integration write's answer, kept a day under its token and Idempotency-Key: a retry with the
-- same key and body answers it again instead of writing twice. `answer` is null while the first
-- request is still at work (a concurrent retry is told so).
create table integration_idempotency (
  token_id text not null references integration_tokens (id) on delete cascade,
  key text not null,
  request_hash text not null,
  answer jsonb,
  created_at bigint not null,
  primary key (token_id, key)
);
create index integration_idempotency_created on integration_idempotency (created_at);
