-- A group's attachments (groups spec §3 "attachments"; §5, §9 "Files: 30MB in general"): the files
-- its emails carry. A stored file now belongs to a site (branding, videos, photos, message
-- attachments) or to a group (these), and goes with its owner.
ALTER TABLE files ALTER COLUMN site_id DROP NOT NULL;
ALTER TABLE files ADD COLUMN group_id integer REFERENCES groups(id) ON DELETE CASCADE;
ALTER TABLE files ADD CONSTRAINT files_owner_check CHECK ((site_id IS NULL) <> (group_id IS NULL));
CREATE INDEX files_group_idx ON files (group_id) WHERE group_id IS NOT NULL;

CREATE TABLE group_attachments (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  file_id integer NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  filename text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX group_attachments_group_idx ON group_attachments (group_id, id);
