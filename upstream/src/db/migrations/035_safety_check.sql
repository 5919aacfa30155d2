-- The safety check (issue 18; groups spec §3 "Block list entry", §8 "Safety check failure reasons";
-- ADR 029): the client's block list, its import previews, the client's Central Record requirement at
-- sign-in, and the flag a soft safety check leaves on a visit it let through.
CREATE TABLE block_list_entries (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  name text NOT NULL,
  -- The name as matched (safety/match.ts normalise: lower case, accents off, spaces squashed).
  name_key text NOT NULL,
  -- [{label, value}]: custom field values the entry also matches on.
  fields jsonb NOT NULL DEFAULT '[]',
  -- all: the name and every given field match; count: the name and at least match_count fields.
  match_rule text NOT NULL DEFAULT 'all' CHECK (match_rule IN ('all', 'count')),
  match_count integer CHECK (match_count IS NULL OR match_count >= 1),
  reason text,
  -- NULL: every site of the client.
  site_id integer REFERENCES sites(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX block_list_entries_match_idx ON block_list_entries (client_id, name_key);

-- A CSV import's preview, kept an hour for the user who uploaded it (as member_imports, ADR 018).
CREATE TABLE block_list_imports (
  id text PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  filename text NOT NULL,
  -- The rows to add: [{line, name, fields, match_rule, match_count, reason, site_id}].
  rows jsonb NOT NULL,
  -- Refused rows: [{line, name, reasons: [text]}].
  refused jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);

-- The client's Central Record requirement at sign-in (/manage/safety-check/sign-in-central-record).
CREATE TABLE safety_check_settings (
  client_id integer PRIMARY KEY REFERENCES clients(id) ON DELETE CASCADE,
  central_record_enabled boolean NOT NULL DEFAULT false,
  -- linked: the groups whose integrations tab links Central Record; chosen: group_ids.
  central_record_groups text NOT NULL DEFAULT 'linked' CHECK (central_record_groups IN ('linked', 'chosen')),
  group_ids integer[] NOT NULL DEFAULT '{}',
  -- Rating systems (the record's ids) that must pass; empty: every system the record rates.
  rating_systems text[] NOT NULL DEFAULT '{}',
  -- pass: only a pass passes; warning: a warning passes too.
  minimum_rating text NOT NULL DEFAULT 'pass' CHECK (minimum_rating IN ('pass', 'warning')),
  -- When the record cannot be reached: reject (hard mode) / flag, or allow flagged.
  when_unreachable text NOT NULL DEFAULT 'reject' CHECK (when_unreachable IN ('reject', 'allow_flagged')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A soft safety check lets the person in but flags the visit with the reason (same values as
-- rejection_reason, migration 029).
ALTER TABLE visits ADD COLUMN safety_flag text
  CHECK (safety_flag IS NULL OR safety_flag IN ('block_list_match', 'missing_health_certificates', 'failed_central_record'));

SELECT audit_track('block_list_entries', 'safety_check', 'SELECT $1->>''name''');
SELECT audit_track('safety_check_settings', 'safety_check', 'SELECT ''Central Record at sign-in''');
