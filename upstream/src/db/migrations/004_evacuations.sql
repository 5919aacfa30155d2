-- Evacuations (platform spec §3 evacuation report, §4 states and the event counter, §7 calls).

-- Assembly points of a site, in display order.
CREATE TABLE evacuation_points (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  title text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX evacuation_points_site_idx ON evacuation_points (site_id, position);

-- created -> in_progress (the first change) -> completed (locked for good). event_counter goes up
-- by exactly one with every event on private-Evacuation.{id} (changed under a row lock).
CREATE TABLE evacuations (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'in_progress', 'completed')),
  event_counter integer NOT NULL DEFAULT 0 CHECK (event_counter >= 0),
  started_at timestamptz NOT NULL DEFAULT now(),
  started_by text NOT NULL,
  started_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  completed_at timestamptz,
  completion_comment text
);
CREATE INDEX evacuations_site_idx ON evacuations (site_id, started_at DESC);
-- At most one evacuation not completed per site.
CREATE UNIQUE INDEX evacuations_active_idx ON evacuations (site_id) WHERE status <> 'completed';

-- Everyone signed in when the evacuation started (a snapshot; group_id is kept without a foreign
-- key so a report outlives its group).
CREATE TABLE evacuees (
  id serial PRIMARY KEY,
  evacuation_id integer NOT NULL REFERENCES evacuations(id) ON DELETE CASCADE,
  visit_id integer REFERENCES visits(id) ON DELETE SET NULL,
  name text NOT NULL,
  group_id integer NOT NULL,
  company text,
  status text NOT NULL DEFAULT 'unaccounted' CHECK (status IN ('unaccounted', 'accounted_for', 'missing', 'left_site')),
  evacuation_point_id integer REFERENCES evacuation_points(id) ON DELETE SET NULL,
  updated_at timestamptz,
  updated_by text
);
CREATE INDEX evacuees_evacuation_idx ON evacuees (evacuation_id, id);

CREATE TABLE evacuation_comments (
  id serial PRIMARY KEY,
  evacuation_id integer NOT NULL REFERENCES evacuations(id) ON DELETE CASCADE,
  evacuee_id integer REFERENCES evacuees(id) ON DELETE CASCADE,
  content text NOT NULL,
  author text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX evacuation_comments_evacuation_idx ON evacuation_comments (evacuation_id, id);

-- Who has opened the report, and how.
CREATE TABLE evacuation_participants (
  id serial PRIMARY KEY,
  evacuation_id integer NOT NULL REFERENCES evacuations(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  via text NOT NULL DEFAULT 'portal' CHECK (via IN ('portal', 'companion', 'kiosk')),
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (evacuation_id, user_id)
);

-- Kiosks: when the device last called in (NULL = never; offline in evacuation reports).
ALTER TABLE devices ADD COLUMN last_seen_at timestamptz;

-- evacuation_in_progress is computed from evacuations from now on (see SITE_COLS in src/clients/model.ts).
ALTER TABLE sites DROP COLUMN evacuation_in_progress;
