-- Visit history (issue 17; ADR 025): the list is newest first over the sites a user may see, often
-- narrowed to a site or a group; the export walks a range oldest first by (created_at, id). Each
-- filter has an index that yields rows already in that order, so a page reads 15 rows, not 100k.
CREATE INDEX IF NOT EXISTS visits_site_created_idx ON visits (site_id, created_at, id);
CREATE INDEX IF NOT EXISTS visits_group_created_idx ON visits (group_id, created_at, id);
-- The unfiltered list (every site of a busy client): newest first straight off the index.
CREATE INDEX IF NOT EXISTS visits_created_idx ON visits (created_at, id);
