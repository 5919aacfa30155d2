-- The member editor's tabs (groups spec §2, §3 "Group member"; issue 15, ADR 017): what the
-- notifications, evacuation, companion, spaces, time-and-attendance and central-record tabs store,
-- the documents' files, and the member's QR codes and RFID tags.

-- Notification preferences ({welcome_email: true, …}; absent = on).
ALTER TABLE members ADD COLUMN notifications jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(notifications) = 'object');
-- How the member leaves a building: {assistance, notes, warden, first_aider} (the fire list shows it).
ALTER TABLE members ADD COLUMN evacuation jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(evacuation) = 'object');
-- Spaces: {zones: [names]} the member may book in.
ALTER TABLE members ADD COLUMN spaces jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(spaces) = 'object');
-- Time and attendance: {rota: {mon..sun: hours}, leave_allowance, adjustments: [{days, reason}]}.
ALTER TABLE members ADD COLUMN time_attendance jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(time_attendance) = 'object');
-- The companion app: when a device of the member's was connected, when they were last invited.
ALTER TABLE members ADD COLUMN companion_connected_at timestamptz;
ALTER TABLE members ADD COLUMN companion_invited_at timestamptz;
-- The member's Central Record link (their id there).
ALTER TABLE members ADD COLUMN central_record_id text;

-- A document's file (a PDF or an image, stored as a file of the member's group). NULL = the file
-- is no longer there ("Downloaded file no longer available").
ALTER TABLE member_documents ADD COLUMN file_id integer REFERENCES files(id) ON DELETE SET NULL;
ALTER TABLE member_documents ADD COLUMN filename text;

-- QR codes and RFID tags. Revoked ones keep their row (revoked_at) so a scan of one is known as
-- revoked; deleting the member deletes them. An RFID tag is unique per client among live tags.
CREATE TABLE member_credentials (
  id serial PRIMARY KEY,
  member_id integer NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('qr', 'rfid')),
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX member_credentials_member_idx ON member_credentials (member_id) WHERE revoked_at IS NULL;
CREATE UNIQUE INDEX member_credentials_value_idx ON member_credentials (client_id, kind, upper(value)) WHERE revoked_at IS NULL;
