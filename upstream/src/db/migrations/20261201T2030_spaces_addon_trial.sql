-- The Spaces add-on's trial (issue 26 item 8; ADR 036 "The Spaces add-on"): one row per client and
-- add-on, so a second start is refused by the primary key even when two arrive at once. The end is
-- the end of the trial's 15th day in the client's zone, fixed when it starts; whether it is over is
-- decided on every read (no job). `purchased_at` is issue 29's (the purchase); until then a
-- client's Spaces is purchased when it has it in a subscription (the demo's Acme).
CREATE TABLE addon_trials (
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  addon text NOT NULL CHECK (addon IN ('spaces')),
  started_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz NOT NULL,
  last_day date NOT NULL,
  time_zone text NOT NULL,
  started_by integer REFERENCES users(id) ON DELETE SET NULL,
  purchased_at timestamptz,
  PRIMARY KEY (client_id, addon)
);
