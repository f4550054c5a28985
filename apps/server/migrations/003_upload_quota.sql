-- The upload quotas sum a visitor's and a channel's bytes of the last day; retention deletes by age.
create index if not exists uploads_visitor_created on uploads (visitor_id, created_at);
create index if not exists uploads_created on uploads (created_at);
