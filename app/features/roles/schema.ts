/**
 * The role editor's form (shared with the browser through conform): the name (required, one line,
 * at most 100 characters: the contract's rule, in the same words) and the levels ticked, each
 * `<section>.<level>` of the permission sections (anything else is refused: 400 with a message).
 * The upstream stays the authority (names taken, escalation, built-in roles).
 */
import { z } from "zod";
import { PERMISSION_SECTIONS, ROLE_LIMITS } from "@contract";
import { singleLine } from "~/forms/control-characters";
import { areaKey } from "~/forms/area-keys";

/** Every level's form value, `<section>.<level>`. */
export const LEVEL_KEYS = PERMISSION_SECTIONS.flatMap((s) => s.levels.map((l) => `${s.key}.${l.key}`));
const KNOWN_LEVELS = new Set(LEVEL_KEYS);

export const ROLE_FIELDS = ["name", "levels"] as const;

export const roleSchema = z.object({
  name: singleLine(z.string({ error: areaKey("roles", "nameRequired") }).trim().min(1, areaKey("roles", "nameRequired")).max(ROLE_LIMITS.name, areaKey("roles", "nameTooLong"))),
  levels: z
    .array(z.string().max(60))
    .max(LEVEL_KEYS.length, areaKey("roles", "unknownRight"))
    .refine((levels) => levels.every((l) => KNOWN_LEVELS.has(l)), areaKey("roles", "unknownRight"))
    .default([]),
});
export type RoleForm = z.infer<typeof roleSchema>;

/** The view-as page's choices (a GET form): ids, or nothing. */
export const viewAsQuery = z.object({
  role: z.coerce.number().int().positive().max(999_999_999).optional(),
  compare: z.coerce.number().int().positive().max(999_999_999).optional(),
  site: z.coerce.number().int().positive().max(999_999_999).optional(),
});
