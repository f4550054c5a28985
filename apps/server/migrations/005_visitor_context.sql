-- What the visitor's page told at chatStart, for the agent's visitor panel: the page the chat was
-- opened on, the browser's language (BCP 47) and time zone (IANA).
alter table sessions add column page_url text;
alter table sessions add column language text;
alter table sessions add column time_zone text;
