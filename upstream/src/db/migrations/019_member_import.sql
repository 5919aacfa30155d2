-- Member import previews (issue 15 §3; ADR 018): a file read once, kept here under a random token
-- until it is applied or expires (an hour). Nothing in `members` changes before apply. The rows
-- keep what the file said (cells as text, by column) so apply can make the plan again against what
-- is stored then; `plan` is the preview the user saw, `plan_hash` its fingerprint (apply compares).
CREATE TABLE member_imports (
  id text PRIMARY KEY,
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  filename text NOT NULL,
  -- The file's header row, as columns (MEMBER_IO_COLUMNS) in the file's order.
  columns jsonb NOT NULL CHECK (jsonb_typeof(columns) = 'array'),
  plan_hash text NOT NULL,
  counts jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX member_imports_expires_idx ON member_imports (expires_at);

-- One row of the file (line = its line in the file, 1 the header) or one member not in the file
-- (line NULL): the cells as read, and the planned action with its values or reasons.
CREATE TABLE member_import_rows (
  import_id text NOT NULL REFERENCES member_imports(id) ON DELETE CASCADE,
  seq integer NOT NULL,
  line integer,
  cells jsonb,
  action text NOT NULL CHECK (action IN ('create', 'update', 'archive', 'unchanged', 'refused', 'missing')),
  member_id integer,
  name text,
  email text,
  plan jsonb NOT NULL DEFAULT '{}'::jsonb,
  PRIMARY KEY (import_id, seq)
);
CREATE INDEX member_import_rows_action_idx ON member_import_rows (import_id, action, seq);
