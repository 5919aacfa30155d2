-- Visits: the Today view (groups, members, their documents and absences, visits, kiosk devices).

-- Visitor groups of a client. site_ids NULL = shown at every site of the client; else a JSON
-- array of site ids.
CREATE TABLE groups (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('standard', 'returning', 'delivery')),
  approval_required boolean NOT NULL DEFAULT false,
  position integer NOT NULL DEFAULT 0,
  site_ids jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX groups_client_idx ON groups (client_id, position);

-- Members of returning groups.
CREATE TABLE members (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  name text NOT NULL,
  email text,
  mobile text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX members_group_idx ON members (group_id);

CREATE TABLE member_documents (
  id serial PRIMARY KEY,
  member_id integer NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  title text NOT NULL,
  expires_on date,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_documents_member_idx ON member_documents (member_id);

CREATE TABLE absences (
  id serial PRIMARY KEY,
  member_id integer NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  type text NOT NULL,
  starts_on date NOT NULL,
  ends_on date NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined', 'cancelled')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_on >= starts_on)
);
CREATE INDEX absences_member_idx ON absences (member_id, starts_on);

-- Badge numbers: V-000001, V-000002, … (one sequence for the whole upstream).
CREATE SEQUENCE visit_badge_seq;

CREATE TABLE visits (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  -- The group member (returning groups); NULL for visitors and deliveries.
  member_id integer REFERENCES members(id) ON DELETE SET NULL,
  name text NOT NULL,
  company text,
  host text,
  status text NOT NULL CHECK (status IN ('pending', 'signed_in', 'signed_out', 'rejected')),
  source text NOT NULL DEFAULT 'portal' CHECK (source IN ('portal', 'kiosk', 'companion')),
  created_at timestamptz NOT NULL DEFAULT now(),
  signed_in_at timestamptz,
  signed_out_at timestamptz,
  -- {lat, lng, accuracy} where the sign-in was made (companion app), or NULL.
  location jsonb,
  badge_number text NOT NULL DEFAULT ('V-' || lpad(nextval('visit_badge_seq')::text, 6, '0')),
  -- Answers to the site's custom fields: [{label, value}].
  fields jsonb NOT NULL DEFAULT '[]'::jsonb,
  notes text,
  protected boolean NOT NULL DEFAULT false
);
CREATE INDEX visits_site_status_idx ON visits (site_id, status);
CREATE INDEX visits_member_idx ON visits (member_id, created_at) WHERE member_id IS NOT NULL;
CREATE INDEX visits_group_name_idx ON visits (group_id, lower(name), created_at);

-- Kiosks (front-desk iPads): `Authorization: Device <token>`; only the token's sha256 is stored.
CREATE TABLE devices (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  name text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX devices_site_idx ON devices (site_id);

-- The on-site count is computed from visits from now on (see SITE_COLS in src/clients/model.ts).
ALTER TABLE sites DROP COLUMN visitors_signed_in_count;
