-- Budgets of what a visitor can make the server spend (robot tokens, mails): one row per key (who,
-- e.g. `robot-tokens:address:203.0.113.9`) and window, reserved with one upsert before the work
-- starts, so concurrent requests on any instance cannot each see the same budget left.
create table budgets (
  key text not null,
  window_start bigint not null,
  used bigint not null,
  primary key (key, window_start)
);
create index budgets_window on budgets (window_start);

-- A left message mails the channel's agents at most 20 notices an hour: beyond them a flood of
-- left messages waits in the inbox without a mail each.
create or replace function parley_mail_left_notice() returns trigger language plpgsql as $$
declare
  hour bigint := new.created_at - new.created_at % 3600000;
begin
  if not exists (
    select 1 from agents where online and disabled_at is null and channels ? new.channel_id
  ) and exists (
    select 1 from agents where email is not null and disabled_at is null and channels ? new.channel_id
  ) then
    insert into budgets (key, window_start, used) values ('left-notices:channel:' || new.channel_id, hour, 1)
      on conflict (key, window_start) do update set used = budgets.used + 1 where budgets.used < 20;
    if found then
      insert into mail_outbox (kind, ref, channel_id, created_at)
        values ('left_notice', new.id::text, new.channel_id, new.created_at);
    end if;
  end if;
  return null;
end $$;
