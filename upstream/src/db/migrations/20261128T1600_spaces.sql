-- Spaces (issue 26; ADR 036): a site's zones and spaces as a tree, its booking rules, and bookings
-- that can never overlap: an exclusion constraint on the half-open range a booking holds its space
-- for ([start, end + the site's buffer)), and one on a person's bookings of one category.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE space_nodes (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  parent_id integer REFERENCES space_nodes(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('zone', 'space')),
  name text NOT NULL,
  category text CHECK (category IN ('desk', 'meeting-room', 'conference-room', 'office', 'breakout-area', 'parking-space', 'other')),
  tags text[] NOT NULL DEFAULT '{}',
  position integer NOT NULL DEFAULT 0,
  -- A space's place on its zone's floor plan (fractions of the plan).
  x real CHECK (x BETWEEN 0 AND 1),
  y real CHECK (y BETWEEN 0 AND 1),
  -- A zone's floor plan, a space's photo: a file of the site (files.name).
  floor_plan text,
  photo text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((type = 'space') = (category IS NOT NULL))
);
CREATE INDEX space_nodes_site ON space_nodes (site_id, parent_id, position);

CREATE TABLE space_settings (
  site_id integer PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
  advance_unit text NOT NULL DEFAULT 'none' CHECK (advance_unit IN ('none', 'weeks', 'months', 'years')),
  advance_value integer CHECK (advance_value BETWEEN 1 AND 99),
  buffer_minutes integer NOT NULL DEFAULT 0 CHECK (buffer_minutes BETWEEN 0 AND 1440),
  release_after_minutes integer CHECK (release_after_minutes BETWEEN 1 AND 1440),
  CHECK ((advance_unit = 'none') = (advance_value IS NULL))
);

CREATE TABLE space_booking_series (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  every text NOT NULL CHECK (every IN ('weekday', 'week')),
  until date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE space_bookings (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  space_id integer NOT NULL REFERENCES space_nodes(id) ON DELETE CASCADE,
  -- The space's category when booked: a person holds one booking of a category at a time.
  category text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  -- What the booking holds the space for: [start, end + buffer).
  held tstzrange NOT NULL,
  -- Who it is for: a portal user (their membership of the client) or a member; and who made it.
  person_kind text NOT NULL CHECK (person_kind IN ('user', 'member')),
  person_id integer NOT NULL,
  person_name text NOT NULL,
  booked_by_kind text NOT NULL CHECK (booked_by_kind IN ('user', 'member')),
  booked_by_id integer NOT NULL,
  booked_by_name text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'cancelled', 'released')),
  used_at timestamptz,
  ended_at timestamptz,
  series_id integer REFERENCES space_booking_series(id) ON DELETE SET NULL,
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  CHECK (lower(held) = starts_at AND upper(held) >= ends_at),
  CONSTRAINT space_bookings_no_overlap EXCLUDE USING gist (space_id WITH =, held WITH &&) WHERE (status = 'active'),
  CONSTRAINT space_bookings_person_free EXCLUDE USING gist (person_kind WITH =, person_id WITH =, category WITH =, tstzrange(starts_at, ends_at, '[)') WITH &&) WHERE (status = 'active')
);
CREATE INDEX space_bookings_site_time ON space_bookings (site_id, starts_at);
CREATE INDEX space_bookings_person ON space_bookings (person_kind, person_id, starts_at);
