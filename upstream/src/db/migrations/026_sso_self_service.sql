-- SSO self-service (issue 16 §5; ADR 024): an organisation configures its own single sign-on,
-- verifies its email domain (a DNS TXT record or an email code), tests a sign-in, then may enforce it.

-- The configuration: verification, the provider's write-only secret, the clients it applies to
-- (beyond its own), and the settings tab's choices.
ALTER TABLE sso_configs
  ADD COLUMN enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN verification_method text CHECK (verification_method IN ('dns', 'email')),
  ADD COLUMN verification_token text,
  ADD COLUMN verification_email text,
  ADD COLUMN email_code_hash text,
  ADD COLUMN email_code_expires_at timestamptz,
  ADD COLUMN email_code_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN verified_at timestamptz,
  ADD COLUMN client_secret text,
  ADD COLUMN applies_to jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- Changes to the domain or the provider: a test sign-in must come after the last one.
  ADD COLUMN changed_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN tested_at timestamptz,
  ADD COLUMN enforced boolean NOT NULL DEFAULT false,
  ADD COLUMN break_glass_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN auto_approve boolean NOT NULL DEFAULT false;

-- Configurations made before self-service: a verified domain was in use.
UPDATE sso_configs SET enabled = true, verified_at = now(), tested_at = now() WHERE domain_verified;

-- One client per verified domain (a domain claimed by another client is refused).
CREATE UNIQUE INDEX sso_configs_verified_domain_idx ON sso_configs (lower(domain)) WHERE domain_verified;

-- Access requests are decided: approved with a role, or declined (the person is told).
ALTER TABLE sso_access_requests
  ADD COLUMN status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  ADD COLUMN role_id integer REFERENCES roles(id) ON DELETE SET NULL,
  ADD COLUMN decided_by integer REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN decided_at timestamptz,
  ADD COLUMN name text;

-- The demo DNS (a stand-in for a real resolver, ADR 024): TXT records an administrator publishes.
CREATE TABLE demo_dns_records (
  id serial PRIMARY KEY,
  name text NOT NULL,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX demo_dns_records_name_idx ON demo_dns_records (lower(name));
