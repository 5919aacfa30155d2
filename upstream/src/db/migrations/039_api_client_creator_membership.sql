-- Which membership created an API client (issue 24 item 3; ADR 030 "Scope"): a credential never
-- reads more than its creator's sites, as they are at each call (client_users.site_ids, NULL every
-- site), so a creator whose access narrows narrows the key. The membership, not the user: when the
-- creator is removed from the client the row goes, this becomes NULL and the key stops working
-- (401), and inviting the same person again does not bring it back. Keys made before this migration
-- are given their creator's membership in their client; a key whose creator is gone has none.
ALTER TABLE api_clients ADD COLUMN created_by_membership integer REFERENCES client_users(id) ON DELETE SET NULL;
UPDATE api_clients a SET created_by_membership = cu.id
  FROM client_users cu WHERE cu.user_id = a.created_by AND cu.client_id = a.client_id;
CREATE INDEX api_clients_membership_idx ON api_clients (created_by_membership);
