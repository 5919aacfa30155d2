-- A group's `site_ids` is SQL NULL (every site) or a JSON array of site ids, never a JSON null or
-- anything else: the queries that find the groups a site offers test `site_ids IS NULL`. A group
-- saved as "every site" from its sign-in tab was once stored as the JSON null; it means every site.
UPDATE groups SET site_ids = NULL WHERE site_ids IS NOT NULL AND jsonb_typeof(site_ids) <> 'array';
UPDATE groups SET site_ids = (SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(site_ids) e WHERE jsonb_typeof(e) = 'number')
  WHERE site_ids IS NOT NULL AND EXISTS (SELECT 1 FROM jsonb_array_elements(site_ids) e WHERE jsonb_typeof(e) <> 'number');
ALTER TABLE groups ADD CONSTRAINT groups_site_ids_check CHECK (site_ids IS NULL OR jsonb_typeof(site_ids) = 'array');
