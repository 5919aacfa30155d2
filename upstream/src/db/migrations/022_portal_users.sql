-- Portal users and my profile (issue 16 items 1 and 6; ADR 020).

-- A portal user's flags and notification preferences are per client (one access = one row of
-- client_users). `notifications` holds what the user is emailed about in this client, by key
-- (contract/users.ts USER_NOTIFICATIONS); a key never set is on, except device alerts (off).
ALTER TABLE client_users ADD COLUMN notifications jsonb NOT NULL DEFAULT '{}'::jsonb;

-- A two-factor secret issued on My profile, waiting for its first code (then it becomes totp_secret).
ALTER TABLE users ADD COLUMN totp_pending_secret text;
ALTER TABLE users ADD COLUMN totp_pending_at timestamptz;

-- An invitation is a password link of its own kind: the invitee sets a first password through it.
ALTER TABLE password_resets ADD COLUMN purpose text NOT NULL DEFAULT 'reset' CHECK (purpose IN ('reset', 'invitation'));
ALTER TABLE client_users ADD COLUMN invited_by integer REFERENCES users(id) ON DELETE SET NULL;

-- Every password a user has had (its hash), newest last: the client's prevent_password_reuse
-- refuses the last 5 (users/passwords.ts setPassword, the one place passwords are set).
CREATE TABLE password_history (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_history_user_idx ON password_history (user_id, id DESC);
INSERT INTO password_history (user_id, password_hash, created_at)
  SELECT id, password_hash, password_changed_at FROM users WHERE password_hash IS NOT NULL;
