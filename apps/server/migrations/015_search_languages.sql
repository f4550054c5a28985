-- Search by language: a message is indexed both as written (the `simple` configuration, every
-- script, prefixes) and, where PostgreSQL has a stemmer for its conversation's language, stemmed,
-- so "refunds" finds "refunded" in an English conversation and "Rückerstattungen" finds
-- "Rückerstattung" in a German one (docs/architecture.md, "Search").

-- The product languages with a stemmer, by the language's primary subtag; only the configurations
-- this server has (a configuration such as `hindi` is newer than some servers). The robot's
-- knowledge reads the same table.
create table search_configs (
  language text primary key,
  config regconfig not null
);
insert into search_configs (language, config)
select wanted.language, wanted.config::regconfig
from (values
  ('en', 'english'), ('de', 'german'), ('es', 'spanish'), ('pt', 'portuguese'), ('it', 'italian'),
  ('nl', 'dutch'), ('ru', 'russian'), ('tr', 'turkish'), ('id', 'indonesian'),
  ('ms', 'indonesian'), ('ar', 'arabic'), ('hi', 'hindi')
) as wanted(language, config)
where exists (select 1 from pg_ts_config c where c.cfgname = wanted.config);

-- A message's configuration: its conversation's language (the visitor's browser language, at the
-- start of the chat), for every writer (visitor, agent, robot, the integration API).
create function parley_search_config(tag text) returns regconfig language sql stable as $$
  select coalesce(
    (select config from search_configs where language = lower(split_part(tag, '-', 1))),
    'simple'::regconfig)
$$;

alter table messages drop column search;
alter table messages add column search_config regconfig not null default 'simple';
update messages m set search_config = parley_search_config(s.language)
from sessions s where s.id = m.session_id and s.language is not null;

create function parley_message_search_config() returns trigger language plpgsql as $$
begin
  new.search_config := parley_search_config((select language from sessions where id = new.session_id));
  return new;
end $$;
create trigger messages_search_config before insert on messages
  for each row execute function parley_message_search_config();

-- Generated after the BEFORE trigger has set the configuration.
alter table messages add column search tsvector generated always as (
  to_tsvector('simple', regexp_replace(msg_content,
    '([\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff])',
    ' \1 ', 'g'))
  || case when search_config = 'simple'::regconfig then ''::tsvector
          else to_tsvector(search_config, msg_content) end
) stored;
create index messages_search on messages using gin (search);
