-- A group's badge (groups spec §3 badge elements, §9 limits): the label size and the elements placed
-- on it, as the contract's GroupBadgeRequest `{size, elements: [...]}` (normalised by the API: only a
-- text element keeps `text`, a field element `field_id`, a personal element `personal_field_id`).
-- NULL = not designed yet; it reads as the contract's GROUP_BADGE_DEFAULT. Deleting a personal field
-- removes the elements that show it (the API, in the same transaction).
ALTER TABLE groups ADD COLUMN badge jsonb;
