-- Notification delivery (issue 18; ADR 028 "Delivery"): an event (a sign-in, a sign-out, an
-- evacuation…) becomes one delivery per matching enabled notification; a worker in the upstream
-- (FOR UPDATE SKIP LOCKED, so several upstream processes never send one twice) sends the due ones
-- and records every attempt. Failures are retried with exponential backoff and jitter.
CREATE TABLE notification_deliveries (
  id serial PRIMARY KEY,
  -- The Standard Webhooks `webhook-id` (msg_…): the same on every retry, and kept by a replay so
  -- receivers can deduplicate (ADR 028).
  message_id text NOT NULL,
  notification_id integer NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  event_type text NOT NULL,
  -- { type, timestamp, data, test? }: what the channel sends (the contract documents it).
  payload jsonb NOT NULL,
  test boolean NOT NULL DEFAULT false,
  replay_of integer REFERENCES notification_deliveries(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed', 'retrying')),
  attempt_count integer NOT NULL DEFAULT 0,
  -- When the worker may next send it; while one attempt is in flight, the end of its lease.
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_deliveries_due_idx ON notification_deliveries (next_attempt_at) WHERE status IN ('pending', 'retrying');
CREATE INDEX notification_deliveries_log_idx ON notification_deliveries (notification_id, id DESC);

CREATE TABLE notification_delivery_attempts (
  id serial PRIMARY KEY,
  delivery_id integer NOT NULL REFERENCES notification_deliveries(id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  status_code integer,
  response_excerpt text CHECK (length(response_excerpt) <= 500),
  error text,
  duration_ms integer NOT NULL DEFAULT 0,
  UNIQUE (delivery_id, attempt)
);

-- The SMS and phone-call gateway stand-in the upstream runs at /sms-gateway (a third party's outbox).
CREATE TABLE sms_gateway_messages (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('sms', 'call')),
  to_number text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The demo webhook receiver (/webhook-receiver/:name): what it was sent, to show in the demo and tests.
CREATE TABLE webhook_receiver_requests (
  id serial PRIMARY KEY,
  name text NOT NULL,
  headers jsonb NOT NULL,
  body text NOT NULL,
  status integer NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_receiver_requests_name_idx ON webhook_receiver_requests (name, id);

SELECT audit_track('notification_deliveries', 'notifications', 'SELECT ($1->>''event_type'')', '{payload}');
SELECT audit_track('notification_delivery_attempts', 'notifications', 'SELECT ''#'' || ($1->>''delivery_id'') || '' / '' || ($1->>''attempt'')');
SELECT audit_track('sms_gateway_messages', 'notifications', 'SELECT $1->>''kind''', '{body}');
SELECT audit_track('webhook_receiver_requests', 'notifications', 'SELECT $1->>''name''', '{headers,body}');
