/**
 * Access rules and their evaluation: pure, shared by the guard, the navigation and the tests.
 */
import type { FlagId } from "./flags";
import { ADMINISTRATOR_ROLE, type Right } from "./rights";

export interface AccessContext {
  signedIn: boolean;
  isSuper: boolean;
  isPrimary: boolean;
  isBilling: boolean;
  /** Client trial ended (trial_ends_on in the past). */
  expired: boolean;
  onTrial: boolean;
  reseller: boolean;
  abilities: ReadonlySet<string>;
  roles: ReadonlySet<string>;
  flags: ReadonlySet<FlagId>;
  schedulingStatus: string;
  centralRecordEnabled: boolean;
  spacesEnabled: boolean;
  anySiteHasSpace: boolean;
  clientCount: number;
}

export interface Rule {
  /** Open without signing in. */
  anonymous?: true;
  rights?: { allOf?: Right[]; anyOf?: Right[] };
  roles?: { allOf?: string[]; anyOf?: string[] };
  /** The Administrator role (spec: "admin only"). */
  admin?: true;
  superOnly?: true;
  /** Expired clients go to /trial-ended, except super users. */
  activeOnly?: true;
  flags?: { allOf?: FlagId[]; noneOf?: FlagId[] };
  /** Client settings and other conditions, named so the table reads like the spec. */
  when?: Condition[];
  /** Permission always denied (health certificates). */
  denied?: true;
}

export type Condition =
  | "multiClient"
  | "spacesEnabled"
  | "centralRecordEnabled"
  | "schedulingDisabled"
  | "schedulingNotDisabled"
  | "anySiteHasSpace"
  | "noSiteHasSpace"
  | "subscriptionsVisible"
  | "ssoConfigurationVisible"
  | "timeAndAttendanceVisible";

const CONDITIONS: Record<Condition, (c: AccessContext) => boolean> = {
  multiClient: (c) => c.clientCount > 1,
  spacesEnabled: (c) => c.spacesEnabled,
  centralRecordEnabled: (c) => c.centralRecordEnabled,
  schedulingDisabled: (c) => c.schedulingStatus === "disabled",
  schedulingNotDisabled: (c) => c.schedulingStatus !== "disabled",
  anySiteHasSpace: (c) => c.anySiteHasSpace,
  noSiteHasSpace: (c) => !c.anySiteHasSpace,
  // Spec §2: not on trial, not a reseller client, and the user is a super, primary or billing user.
  subscriptionsVisible: (c) => !c.onTrial && !c.reseller && (c.isSuper || c.isPrimary || c.isBilling),
  // Spec §2: the sso-self-service flag or the Super.clientUser.create right.
  ssoConfigurationVisible: (c) => c.flags.has("sso-self-service") || c.abilities.has("Super.clientUser.create"),
  // Spec §2: the discovered flag plus administrator, super, or view rights on T&A, rotas, closure periods.
  timeAndAttendanceVisible: (c) =>
    c.flags.has("time-and-attendance-discovered") &&
    (c.roles.has(ADMINISTRATOR_ROLE) ||
      c.isSuper ||
      ["TimeAndAttendance.viewer", "Rota.viewer", "ClosurePeriod.viewer"].some((r) => c.abilities.has(r))),
};

export type Outcome =
  | { kind: "view" }
  | { kind: "login" }
  | { kind: "trial-ended" }
  | { kind: "forbidden"; reason: string }
  | { kind: "redirect"; to: string }
  /** No entry of the table is this path: refused (fail closed), as "Page not found". */
  | { kind: "not-found" };

/** Does one rule allow this context? Returns the reason it does not, or null. */
export function ruleDenial(rule: Rule, c: AccessContext): string | null {
  if (rule.denied) return "always denied";
  if (rule.superOnly && !c.isSuper) return "super users only";
  if (rule.admin && !c.roles.has(ADMINISTRATOR_ROLE) && !c.isSuper) return "administrators only";
  const { rights, roles, flags } = rule;
  if (rights?.allOf && !rights.allOf.every((r) => c.abilities.has(r))) return `needs all of ${rights.allOf.join(", ")}`;
  if (rights?.anyOf && !rights.anyOf.some((r) => c.abilities.has(r))) return `needs one of ${rights.anyOf.join(", ")}`;
  if (roles?.allOf && !roles.allOf.every((r) => c.roles.has(r))) return `needs roles ${roles.allOf.join(", ")}`;
  if (roles?.anyOf && !roles.anyOf.some((r) => c.roles.has(r))) return `needs one of roles ${roles.anyOf.join(", ")}`;
  if (flags?.allOf && !flags.allOf.every((f) => c.flags.has(f))) return `needs flags ${flags.allOf.join(", ")}`;
  if (flags?.noneOf && flags.noneOf.some((f) => c.flags.has(f))) return `not with flags ${flags.noneOf.join(", ")}`;
  for (const cond of rule.when ?? []) if (!CONDITIONS[cond](c)) return `condition ${cond}`;
  return null;
}

/**
 * The outcome for a chain of rules (every matched ancestor, root first), then the target's
 * redirect: signing in first, then the trial-ended rule, then every permission.
 */
export function decide(chain: Rule[], c: AccessContext, redirect?: string): Outcome {
  if (!c.signedIn && !chain.every((r) => r.anonymous)) return { kind: "login" };
  if (c.expired && !c.isSuper && chain.some((r) => r.activeOnly)) return { kind: "trial-ended" };
  for (const rule of chain) {
    const denial = rule.anonymous && !c.signedIn ? null : ruleDenial(rule, c);
    if (denial) return { kind: "forbidden", reason: denial };
  }
  return redirect ? { kind: "redirect", to: redirect } : { kind: "view" };
}
