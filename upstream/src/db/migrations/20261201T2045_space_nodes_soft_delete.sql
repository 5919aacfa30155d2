-- A deleted zone or space is kept, marked, so the bookings it had stay in the bookings report and
-- the history with its name (ADR 036): the layout, the designer and booking read live nodes only.
ALTER TABLE space_nodes ADD COLUMN deleted_at timestamptz;
CREATE INDEX space_nodes_live ON space_nodes (site_id) WHERE deleted_at IS NULL;
