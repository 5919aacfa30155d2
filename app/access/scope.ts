/**
 * The scope module's mirror in the portal (ADR 031): which rows of a kind the signed-in user may
 * see and change, for what the portal shows — a role read-only, controls left out, the choices a
 * form offers. The upstream's `upstream/src/scope/scope.ts` is the authority (it refuses whatever
 * this would have hidden); this file repeats its rules over what the portal knows: the token's
 * `user:site_id` claim (the sites the user is restricted to, empty for every site) and the client's
 * `group-visibility` flag. Pure: no request, no upstream.
 */
import type { FlagId } from "./flags";

export type Scope = { readonly kind: "all" } | { readonly kind: "sites"; readonly siteIds: readonly number[] };

/** The kinds of row the portal asks about (the upstream's names). */
export type RowKind =
  | "site"
  | "visit"
  | "evacuation"
  | "pre-registration"
  | "portal-user"
  | "sso-user"
  | "access-request"
  | "notification"
  | "delivery"
  | "visitor-form"
  | "api-client"
  | "role"
  | "audit-entry"
  | "group";

/** What the mirror reads: the restriction (null: every site) and the client's flags. */
export interface ScopeSubject {
  readonly siteIds: readonly number[] | null;
  readonly flags: ReadonlySet<FlagId>;
}

/**
 * The sites of the token's `user:site_id` claim ("2,5"), or null for every site (""). A user given
 * no site at all also reads "" there: the upstream shows them nothing whatever this says.
 */
export function restrictedSites(claim: string): number[] | null {
  const ids = claim
    .split(",")
    .map((s) => s.trim())
    .filter((s) => /^\d{1,9}$/.test(s))
    .map(Number);
  return ids.length ? [...new Set(ids)] : null;
}

/** The subject of a signed-in viewer: their claims and their access context's flags. */
export const scopeSubject = (claims: { "user:site_id": string }, ctx: { flags: ReadonlySet<FlagId> }): ScopeSubject => ({
  siteIds: restrictedSites(claims["user:site_id"]),
  flags: ctx.flags,
});

const ALL: Scope = { kind: "all" };

/** The scope of `s` over rows of `kind` (portal and SSO users: restricted only with `group-visibility`, platform §8). */
export function scopeOf(s: ScopeSubject, kind: RowKind): Scope {
  if (s.siteIds === null) return ALL;
  if ((kind === "portal-user" || kind === "sso-user") && !s.flags.has("group-visibility")) return ALL;
  return { kind: "sites", siteIds: s.siteIds };
}

/** A row of one site is in scope when the site is one of the user's. */
export function siteInScope(scope: Scope, siteId: number | null): boolean {
  if (scope.kind === "all") return true;
  return siteId !== null && scope.siteIds.includes(siteId);
}

/** A row covering several sites (null: every site) is in scope when it covers some, all the user's. */
export function sitesInScope(scope: Scope, siteIds: readonly number[] | null): boolean {
  if (scope.kind === "all") return true;
  return siteIds !== null && siteIds.length > 0 && siteIds.every((id) => scope.siteIds.includes(id));
}

/** A row shown at sites (a group; null: every site) reaches the scope when it is shown at one of the user's. */
export function reachesScope(scope: Scope, siteIds: readonly number[] | null): boolean {
  if (scope.kind === "all") return true;
  if (siteIds === null) return scope.siteIds.length > 0;
  return siteIds.some((id) => scope.siteIds.includes(id));
}

/** `siteIds` cut to the scope. */
export function narrowSites(scope: Scope, siteIds: readonly number[]): number[] {
  return scope.kind === "all" ? [...siteIds] : siteIds.filter((id) => scope.siteIds.includes(id));
}

/**
 * Whether the user may change a role as far as its holders go: every holder within their sites.
 * `holders_reach` is the upstream's summary (the holders' sites together; null when one of them has
 * every site or none; [] when nobody holds it).
 */
export function roleInScope(scope: Scope, role: { holders_reach: readonly number[] | null }): boolean {
  if (scope.kind === "all") return true;
  return role.holders_reach !== null && role.holders_reach.every((id) => scope.siteIds.includes(id));
}
