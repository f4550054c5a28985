-- Webhook endpoints managed like Stripe's: an endpoint is disabled only after its deliveries have
-- failed without a single success for a long window (days), not after a count of failures across
-- all its deliveries; it can be paused and resumed, edited, and its secret rotated with the old one
-- still valid for a while. While an endpoint is paused or disabled, the events it subscribes to are
-- still recorded as deliveries held for it, which resuming or enabling it sends, in order.

-- When a pause began (null: not paused): an administrator's choice, unlike `disabled_at`.
alter table webhook_endpoints add column paused_at bigint;
-- Since when every attempt failed (null: the last attempt succeeded, or none failed yet).
alter table webhook_endpoints add column failing_since bigint;
-- The secret before the last rotation, and until when deliveries are signed with it as well.
alter table webhook_endpoints add column previous_secret text;
alter table webhook_endpoints add column previous_secret_until bigint;

-- From when a delivery has been tried (null: since it was created): resuming or enabling its
-- endpoint starts its retry window again.
alter table webhook_deliveries add column retry_since bigint;

-- Records one event for every endpoint that subscribes to it, enabled or not: a paused or disabled
-- endpoint's deliveries are held (not attempted) until it is resumed or enabled.
create or replace function parley_webhook_emit(kind text, channel text, conversation text, visitor text, body jsonb, at bigint)
returns void language plpgsql as $$
declare
  new_event bigint;
begin
  if not exists (
    select 1 from webhook_endpoints
    where (channel_id is null or channel_id = channel) and events ? kind
  ) then
    return;
  end if;
  perform pg_advisory_xact_lock(1, hashtext(visitor));
  insert into webhook_events (type, channel_id, conversation, payload, created_at)
    values (kind, channel, conversation, body, at) returning id into new_event;
  insert into webhook_deliveries (endpoint_id, event_id, conversation, created_at)
    select id, new_event, conversation, at from webhook_endpoints
    where (channel_id is null or channel_id = channel) and events ? kind
    order by id;
end $$;
