-- What the visitor completes on the pre-registration form beyond company, mobile and message
-- (issue 15 §5; groups spec §9; ADR 019 "Fields and documents"): the answers to the site's custom
-- fields, and up to 3 documents (a PDF or an image, at most 30 MB each).

-- Answers to the site's custom fields, as a visit stores them ([{label, value}]); they become the
-- visit's `fields` when the pre-registration is signed in.
ALTER TABLE pre_registrations ADD COLUMN fields jsonb NOT NULL DEFAULT '[]'::jsonb;

-- A stored file now belongs to a site, a group, or a pre-registration (its visitor's documents),
-- and goes with its owner (cancelling or declining also deletes them, see prereg/documents.ts).
ALTER TABLE files ADD COLUMN pre_registration_id integer REFERENCES pre_registrations(id) ON DELETE CASCADE;
ALTER TABLE files DROP CONSTRAINT files_owner_check;
ALTER TABLE files ADD CONSTRAINT files_owner_check CHECK (num_nonnulls(site_id, group_id, pre_registration_id) = 1);
CREATE INDEX files_pre_registration_idx ON files (pre_registration_id) WHERE pre_registration_id IS NOT NULL;

CREATE TABLE pre_registration_documents (
  id serial PRIMARY KEY,
  pre_registration_id integer NOT NULL REFERENCES pre_registrations(id) ON DELETE CASCADE,
  file_id integer NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  filename text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pre_registration_documents_idx ON pre_registration_documents (pre_registration_id, id);
