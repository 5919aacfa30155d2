-- Notifications (issue 18; groups spec §3 "Notification", §5; platform §2 /manage/features/notifications;
-- ADR 028): per client, optionally narrowed to one site and one group, a trigger, a channel, its
-- recipients, a subject, advanced filters, enabled or not. Delivery (attempts, retries, the log) is
-- migration 033's; the client's Slack workspace, connected through
-- /manage/features/notifications/slack-callback, is `client_slacks` below.
CREATE TABLE notifications (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  -- NULL: every site / every group.
  site_id integer REFERENCES sites(id) ON DELETE CASCADE,
  group_id integer REFERENCES groups(id) ON DELETE CASCADE,
  trigger text NOT NULL CHECK (trigger IN ('sign_in', 'sign_out', 'automatic_sign_out', 'pre_registration',
                                           'evacuation_started', 'evacuation_completed', 'sign_in_rejected')),
  channel text NOT NULL CHECK (channel IN ('email', 'slack', 'sms', 'phone', 'teams', 'webhook')),
  -- email: addresses; sms/phone: E.164 numbers; slack: channel ids of the client's workspace. Empty for teams/webhook.
  recipients text[] NOT NULL DEFAULT '{}',
  -- teams: a Workflows URL; webhook: the receiver's URL (checked against private addresses, ADR 028).
  url text,
  -- webhook: the Standard Webhooks secret (whsec_…), kept here, never answered after creation.
  secret text,
  subject text,
  -- [{ field, operator, value }], matched all or any.
  filters jsonb NOT NULL DEFAULT '[]',
  filter_match text NOT NULL DEFAULT 'all' CHECK (filter_match IN ('all', 'any')),
  enabled boolean NOT NULL DEFAULT true,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (channel NOT IN ('teams', 'webhook') OR url IS NOT NULL),
  CHECK (channel <> 'webhook' OR secret IS NOT NULL)
);
CREATE INDEX notifications_match_idx ON notifications (client_id, trigger) WHERE enabled;

-- The client's Slack workspace for notifications (one per client), like group_slacks (migration 013)
-- but not bound to a group or channel: each Slack notification names its channels.
CREATE TABLE client_slacks (
  client_id integer PRIMARY KEY REFERENCES clients(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'connected' CHECK (status IN ('connected', 'error', 'reconnect')),
  error text,
  team_id text NOT NULL,
  team_name text NOT NULL,
  access_token text NOT NULL,
  bot_user_id text,
  connected_by integer REFERENCES users(id) ON DELETE SET NULL,
  last_message_at timestamptz,
  last_error_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

SELECT audit_track('notifications', 'notifications', 'SELECT ($1->>''trigger'') || '' → '' || ($1->>''channel'')', '{secret}');
SELECT audit_track('client_slacks', 'notifications', 'SELECT ''Slack: '' || ($1->>''team_name'')', '{access_token}');
