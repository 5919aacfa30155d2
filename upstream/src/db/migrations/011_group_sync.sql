-- Directory integrations of a returning group (groups spec §1 "integrated group", §8 sync errors):
-- the connection of a group to a directory (Azure AD, Google Apps, Brivo) with its tokens and the
-- directory group its members come from; the state of a consent round trip in progress; and which
-- members the directory owns (`synced`, with their id in the directory). No row in group_syncs =
-- status "none". The tokens are those of the demo directory the upstream runs (stored as they are).
CREATE TABLE group_syncs (
  group_id integer PRIMARY KEY REFERENCES groups(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('azure-ad', 'google-apps', 'brivo')),
  status text NOT NULL DEFAULT 'connected' CHECK (status IN ('connected', 'disabled', 'error')),
  -- The last failure's code (contract SYNC_ERRORS), or NULL.
  error text,
  directory_group_id text,
  directory_group_name text,
  -- Brivo only: the facility code its cards carry.
  facility_code integer CHECK (facility_code BETWEEN 0 AND 255),
  access_token text NOT NULL,
  refresh_token text,
  last_sync_at timestamptz,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One consent round trip: the random `state` sent to the directory (stored hashed), bound to the
-- user, group, provider and redirect_uri that started it; used once, within 10 minutes.
CREATE TABLE sync_states (
  id serial PRIMARY KEY,
  state_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  provider text NOT NULL,
  redirect_uri text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);

-- Members the directory owns: their name, email and mobile are the directory's (members added by
-- hand have synced = false and are never touched by a sync).
ALTER TABLE members ADD COLUMN synced boolean NOT NULL DEFAULT false;
ALTER TABLE members ADD COLUMN directory_id text;
CREATE UNIQUE INDEX members_directory_idx ON members (group_id, directory_id) WHERE directory_id IS NOT NULL;
