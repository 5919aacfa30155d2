-- Spaces' calendar feeds (issue 26 item 5; ADR 036): a secret iCalendar URL per person or per space
-- that calendar apps subscribe to. Only the SHA-256 of the URL's 32-byte random token is kept (the
-- token is shown once, on creation); a feed is revoked, never deleted, so a reset or a revoke is
-- final. A creator holds at most one live feed of a kind (and space) at a site.
CREATE TABLE space_calendar_feeds (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('person', 'space')),
  -- A person feed: the portal user's membership whose bookings it lists (person kind 'user').
  person_id integer REFERENCES client_users(id) ON DELETE CASCADE,
  -- A space feed: the space whose bookings it lists.
  space_id integer REFERENCES space_nodes(id) ON DELETE CASCADE,
  created_by integer NOT NULL REFERENCES client_users(id) ON DELETE CASCADE,
  token_sha256 text NOT NULL UNIQUE CHECK (token_sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  CHECK ((kind = 'person' AND person_id IS NOT NULL AND space_id IS NULL) OR (kind = 'space' AND space_id IS NOT NULL AND person_id IS NULL))
);
CREATE UNIQUE INDEX space_calendar_feeds_live ON space_calendar_feeds (created_by, site_id, kind, coalesce(space_id, 0)) WHERE revoked_at IS NULL;
