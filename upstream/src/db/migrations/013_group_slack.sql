-- A group's Slack connection (groups spec §2 the return page /manage/group/callback/slack/{id}, §3
-- the Notification channel "Slack"): the workspace, the bot token (kept here, never answered to the
-- portal), the channel sign-ins are posted to, and how the last call to Slack went. No row = status
-- "none". The consent round trip's state lives in sync_states (migration 011) with provider 'slack'.
CREATE TABLE group_slacks (
  group_id integer PRIMARY KEY REFERENCES groups(id) ON DELETE CASCADE,
  -- connected: posting; error: the last call failed (`error`), the next one tries again;
  -- reconnect: Slack refused the token (invalid_auth): nothing is posted until connected again.
  status text NOT NULL DEFAULT 'connected' CHECK (status IN ('connected', 'error', 'reconnect')),
  -- The last failure's code (contract SLACK_ERRORS), or NULL.
  error text,
  team_id text NOT NULL,
  team_name text NOT NULL,
  access_token text NOT NULL,
  bot_user_id text,
  channel_id text,
  channel_name text,
  connected_by integer REFERENCES users(id) ON DELETE SET NULL,
  last_message_at timestamptz,
  last_error_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The demo Slack's own record of what was posted to its channels (the upstream's stand-in for
-- Slack keeps its messages here; read through GET /slack/demo/messages).
CREATE TABLE slack_messages (
  id serial PRIMARY KEY,
  team_id text NOT NULL,
  channel_id text NOT NULL,
  text text NOT NULL,
  ts text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX slack_messages_channel_idx ON slack_messages (channel_id, id);
