-- Time and attendance (issue 27 items 1 and 3): working hours templates, rotas, a member's and a
-- group's rota, and activity statuses. Shifts are jsonb {mon: [{start: "HH:mm", end: "HH:mm"}], …}
-- (an end at or before the start crosses midnight); a break is {type, minutes, start, end}.

CREATE TABLE ta_working_hours (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  name text NOT NULL,
  shifts jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(shifts) = 'object'),
  break jsonb NOT NULL DEFAULT '{"type": "none"}'::jsonb CHECK (jsonb_typeof(break) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Unique per organisation, whatever the case.
CREATE UNIQUE INDEX ta_working_hours_name_idx ON ta_working_hours (client_id, lower(name));

CREATE TABLE ta_rotas (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('flexible', 'scheduled')),
  -- NULL: a rota for every site.
  site_id integer REFERENCES sites(id) ON DELETE SET NULL,
  hours_per_week numeric(5, 2),
  -- Working hours a rota uses cannot be deleted (the API says so first; RESTRICT holds it).
  working_hours_id integer REFERENCES ta_working_hours(id) ON DELETE RESTRICT,
  shifts jsonb CHECK (shifts IS NULL OR jsonb_typeof(shifts) = 'object'),
  break jsonb NOT NULL DEFAULT '{"type": "none"}'::jsonb CHECK (jsonb_typeof(break) = 'object'),
  cover_24_7 boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (type = 'scheduled' OR (hours_per_week IS NOT NULL AND working_hours_id IS NULL AND shifts IS NULL)),
  CHECK (type = 'flexible' OR ((working_hours_id IS NULL) <> (shifts IS NULL)))
);
CREATE UNIQUE INDEX ta_rotas_name_idx ON ta_rotas (client_id, lower(name));
CREATE INDEX ta_rotas_working_hours_idx ON ta_rotas (working_hours_id) WHERE working_hours_id IS NOT NULL;

-- A member's own rota, and a group's default (a member without one of their own follows it).
ALTER TABLE members ADD COLUMN rota_id integer REFERENCES ta_rotas(id) ON DELETE SET NULL;
ALTER TABLE groups ADD COLUMN default_rota_id integer REFERENCES ta_rotas(id) ON DELETE SET NULL;
CREATE INDEX members_rota_idx ON members (rota_id) WHERE rota_id IS NOT NULL;

CREATE TABLE ta_activity_statuses (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  name text NOT NULL,
  colour text NOT NULL,
  include_in_hours boolean NOT NULL DEFAULT true,
  is_default boolean NOT NULL DEFAULT false,
  archived_at timestamptz,
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The default is never archived.
  CHECK (NOT (is_default AND archived_at IS NOT NULL))
);
CREATE UNIQUE INDEX ta_activity_statuses_name_idx ON ta_activity_statuses (client_id, lower(name));
-- At most one default per organisation.
CREATE UNIQUE INDEX ta_activity_statuses_default_idx ON ta_activity_statuses (client_id) WHERE is_default;
