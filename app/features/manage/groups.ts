/**
 * The forms about groups in the manage area, shared by server and browser through conform: adding a
 * group (groups spec §5: "The group name is required"; a type) and which groups a site shows (the
 * site's groups tab). Messages are translation keys (namespace "manage").
 */
import { z } from "zod";
import { singleLine } from "~/forms/control-characters";
import { GROUP_NAME_MAX, GROUP_TYPES } from "@contract";

export { GROUP_TYPES };
export type GroupType = (typeof GROUP_TYPES)[number];

export const newGroupSchema = z.object({
  name: singleLine(z.string({ error: "groups:validation.name_required" }).trim().min(1, "groups:validation.name_required").max(GROUP_NAME_MAX, "common:validation.too_long")),
  type: z.enum(GROUP_TYPES, { error: "groups:validation.type" }),
});

/** The ticked groups (none ticked: none shown); each a group id, at most 1,000. */
export const siteGroupsSchema = z.object({
  group_ids: z
    .array(z.string().regex(/^\d{1,9}$/, "common:fields.invalid_choice"), { error: "common:fields.invalid_choice" })
    .max(1000, "common:validation.too_long")
    .optional(),
});
