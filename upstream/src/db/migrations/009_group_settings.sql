-- One group's own screens (groups spec §2 tabs, §3 "Group settings" and "Personal field", §9
-- limits): the details tab's columns, every other tab's settings, the group's personal fields, and
-- the rights to delete and export groups.

-- Details. The PIN hides the group on the kiosk until typed; signing out first is for returning
-- groups only (the API checks the type).
ALTER TABLE groups
  ADD COLUMN default_locale text,
  ADD COLUMN reply_to_name text,
  ADD COLUMN reply_to_email text,
  ADD COLUMN pin text CHECK (pin IS NULL OR pin ~ '^[0-9]{4}$'),
  ADD COLUMN allow_sign_out_first boolean NOT NULL DEFAULT false,
  -- The tabs sign_in, sign_out, companion, pre_reg, onboarding, notifications and privacy, as
  -- `{section: {key: value}}`; a missing section or key reads as the contract's
  -- GROUP_SETTINGS_DEFAULTS. pre_reg.approval_required is not stored here: the approval_required
  -- column (migration 003) stays its truth, as the overview and the Today view read it.
  ADD COLUMN settings jsonb NOT NULL DEFAULT '{}'::jsonb;

-- A group's personal fields (what members answer about themselves), in display order. A system
-- field is the product's own: it cannot be deleted and its type is fixed. Options are kept for
-- dropdown and checkboxes fields only.
CREATE TABLE group_personal_fields (
  id serial PRIMARY KEY,
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  label text NOT NULL,
  type text NOT NULL CHECK (type IN ('text', 'email', 'phone', 'number', 'date', 'yes_no', 'dropdown', 'checkboxes')),
  visible_to_member boolean NOT NULL DEFAULT true,
  on_evacuation_list boolean NOT NULL DEFAULT false,
  on_host_notifications boolean NOT NULL DEFAULT false,
  ask_on_first_sign_in boolean NOT NULL DEFAULT false,
  sensitive boolean NOT NULL DEFAULT false,
  required boolean NOT NULL DEFAULT false,
  editable boolean NOT NULL DEFAULT true,
  favourite boolean NOT NULL DEFAULT false,
  include_in_visit_record boolean NOT NULL DEFAULT false,
  options jsonb NOT NULL DEFAULT '[]'::jsonb,
  system boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX group_personal_fields_label_idx ON group_personal_fields (group_id, lower(label));
CREATE INDEX group_personal_fields_position_idx ON group_personal_fields (group_id, position);

-- Groups spec §6: groups view, edit, delete, export. Administrators get the two new rights.
UPDATE roles SET rights = rights || '["ManageVisitorGroup.delete"]'::jsonb
  WHERE name = 'Administrator' AND NOT rights ? 'ManageVisitorGroup.delete';
UPDATE roles SET rights = rights || '["ManageVisitorGroup.export"]'::jsonb
  WHERE name = 'Administrator' AND NOT rights ? 'ManageVisitorGroup.export';
