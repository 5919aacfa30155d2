-- Manage groups, as far as sites need them (platform §5: "the group limit and the site limit are
-- enforced"): the client's group limit (NULL = none). Which sites show a group stays in
-- groups.site_ids (migration 003).
ALTER TABLE clients ADD COLUMN group_limit integer CHECK (group_limit IS NULL OR group_limit >= 0);
