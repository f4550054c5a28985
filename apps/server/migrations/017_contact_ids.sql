-- The id integrations and webhook receivers know a visitor by (src/contacts.ts): 128 bits of
-- SHA-256 over the visitor id, which it does not reveal, so it opens nothing in the visitor API.
-- Set on every new visitor by a trigger, so the integration API finds a contact by it.
alter table visitors add column contact_id text;

update visitors
  set contact_id = 'ct_' || left(encode(sha256(convert_to('parley-contact:' || id, 'UTF8')), 'hex'), 32);

create unique index visitors_contact_id on visitors (contact_id);

create function parley_visitor_contact_id() returns trigger language plpgsql as $$
begin
  new.contact_id := 'ct_' || left(encode(sha256(convert_to('parley-contact:' || new.id, 'UTF8')), 'hex'), 32);
  return new;
end;
$$;

create trigger visitors_contact_id before insert or update of id on visitors
  for each row execute function parley_visitor_contact_id();
