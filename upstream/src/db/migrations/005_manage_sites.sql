-- Manage sites and events (platform spec §3 site entity, §5 validation; groups spec §3 custom
-- fields, evacuation points, messages, badges): the rest of the site entity, uploads, evacuation
-- point details, device connection codes, messages, sign-in points, attendees and badge templates.

-- Uploaded files (branding images, welcome videos, evacuation point photos), kept in the database
-- so PGlite and PostgreSQL behave the same. Served at /files/{token}.{ext}; the token is random.
CREATE TABLE files (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  token text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('png', 'jpeg', 'gif', 'webp', 'mp4', 'mov')),
  content_type text NOT NULL,
  size integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX files_site_idx ON files (site_id);

-- Badge templates of a client (the badge builder's output); a site prints one of them.
CREATE TABLE badges (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  name text NOT NULL,
  -- Element types in print order, e.g. ["logo", "photo", "name", "group", "date"].
  elements jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, name)
);

-- The rest of the site entity. `privacy` and `settings` hold only the flags set so far; the
-- defaults live in the code (src/sites/sites.ts), so adding a flag needs no migration.
ALTER TABLE sites ADD COLUMN emails text;
ALTER TABLE sites ADD COLUMN on_site_report_schedules jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE sites ADD COLUMN send_empty boolean NOT NULL DEFAULT false;
ALTER TABLE sites ADD COLUMN contactless boolean NOT NULL DEFAULT false;
ALTER TABLE sites ADD COLUMN visitor_photos boolean NOT NULL DEFAULT true;
ALTER TABLE sites ADD COLUMN qr_scanning boolean NOT NULL DEFAULT false;
ALTER TABLE sites ADD COLUMN privacy jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE sites ADD COLUMN geofence_sign_in boolean NOT NULL DEFAULT false;
ALTER TABLE sites ADD COLUMN geofence_sign_out boolean NOT NULL DEFAULT false;
ALTER TABLE sites ADD COLUMN settings jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE sites ADD COLUMN branding_image_file_id integer REFERENCES files(id) ON DELETE SET NULL;
ALTER TABLE sites ADD COLUMN welcome_video_file_id integer REFERENCES files(id) ON DELETE SET NULL;
ALTER TABLE sites ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE sites ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- No stored site holds a badge yet (badge_id was always NULL before this migration).
UPDATE sites SET badge_id = NULL WHERE badge_id IS NOT NULL AND badge_id NOT IN (SELECT id FROM badges);
ALTER TABLE sites ADD CONSTRAINT sites_badge_fk FOREIGN KEY (badge_id) REFERENCES badges(id) ON DELETE SET NULL;

-- Evacuation points: icon, photo and map location (groups spec §3).
ALTER TABLE evacuation_points ADD COLUMN icon text;
ALTER TABLE evacuation_points ADD COLUMN photo_file_id integer REFERENCES files(id) ON DELETE SET NULL;
ALTER TABLE evacuation_points ADD COLUMN photo text;
ALTER TABLE evacuation_points ADD COLUMN lat double precision;
ALTER TABLE evacuation_points ADD COLUMN lng double precision;

-- Custom fields: the groups they are shown for (NULL = every group).
ALTER TABLE custom_fields ADD COLUMN group_ids jsonb;

-- Devices: the kiosk app's version (reported on every kiosk call) for "up to date or outdated".
ALTER TABLE devices ADD COLUMN app_version text;

-- Connecting a kiosk: the app asks for a 7-digit code (and gets a secret that becomes its device
-- token); an administrator enters the code on a site; the claim creates the device.
CREATE TABLE device_codes (
  id serial PRIMARY KEY,
  region text NOT NULL,
  code text NOT NULL CHECK (code ~ '^[0-9]{7}$'),
  token_hash text NOT NULL UNIQUE,
  app_version text,
  expires_at timestamptz NOT NULL,
  device_id integer REFERENCES devices(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A code shown on a kiosk is unambiguous in its region until it is claimed (or removed after expiry).
CREATE UNIQUE INDEX device_codes_pending_idx ON device_codes (region, code) WHERE device_id IS NULL;

-- Messages shown on the kiosk before sign-in; `content` is sanitised HTML.
CREATE TABLE site_messages (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  icon text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  checkbox_label text NOT NULL,
  redisplay text NOT NULL DEFAULT 'when_updated',
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX site_messages_site_idx ON site_messages (site_id, position);

-- Named QR codes around a site that the companion app scans to sign in.
CREATE TABLE sign_in_points (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  name text NOT NULL,
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_points_site_idx ON sign_in_points (site_id);

-- People registered for an event (event sites).
CREATE TABLE attendees (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  name text NOT NULL,
  email text,
  -- E.164, or NULL.
  phone text,
  company text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX attendees_site_idx ON attendees (site_id, lower(name));
