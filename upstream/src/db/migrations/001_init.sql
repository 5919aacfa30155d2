-- Gatehouse reference upstream: initial schema.

CREATE TABLE clients (
  id serial PRIMARY KEY,
  region text NOT NULL,
  number integer NOT NULL,
  name text NOT NULL,
  trial_ends_on date,
  is_school boolean NOT NULL DEFAULT false,
  reseller boolean NOT NULL DEFAULT false,
  scheduling_status text NOT NULL DEFAULT 'disabled',
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  site_limit integer,
  sms_tokens_available integer NOT NULL DEFAULT 0,
  sms_tokens_pending integer NOT NULL DEFAULT 0,
  logo text,
  force_2fa boolean NOT NULL DEFAULT false,
  password_expiry_days integer,
  force_reauthentication boolean NOT NULL DEFAULT false,
  prevent_password_reuse boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (region, number)
);

CREATE TABLE sites (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('standard', 'remote', 'event')),
  name text NOT NULL,
  space_exists boolean NOT NULL DEFAULT false,
  spaces_enabled boolean NOT NULL DEFAULT false,
  visitors_signed_in_count integer NOT NULL DEFAULT 0,
  evacuation_in_progress boolean NOT NULL DEFAULT false,
  address text,
  reply_to_name text,
  reply_to_email text,
  timezone text NOT NULL DEFAULT 'Europe/London',
  locale text NOT NULL DEFAULT 'en_GB',
  location jsonb,
  badge_id integer,
  branding_image text,
  welcome_video text,
  active_from timestamptz,
  active_until timestamptz,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX sites_client_idx ON sites (client_id);

CREATE TABLE roles (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  name text NOT NULL,
  rights jsonb NOT NULL DEFAULT '[]'::jsonb,
  UNIQUE (client_id, name)
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  password_hash text,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  password_expired boolean NOT NULL DEFAULT false,
  terms_accepted_at timestamptz,
  totp_secret text,
  is_super boolean NOT NULL DEFAULT false,
  locale text NOT NULL DEFAULT 'en_GB',
  last_client_id integer REFERENCES clients(id) ON DELETE SET NULL,
  sso boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A user's access to a client ("portal user"); its id is the local_user_id of the config.
CREATE TABLE client_users (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  role_id integer NOT NULL REFERENCES roles(id),
  is_primary boolean NOT NULL DEFAULT false,
  is_billing boolean NOT NULL DEFAULT false,
  is_technical boolean NOT NULL DEFAULT false,
  -- NULL = every site of the client; else a JSON array of site ids.
  site_ids jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, client_id)
);

-- One login = one session (refresh token family).
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  via_sso boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

-- Stands in for the password between login steps.
CREATE TABLE login_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  step text,
  totp_setup_secret text,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE outbox (
  id serial PRIMARY KEY,
  to_email text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_to_idx ON outbox (to_email, id);

CREATE TABLE sso_configs (
  id serial PRIMARY KEY,
  client_id integer NOT NULL UNIQUE REFERENCES clients(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('google', 'azure', 'okta')),
  domain text NOT NULL,
  domain_verified boolean NOT NULL DEFAULT false,
  provider jsonb NOT NULL,
  default_role_id integer REFERENCES roles(id) ON DELETE SET NULL,
  default_site_ids jsonb NOT NULL DEFAULT '[]'::jsonb
);
CREATE INDEX sso_configs_domain_idx ON sso_configs (domain);

CREATE TABLE sso_states (
  state_hash text PRIMARY KEY,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  email text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sso_access_requests (
  id serial PRIMARY KEY,
  email text NOT NULL,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (email, client_id)
);

CREATE TABLE custom_fields (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  label text NOT NULL,
  type text NOT NULL,
  required boolean NOT NULL DEFAULT false,
  options jsonb NOT NULL DEFAULT '[]'::jsonb,
  show_on_evacuation_list boolean NOT NULL DEFAULT false,
  show_on_pdf_agreements boolean NOT NULL DEFAULT false,
  favourite boolean NOT NULL DEFAULT false,
  default_option text,
  reject_options jsonb NOT NULL DEFAULT '[]'::jsonb,
  reject_message text,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX custom_fields_site_idx ON custom_fields (site_id);
