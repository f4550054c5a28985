-- Verified visitor identity: a channel may ask the host site's server to sign the visitor's pid
-- (HMAC-SHA256 with the channel's secret). 'off': pids are taken as claimed; 'optional': a valid
-- signature marks the visitor verified, a wrong one is refused; 'required': only verified visitors.
alter table channels add column identity text not null default 'off'
  check (identity in ('off', 'optional', 'required'));
-- the channel's HMAC key; never part of channelInfo (which answers config.info only)
alter table channels add column identity_secret text;

-- a visitor the host vouched for, and the pid it vouched for: that visitor id is never re-bound
-- to another pid without a valid signature
alter table visitors add column verified boolean not null default false;
alter table visitors add column verified_pid text;
