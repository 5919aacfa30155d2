-- Pre-registrations and scheduled visits of standard groups, and their magic links (issue 15;
-- groups spec §1, §4, §5, §9; ADR 019).

-- A visitor expected at a site: pending while its group needs approval, else expected; declined,
-- cancelled or signed in (visit_id: the visit it became). A scheduled visit names an employee (a
-- member of a returning group of the client), a service and when it is shown again.
CREATE TABLE pre_registrations (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  site_id integer NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  kind text NOT NULL DEFAULT 'visit' CHECK (kind IN ('visit', 'scheduled')),
  name text NOT NULL,
  email text NOT NULL,
  company text,
  host text,
  notes text,
  locale text NOT NULL DEFAULT 'en_GB',
  arrive_at timestamptz NOT NULL,
  employee_id integer REFERENCES members(id) ON DELETE SET NULL,
  service text,
  redisplay text,
  status text NOT NULL CHECK (status IN ('pending', 'expected', 'declined', 'cancelled', 'signed_in')),
  visit_id integer REFERENCES visits(id) ON DELETE SET NULL,
  -- What the visitor completed on the pre-registration form: {company, mobile, message, submitted_at}.
  details jsonb,
  -- The visitor's latest change request: {kind: change|cancel, arrive_at, message, submitted_at}.
  change_request jsonb,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pre_registrations_client_idx ON pre_registrations (client_id, status, arrive_at);

-- A magic link: only the SHA-256 of its random token is kept. Scoped to one pre-registration and
-- one purpose; expires at the end of the arrival day (site time); used once (by the visitor's
-- POST, never by opening it); revoked when the pre-registration is declined or cancelled.
CREATE TABLE magic_links (
  token_hash text PRIMARY KEY,
  pre_registration_id integer NOT NULL REFERENCES pre_registrations(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('pre-registration-form', 'visitor-change-request')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX magic_links_pre_registration_idx ON magic_links (pre_registration_id);
