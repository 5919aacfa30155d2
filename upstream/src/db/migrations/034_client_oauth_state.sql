-- The client's Slack workspace for notifications (ADR 028 "Slack workspace") is connected through
-- the same consent round trip as a group's (sync_states, migration 011), but belongs to no group:
-- a state may name the client instead. Existing rows keep their group; the client is recorded for
-- every new state (oauth-state.ts).
ALTER TABLE sync_states ALTER COLUMN group_id DROP NOT NULL;
ALTER TABLE sync_states ADD COLUMN client_id integer REFERENCES clients(id) ON DELETE CASCADE;
ALTER TABLE sync_states ADD CONSTRAINT sync_states_owner CHECK (group_id IS NOT NULL OR client_id IS NOT NULL);
