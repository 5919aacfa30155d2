/**
 * Roles and permissions' words (ADR 021) as plain values without zod, and their catalogue (ADR 035):
 * the browser's checks and the portal's known-messages table import them; ./roles builds its
 * schemas on them. ./index re-exports them.
 */
import type { Catalogue } from "./catalogue.ts";
import { ROLE_KEYS } from "./message-keys.ts";

// The upstream's words (the portal translates them: known-messages).
export const ROLE_MESSAGES = {
  nameRequired: "The role name is required",
  nameTooLong: "The role name must be at most 100 characters",
  nameOneLine: "The role name must be one line of text",
  nameTaken: "A role with this name already exists",
  unknownRight: "Unknown rights cannot be granted",
  escalation: "You cannot grant rights you do not hold",
  removal: "You cannot remove rights you do not hold",
  builtIn: "Built-in roles cannot be changed",
  inUse: "This role cannot be deleted while users hold it",
  notFound: "Role not found",
  outOfScope: "This role is held by users outside your sites: you cannot change it",
} as const;

export const ROLE_CATALOGUE: Catalogue = { tables: [{ branch: ROLE_KEYS, messages: ROLE_MESSAGES }] };
