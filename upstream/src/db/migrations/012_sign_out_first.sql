-- Sign-out-first groups (groups spec §1, §4; ADR 015): a member of a returning group with
-- allow_sign_out_first is presumed on site. Leaving is a visit that starts with the sign-out:
-- `away` while they are out (signed_out_at = when they left, signed_in_at NULL), `returned` once the
-- return closed it (signed_in_at = when they came back). Neither status is on site: the count, the
-- fire list and evacuations read `signed_in` only.
ALTER TABLE visits DROP CONSTRAINT visits_status_check;
ALTER TABLE visits ADD CONSTRAINT visits_status_check
  CHECK (status IN ('pending', 'signed_in', 'signed_out', 'rejected', 'away', 'returned'));

-- A departure has its sign-out; a closed one its return.
ALTER TABLE visits ADD CONSTRAINT visits_departure_times_check
  CHECK ((status <> 'away' OR (signed_out_at IS NOT NULL AND signed_in_at IS NULL))
     AND (status <> 'returned' OR (signed_out_at IS NOT NULL AND signed_in_at IS NOT NULL)));

-- At most one open departure of a member at a site (the member is out, or not).
CREATE UNIQUE INDEX visits_member_away_idx ON visits (member_id, site_id) WHERE status = 'away';
