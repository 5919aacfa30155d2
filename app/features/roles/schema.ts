/**
 * The role editor's form (shared with the browser through conform): the name (required, one line,
 * at most 100 characters: the contract's rule, in the same words) and the levels ticked, each
 * `<section>.<level>` of the permission sections (anything else is refused: 400 with a message).
 * The upstream stays the authority (names taken, escalation, built-in roles).
 */
import { z } from "zod";
import { PERMISSION_SECTIONS, ROLE_LIMITS, ROLE_MESSAGES } from "@contract";
import { singleLine } from "~/forms/control-characters";
import { knownKey } from "~/forms/known-messages";

/** Every level's form value, `<section>.<level>`. */
export const LEVEL_KEYS = PERMISSION_SECTIONS.flatMap((s) => s.levels.map((l) => `${s.key}.${l.key}`));
const KNOWN_LEVELS = new Set(LEVEL_KEYS);

export const ROLE_FIELDS = ["name", "levels"] as const;

export const roleSchema = z.object({
  name: singleLine(z.string({ error: knownKey(ROLE_MESSAGES.nameRequired) }).trim().min(1, knownKey(ROLE_MESSAGES.nameRequired)).max(ROLE_LIMITS.name, knownKey(ROLE_MESSAGES.nameTooLong))),
  levels: z
    .array(z.string().max(60))
    .max(LEVEL_KEYS.length, knownKey(ROLE_MESSAGES.unknownRight))
    .refine((levels) => levels.every((l) => KNOWN_LEVELS.has(l)), knownKey(ROLE_MESSAGES.unknownRight))
    .default([]),
});
export type RoleForm = z.infer<typeof roleSchema>;

/** The view-as page's choices (a GET form): ids, or nothing. */
export const viewAsQuery = z.object({
  role: z.coerce.number().int().positive().max(999_999_999).optional(),
  compare: z.coerce.number().int().positive().max(999_999_999).optional(),
  site: z.coerce.number().int().positive().max(999_999_999).optional(),
});
