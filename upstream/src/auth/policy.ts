/**
 * Who may call a handler (ADR 034): the one rights check every area's handlers call first, instead
 * of a `requireRight` of their own. The rule is declared at the call, in the handler's module:
 *
 *   requireRight(p, "ManageNotification.viewer", { activeOnly: true, message: "You are not authorised to manage notifications." });
 *   requireRight(p, ["Today.viewer", "Today.approve"], { activeOnly: true, message: TODAY_MESSAGES });
 *   requireRight(p, MANAGE_RIGHTS, { activeOnly: true, any: true, message: MANAGE_MESSAGES });
 *
 * - `activeOnly`: an expired client (its trial over: platform §4, `trial_ends_on` in the past) is
 *   refused first with 403 `trial_period_over`, super users excepted (platform §2), as the portal's
 *   access table marks the route `activeOnly` and sends the user to /trial-ended. `false` says the
 *   call works for an expired client too (the account pages: portal users, roles). Always declared.
 * - the rights: one, or several: all of them (default) or, with `any`, one of them.
 * - `message`: the 403's message; one for every right, or each right's own (the first missing
 *   right's; with `any`, the first listed right's). Without one: "This action is unauthorized.".
 */
import { forbidden } from "../http/errors.ts";
import { abilities, requireActive, type Principal } from "../clients/regional.ts";

export interface RightRule<R extends string> {
  /** Refuse an expired client (403 `trial_period_over`; super users pass) before the rights. */
  activeOnly: boolean;
  /** Several rights: one of them is enough (default: all of them). */
  any?: boolean;
  /** The 403's message: one for all, or each right's own. */
  message?: string | { readonly [K in R]?: string };
}

/** 403 unless the caller holds `rights` (and, when the rule says so, their client is active). */
export function requireRight<R extends string>(p: Principal, rights: R | readonly R[], rule: RightRule<R>): void {
  if (rule.activeOnly) requireActive(p);
  const asked: readonly R[] = typeof rights === "string" ? [rights] : rights;
  const held = abilities(p);
  const missing = rule.any ? (asked.some((r) => held.includes(r)) ? undefined : asked[0]) : asked.find((r) => !held.includes(r));
  if (missing === undefined) return;
  const message = typeof rule.message === "string" ? rule.message : rule.message?.[missing];
  throw forbidden(message);
}
