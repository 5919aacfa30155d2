-- The client API's credentials and the visitor forms (issue 18; platform §2 /manage/features/api-clients
-- and /manage/features/forms; groups spec §3 "Form link", §5, §8; ADR 030).

-- An API client: a credential of one organisation. `key` is its public client id; only a peppered
-- HMAC-SHA256 of its secret is kept (the secret is answered once, when it is created). Revoked
-- clients stay listed (revoked_at), and stop working at once: their tokens are checked against it.
CREATE TABLE api_clients (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  name text NOT NULL,
  key text NOT NULL UNIQUE,
  secret_hash text NOT NULL,
  scopes text[] NOT NULL,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_by integer REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX api_clients_client_idx ON api_clients (client_id, created_at DESC);

-- Bearer tokens of `POST {region}/api/client/v1/token` (OAuth 2 client credentials): only their
-- SHA-256, short-lived; a revoked client's tokens fail with it.
CREATE TABLE api_client_tokens (
  token_hash text PRIMARY KEY,
  api_client_id integer NOT NULL REFERENCES api_clients(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX api_client_tokens_expiry_idx ON api_client_tokens (expires_at);

-- Use, kept apart from api_clients so the audit log does not record every call: when it was last
-- used (written at most once a minute) and the rate limit's fixed one-minute window.
CREATE TABLE api_client_usage (
  api_client_id integer PRIMARY KEY REFERENCES api_clients(id) ON DELETE CASCADE,
  last_used_at timestamptz,
  window_start timestamptz NOT NULL DEFAULT now(),
  window_count integer NOT NULL DEFAULT 0
);

-- A visitor form: a public link (`token`, random, unguessable; the link is shown again to whoever
-- manages forms, so the token itself is kept) where visitors pre-register at one of its sites in one
-- of its standard groups. Deleting keeps the row (deleted_at) so the link answers "Form no longer
-- exists" (410) rather than an unknown token's 404.
CREATE TABLE forms (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  name text NOT NULL,
  site_ids integer[] NOT NULL,
  group_ids integer[] NOT NULL,
  intro text,
  enabled boolean NOT NULL DEFAULT true,
  token text NOT NULL UNIQUE,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK (cardinality(site_ids) > 0 AND cardinality(group_ids) > 0)
);
CREATE INDEX forms_client_idx ON forms (client_id) WHERE deleted_at IS NULL;

-- Which form a pre-registration came through (null: made in the portal or imported).
ALTER TABLE pre_registrations ADD COLUMN form_id integer REFERENCES forms(id) ON DELETE SET NULL;

SELECT audit_track('api_clients', 'api_clients', '', '{secret_hash}');
SELECT audit_track('forms', 'forms', '', '{token}');
