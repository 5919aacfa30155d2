-- Visit management (issue 17 item 2; ADR 026): why the safety check rejected a sign-in, when a
-- visit was anonymised, and an index for the retention sweep (oldest visits of a group first).
ALTER TABLE visits
  ADD COLUMN rejection_reason text CHECK (rejection_reason IN ('block_list_match', 'missing_health_certificates', 'failed_central_record')),
  ADD COLUMN anonymised_at timestamptz;

CREATE INDEX visits_retention_idx ON visits (group_id, created_at) WHERE NOT protected;
