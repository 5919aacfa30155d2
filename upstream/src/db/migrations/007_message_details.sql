-- A message's action, recipients and attachment (groups spec §3 message; §5 and §9: message files
-- up to 50 MB). The action is what people do before going on: tick the checkbox (its label
-- required), sign (the label is the prompt above the signature) or only read it (no label).
-- Recipients: NULL = every group, else a JSON list of group ids. The attachment is a PDF or an
-- image in `files`, which therefore takes the kind 'pdf' too.
ALTER TABLE files DROP CONSTRAINT files_kind_check;
ALTER TABLE files ADD CONSTRAINT files_kind_check CHECK (kind IN ('png', 'jpeg', 'gif', 'webp', 'mp4', 'mov', 'pdf'));

ALTER TABLE site_messages
  ADD COLUMN action text NOT NULL DEFAULT 'acknowledge' CHECK (action IN ('acknowledge', 'sign', 'read')),
  ADD COLUMN recipient_group_ids jsonb,
  ADD COLUMN attachment_file_id integer REFERENCES files(id) ON DELETE SET NULL;
ALTER TABLE site_messages ALTER COLUMN checkbox_label DROP NOT NULL;
ALTER TABLE site_messages ADD CONSTRAINT site_messages_label_check CHECK (action = 'read' OR checkbox_label IS NOT NULL);
