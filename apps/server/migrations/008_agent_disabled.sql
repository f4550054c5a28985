-- An agent an administrator disabled (`npm run admin -- agent disable <username>`): signed out, never
-- online, refused at login and by any token they held. Their record and chats stay.
alter table agents add column disabled_at bigint;
