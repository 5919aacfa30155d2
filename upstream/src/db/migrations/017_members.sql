-- Group members (groups spec §3 "Group member", §4; issue 15): what the members tab lists and
-- filters on, what import and export round-trip, and what the member editor's details and security
-- tabs hold. The editor's other tabs (credentials, documents' files, companion invites, …) add
-- their own tables in later migrations.

-- Archived members (reversible): not offered at sign-in, their credentials revoked. NULL = active.
ALTER TABLE members ADD COLUMN archived_at timestamptz;
-- The member's own PIN (4 digits, like the group's), or NULL.
ALTER TABLE members ADD COLUMN pin text CHECK (pin ~ '^[0-9]{4}$');
-- The days the member belongs to the group (either may be open). Upcoming = starts after today.
ALTER TABLE members ADD COLUMN starts_on date;
ALTER TABLE members ADD COLUMN ends_on date;
ALTER TABLE members ADD CONSTRAINT members_dates_check CHECK (ends_on IS NULL OR starts_on IS NULL OR ends_on >= starts_on);
-- Sites shown: SQL NULL = every site the group is shown at; else a JSON array of site ids (never a
-- JSON null: see migration 016).
ALTER TABLE members ADD COLUMN site_ids jsonb CHECK (site_ids IS NULL OR jsonb_typeof(site_ids) = 'array');
-- The member's manager (a member of a group with Time & Attendance on; the API checks it).
ALTER TABLE members ADD COLUMN manager_id integer REFERENCES members(id) ON DELETE SET NULL;
-- The permission flags of the security tab ({mobile_sign_in: true, …}; absent = off).
ALTER TABLE members ADD COLUMN permissions jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(permissions) = 'object');
-- Answers to the group's personal fields, keyed by the field's id ({"12": "B+"}).
ALTER TABLE members ADD COLUMN personal jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(personal) = 'object');
-- Emergency contacts: [{name, phone (E.164), phone_type, relationship}].
ALTER TABLE members ADD COLUMN emergency_contacts jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(emergency_contacts) = 'array');
ALTER TABLE members ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

CREATE INDEX members_group_name_idx ON members (group_id, lower(name), id);
CREATE INDEX members_group_email_idx ON members (group_id, lower(email)) WHERE email IS NOT NULL;
CREATE INDEX members_manager_idx ON members (manager_id) WHERE manager_id IS NOT NULL;

-- Groups spec §6, group members: view, edit, delete, sensitive data. Administrators get the two
-- new rights.
UPDATE roles SET rights = rights || '["GroupMember.delete"]'::jsonb
  WHERE name = 'Administrator' AND NOT rights ? 'GroupMember.delete';
UPDATE roles SET rights = rights || '["GroupMember.sensitive"]'::jsonb
  WHERE name = 'Administrator' AND NOT rights ? 'GroupMember.sensitive';
