-- The audit log (issue 16 §3; ADR 022): every change made through the portal and the API — who,
-- when, from which address, what, before → after — kept readable after the thing is deleted.
--
-- Captured by triggers, in the same transaction as the change: a row trigger on every audited
-- table writes the row before and after (secrets redacted) with the actor the upstream's db layer
-- put in the transaction-local setting `gatehouse.audit` (src/db/index.ts, from the request's
-- context). A write with no actor (the seed, kiosks, background work, migrations) is not recorded.
-- Which tables are audited is `audit_track(table, area, ...)`: a later migration adds its table
-- with one line.

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  -- The actor, copied (never a foreign key: the entry outlives the user).
  user_id integer,
  user_name text NOT NULL,
  -- The browser's address as the portal saw it, or the API caller's.
  address text,
  -- The API call that made the change (the contract's route name), e.g. updateSite.
  operation text,
  area text NOT NULL,
  entity text NOT NULL,
  entity_id text,
  label text,
  action text NOT NULL CHECK (action IN ('create', 'update', 'delete')),
  -- The changed columns of an update (every column of a create or delete), secrets included by name only.
  changed text[] NOT NULL DEFAULT '{}',
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_client_idx ON audit_log (client_id, occurred_at DESC, id DESC);
CREATE INDEX audit_log_client_user_idx ON audit_log (client_id, user_id, occurred_at DESC);
CREATE INDEX audit_log_occurred_idx ON audit_log (occurred_at);

-- Columns never stored: their value is replaced by "[redacted]" (a change still shows by name).
-- By name, so a later table's secrets are redacted without a word: anything called *_hash,
-- *_secret, *_token, *password*, a PIN, a file's data; a table's TG_ARGV may add its own.
CREATE FUNCTION audit_is_secret(k text, extra text[]) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT k ~ '(^|_)(hash|secret|token|pin)$' OR k ~ 'password' OR k = 'data' OR k = ANY (extra)
$$;
CREATE FUNCTION audit_redact(r jsonb, extra text[]) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN r IS NULL THEN NULL ELSE r || coalesce((
    SELECT jsonb_object_agg(k, CASE WHEN r->k = 'null'::jsonb THEN 'null'::jsonb ELSE '"[redacted]"'::jsonb END)
      FROM jsonb_object_keys(r) k WHERE audit_is_secret(k, extra)
  ), '{}'::jsonb) END
$$;

-- Columns whose change alone is not a change worth recording (bookkeeping).
CREATE FUNCTION audit_ignored() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['updated_at', 'last_seen_at', 'last_client_id', 'app_version', 'last_message_at', 'last_error_at', 'last_sync_at']
$$;

-- TG_ARGV: [0] area, [1] a query giving the label from the row ($1, jsonb) or '' for the first of
-- name/title/label/filename/team_name/domain/email, [2] extra redacted columns (comma-separated).
CREATE FUNCTION audit_capture() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  raw text := current_setting('gatehouse.audit', true);
  actor jsonb;
  o jsonb;
  n jsonb;
  r jsonb;
  keys text[];
  lbl text;
  extra text[] := CASE WHEN coalesce(TG_ARGV[2], '') = '' THEN '{}'::text[] ELSE string_to_array(TG_ARGV[2], ',') END;
BEGIN
  IF raw IS NULL OR raw = '' THEN
    RETURN NULL;
  END IF;
  actor := raw::jsonb;
  IF TG_OP <> 'INSERT' THEN o := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN n := to_jsonb(NEW); END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(k ORDER BY k) INTO keys FROM jsonb_object_keys(n) k
     WHERE (o->k) IS DISTINCT FROM (n->k) AND NOT (k = ANY (audit_ignored()));
    IF keys IS NULL THEN
      RETURN NULL;
    END IF;
  ELSE
    SELECT array_agg(k ORDER BY k) INTO keys FROM jsonb_object_keys(coalesce(n, o)) k;
  END IF;
  r := coalesce(n, o);
  IF coalesce(TG_ARGV[1], '') <> '' THEN
    EXECUTE TG_ARGV[1] INTO lbl USING r;
  END IF;
  lbl := coalesce(lbl, r->>'name', r->>'title', r->>'label', r->>'filename', r->>'team_name', r->>'domain', r->>'email');
  INSERT INTO audit_log (client_id, user_id, user_name, address, operation, area, entity, entity_id, label, action, changed, before, after)
  VALUES ((actor->>'client_id')::integer, (actor->>'user_id')::integer, coalesce(actor->>'user_name', ''), actor->>'address',
          actor->>'operation', TG_ARGV[0], TG_TABLE_NAME, r->>'id', left(lbl, 200),
          CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
          keys, audit_redact(o, extra), audit_redact(n, extra));
  RETURN NULL;
END
$$;

-- THE list of audited tables: one call per table (again: replaces its trigger).
CREATE FUNCTION audit_track(tbl regclass, area text, label_query text DEFAULT '', redact text[] DEFAULT '{}') RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS audit_capture ON %s', tbl);
  EXECUTE format('CREATE TRIGGER audit_capture AFTER INSERT OR UPDATE OR DELETE ON %s FOR EACH ROW EXECUTE FUNCTION audit_capture(%L, %L, %L)',
                 tbl, area, label_query, array_to_string(redact, ','));
END
$$;

-- The account: the organisation, its roles, portal users and their access, single sign-on.
SELECT audit_track('clients', 'account');
SELECT audit_track('roles', 'roles');
SELECT audit_track('users', 'users');
SELECT audit_track('client_users', 'users', 'SELECT u.name || '' <'' || u.email || ''>'' FROM users u WHERE u.id = ($1->>''user_id'')::int');
SELECT audit_track('sso_configs', 'sso');
SELECT audit_track('sso_access_requests', 'sso');
-- Sites and events, and everything on a site's tabs.
SELECT audit_track('sites', 'sites');
SELECT audit_track('custom_fields', 'sites');
SELECT audit_track('evacuation_points', 'sites');
SELECT audit_track('devices', 'sites');
SELECT audit_track('site_messages', 'sites');
SELECT audit_track('sign_in_points', 'sites');
SELECT audit_track('attendees', 'sites');
SELECT audit_track('badges', 'sites');
-- Groups and their tabs.
SELECT audit_track('groups', 'groups');
SELECT audit_track('group_personal_fields', 'groups');
SELECT audit_track('group_syncs', 'groups', 'SELECT $1->>''provider''');
SELECT audit_track('group_slacks', 'groups');
SELECT audit_track('group_attachments', 'groups');
-- Members and what the member editor holds.
SELECT audit_track('members', 'members');
SELECT audit_track('member_documents', 'members');
SELECT audit_track('member_credentials', 'members', 'SELECT $1->>''kind''', ARRAY['value']);
SELECT audit_track('absences', 'members', 'SELECT $1->>''type''');
-- Visits changed by a portal user (sign in/out, approve, delete a record); kiosk traffic has no actor.
SELECT audit_track('visits', 'visits');
-- Evacuation reports: started, completed, deleted (each mark lives in the report itself).
SELECT audit_track('evacuations', 'evacuations', 'SELECT ''#'' || ($1->>''id'')');
-- Pre-registrations.
SELECT audit_track('pre_registrations', 'pre_registrations');
SELECT audit_track('pre_registration_documents', 'pre_registrations');
