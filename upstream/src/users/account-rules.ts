/**
 * The tenant boundary's rules for people (issue 24 items 1 and 4; ADR 009 "Tenant boundary"):
 *
 * - What is global — the account's name, email, password, two-factor, how it signs in — is changed
 *   by the person, or by an administrator of a client only while the account belongs to that
 *   client alone. Otherwise it is refused with a message saying why (422).
 * - The primary, billing and technical-contact flags are per client, and privileges: only the
 *   primary user (or a super user) gives or takes them, and nobody changes their own.
 * - Nobody leaves themselves without a site.
 *
 * The decisions are pure functions (unit-tested rule by rule); the handlers read what they need.
 */
import { USER_MESSAGES } from "../../contract/index.ts";
import { one, type Queryable } from "../db/index.ts";
import { validation } from "../http/errors.ts";
import type { Principal } from "../clients/regional.ts";

/** Whether a change to the global account may be made: by the person, or while it belongs to the changing client alone. */
export function mayChangeAccount(who: { self: boolean; otherClients: boolean }): boolean {
  return who.self || !who.otherClients;
}

/** Whether the account belongs to a client other than `clientId` (a membership there: an invitation is none). */
export async function belongsElsewhere(q: Queryable, userId: number, clientId: number): Promise<boolean> {
  return !!(await one(q, "SELECT 1 FROM client_users WHERE user_id = $1 AND client_id <> $2 LIMIT 1", [userId, clientId]));
}

/** 422 on `field` with `message` unless `p` may change the global account `userId` (see `mayChangeAccount`). */
export async function requireAccountChange(q: Queryable, p: Principal, userId: number, field: string, message: string): Promise<void> {
  const self = userId === p.user.id;
  if (mayChangeAccount({ self, otherClients: self ? false : await belongsElsewhere(q, userId, p.client.id) })) return;
  throw validation({ [field]: [message] });
}

export type Flag = "primary" | "billing" | "technical";
type Flags = Record<Flag, boolean>;

/**
 * The refusals of a change of flags, by field (empty: allowed). Only what changes is judged: a flag
 * sent with the value it has is no change. `caller`: the primary user or a super user may give and
 * take the flags of others; `target`: oneself (nobody changes their own), an invitation not yet
 * accepted (it cannot be made primary), its flags now.
 */
export function flagRefusals(
  caller: { primary: boolean; super: boolean },
  target: { self: boolean; pending: boolean } & Flags,
  wanted: Partial<Flags>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const changes = (["primary", "billing", "technical"] as const).filter((f) => wanted[f] !== undefined && wanted[f] !== target[f]);
  for (const flag of changes) {
    if (flag === "primary" && !wanted.primary) errors.primary = [USER_MESSAGES.primaryKeep];
    else if (target.self) errors[flag] = [USER_MESSAGES.ownFlags];
    else if (flag === "primary" && !(caller.primary || caller.super)) errors.primary = [USER_MESSAGES.primaryTransfer];
    else if (flag === "primary" && target.pending) errors.primary = [USER_MESSAGES.primaryPending];
    else if (flag !== "primary" && !(caller.primary || caller.super)) errors[flag] = [USER_MESSAGES.flagsPrimaryOnly];
  }
  return errors;
}

/** Whether site access `siteIds` (null: every site) would leave the person with no site: refused for oneself. */
export const leavesWithoutSite = (self: boolean, siteIds: readonly number[] | null | undefined) => self && Array.isArray(siteIds) && siteIds.length === 0;
