-- Closure days and periods (issue 27 item 2): a reason and a range of local dates (both ends
-- included) for the whole client (site_ids NULL, sites added later too) or for chosen sites. An
-- imported public holiday keeps its key ("GB-ENG:2026-12-25"): one holiday is imported once for the
-- same sites (scope_key: '*' for the whole client, else the sorted site ids), however many imports
-- run at once.
CREATE TABLE closure_periods (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 100),
  starts_on date NOT NULL,
  ends_on date NOT NULL,
  site_ids integer[] CHECK (site_ids IS NULL OR cardinality(site_ids) > 0),
  scope_key text NOT NULL,
  holiday text,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_on >= starts_on AND ends_on - starts_on < 366)
);
CREATE INDEX closure_periods_client_dates ON closure_periods (client_id, starts_on, ends_on);
CREATE UNIQUE INDEX closure_periods_holiday_once ON closure_periods (client_id, holiday, scope_key) WHERE holiday IS NOT NULL;
