-- Accounts belong to their owners (issue 24 item 1; ADR 009 "Tenant boundary", ADR 020 addendum).
--
-- An invitation is no longer a membership: inviting an address records an invitation of this
-- client, and the account (an existing one, or one made for the address) joins the client only when
-- its owner takes it up — on My profile (accept or decline), or, for an account that belongs to no
-- client yet, at its sign-in. Until then nothing of the client applies to the account: no
-- client_users row, so no sign-in there, no client switching, no rights, no changes to the account.
--
-- It is kept by address, never by account: what the inviting client stores, lists and audits is
-- the same whether the address has an account or not (no account id, name, two-factor or SSO state).
-- Its id comes from client_users' sequence, and the membership it becomes keeps that id: the
-- portal user's address (/manage/account/users/{id}) does not change when it is accepted.
CREATE TABLE account_invitations (
  id integer PRIMARY KEY DEFAULT nextval('client_users_id_seq'),
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  -- Lower-case, as users.email.
  email text NOT NULL,
  -- The name the inviter gave: shown to the client until the owner accepts (then the account's own).
  name text NOT NULL,
  role_id integer NOT NULL REFERENCES roles(id),
  is_billing boolean NOT NULL DEFAULT false,
  is_technical boolean NOT NULL DEFAULT false,
  site_ids jsonb,
  notifications jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Whether the address's domain signs in by single sign-on (what a new account of it would be).
  sso boolean NOT NULL DEFAULT false,
  invited_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, email)
);
CREATE INDEX account_invitations_email_idx ON account_invitations (email);

-- In the inviting client's audit log, labelled by the name the inviter gave.
SELECT audit_track('account_invitations', 'users');
