/**
 * The scope module (issue 24 item 3; ADR 031): for a user and a kind of row, WHICH rows they may
 * see and change — the rights say what they may do, the scope says to which rows. Every area that
 * lists or acts on rows belonging to sites asks here, so one rule holds everywhere:
 *
 * - `all`: every row of the client (an unrestricted membership: `client_users.site_ids` NULL).
 * - `sites`: a user restricted to listed sites sees a row tied to ONE site only when that site is
 *   one of theirs, and a row covering SEVERAL sites (a notification for every site, a visitor form,
 *   a portal user's own list of sites, a role's holders) only when every site it covers is one of
 *   theirs — a row that also reaches another site, or every site (NULL), is not theirs to see or to
 *   change. What they create may only cover their sites.
 * - Rows *shown at* sites (a group, a member offered at sites) are the exception: a restricted user
 *   sees one that reaches at least one of their sites (`reachesScope`: every site does), because it
 *   is shown at theirs; rows shown only at other sites are not theirs.
 * - `own`: only the user's own rows (for the workplace areas: their bookings, their timesheets).
 * - `managed` (areas to come): their own rows and those of the people they manage.
 *
 * Portal users follow the spec's rule (platform §8): a restricted user manages only the users whose
 * sites are a subset of theirs, and only with the client's `group-visibility` flag; without it a
 * user manager sees every portal user of the client (the spec's default).
 *
 * The portal mirrors this for what it shows (`app/access/scope.ts`); this module is the authority.
 */
import { validation } from "../http/errors.ts";

export type Scope =
  | { readonly kind: "all" }
  | { readonly kind: "sites"; readonly siteIds: readonly number[] }
  | { readonly kind: "own"; readonly membershipId: number }
  | { readonly kind: "managed"; readonly membershipId: number; readonly managedMembershipIds: readonly number[] };

/** The kinds of row whose scope is decided here. */
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
  | "group"
  | "space"
  | "booking"
  | "rota";

/** What the module needs of a principal (`Principal` of `clients/regional.ts` fits). */
export interface ScopeSubject {
  readonly m: { readonly id: number; readonly site_ids: readonly number[] | null };
  readonly client: { readonly settings: unknown };
}

const ALL: Scope = { kind: "all" };

const groupVisibility = (p: ScopeSubject) => (p.client.settings as Record<string, unknown> | null)?.["beta.group-visibility"] === true;

/** The scope of `p` over rows of `kind`. */
export function scopeOf(p: ScopeSubject, kind: RowKind): Scope {
  const siteIds = p.m.site_ids;
  if (siteIds === null) return ALL;
  switch (kind) {
    case "portal-user":
    case "sso-user":
      // The spec's rule for managing users: restricted only with group visibility.
      return groupVisibility(p) ? { kind: "sites", siteIds } : ALL;
    default:
      return { kind: "sites", siteIds };
  }
}

/** The site ids the scope limits rows to, or null for no limit (for `$n::int[] IS NULL OR …` SQL). */
export function scopeSiteIds(scope: Scope): number[] | null {
  return scope.kind === "sites" ? [...scope.siteIds] : null;
}

/** Whether a row tied to one site (`siteId`) is in scope. A row tied to no site is outside a site scope. */
export function siteInScope(scope: Scope, siteId: number | null): boolean {
  if (scope.kind !== "sites") return true;
  return siteId !== null && scope.siteIds.includes(siteId);
}

/**
 * Whether a row covering `siteIds` (NULL: every site of the client, including sites added later) is
 * in scope: in a site scope, only when it covers at least one site and every one is the user's.
 */
export function sitesInScope(scope: Scope, siteIds: readonly number[] | null): boolean {
  if (scope.kind !== "sites") return true;
  return siteIds !== null && siteIds.length > 0 && siteIds.every((id) => scope.siteIds.includes(id));
}

/** Whether a row owned by membership `ownerId` is in scope (site scopes do not decide ownership: true). */
export function ownerInScope(scope: Scope, ownerId: number | null): boolean {
  if (scope.kind === "own") return ownerId === scope.membershipId;
  if (scope.kind === "managed") return ownerId === scope.membershipId || (ownerId !== null && scope.managedMembershipIds.includes(ownerId));
  return true;
}

/** The site ids `siteIds` narrowed to the scope (every given id when unrestricted). */
export function narrowSites(scope: Scope, siteIds: readonly number[]): number[] {
  return scope.kind === "sites" ? siteIds.filter((id) => scope.siteIds.includes(id)) : [...siteIds];
}

/**
 * For a write: refuse (422 on `field`) a row that would cover sites outside the scope — including
 * "every site" (NULL) for a restricted user. `message` is the area's known message.
 */
export function requireSitesInScope(scope: Scope, siteIds: readonly number[] | null, field: string, message: string): void {
  if (!sitesInScope(scope, siteIds)) throw validation({ [field]: [message] });
}

/**
 * SQL for "row's single-site column is in scope": `($n::int[] IS NULL OR col = ANY($n::int[]))`, the
 * scope's ids appended to `params` as $n.
 */
export function siteClause(scope: Scope, column: string, params: unknown[]): string {
  params.push(scopeSiteIds(scope));
  const n = params.length;
  return `($${n}::int[] IS NULL OR ${column} = ANY($${n}::int[]))`;
}

/**
 * SQL for "row's jsonb array of sites (NULL: every site) lies within the scope":
 * `($n::jsonb IS NULL OR (col IS NOT NULL AND jsonb_array_length(col) > 0 AND $n::jsonb @> col))`.
 */
export function jsonSitesClause(scope: Scope, column: string, params: unknown[]): string {
  const ids = scopeSiteIds(scope);
  params.push(ids === null ? null : JSON.stringify(ids));
  const n = params.length;
  return `($${n}::jsonb IS NULL OR (${column} IS NOT NULL AND jsonb_array_length(${column}) > 0 AND $${n}::jsonb @> ${column}))`;
}

/** The same for an `int[]` column: `($n::int[] IS NULL OR (col IS NOT NULL AND cardinality(col) > 0 AND col <@ $n::int[]))`. */
export function arraySitesClause(scope: Scope, column: string, params: unknown[]): string {
  params.push(scopeSiteIds(scope));
  const n = params.length;
  return `($${n}::int[] IS NULL OR (${column} IS NOT NULL AND cardinality(${column}) > 0 AND ${column} <@ $${n}::int[]))`;
}

/**
 * Whether a row *shown at* `siteIds` (NULL: every site of the client) reaches the scope: in a site
 * scope, when it is shown at one of the user's sites at least (every site is, when they have one).
 * For groups and members, which a site shows; not for rows that belong to their sites (`sitesInScope`).
 */
export function reachesScope(scope: Scope, siteIds: readonly number[] | null): boolean {
  if (scope.kind !== "sites") return true;
  if (siteIds === null) return scope.siteIds.length > 0;
  return siteIds.some((id) => scope.siteIds.includes(id));
}

/**
 * SQL for `reachesScope` over a jsonb array of sites (NULL: every site):
 * `($n::int[] IS NULL OR (col IS NULL AND cardinality($n::int[]) > 0) OR EXISTS (… x::int = ANY($n::int[])))`.
 */
export function jsonReachesClause(scope: Scope, column: string, params: unknown[]): string {
  params.push(scopeSiteIds(scope));
  const n = params.length;
  return `($${n}::int[] IS NULL OR (${column} IS NULL AND cardinality($${n}::int[]) > 0) OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(${column}) x WHERE x::int = ANY($${n}::int[])))`;
}

/**
 * A role in scope: every user holding it is (`holders`: each holder's sites, NULL every site) —
 * a role held by anyone outside the scope is read-only, since changing it changes what they may do.
 */
export function roleInScope(scope: Scope, holders: readonly (readonly number[] | null)[]): boolean {
  return holders.every((sites) => sitesInScope(scope, sites));
}

/**
 * What the portal needs to mirror `roleInScope` without the holders: the sites the holders are
 * limited to together, or null when one of them is not limited to listed sites (every site, or none).
 * A role nobody holds reaches no site ([]), and is in every scope.
 */
export function holdersReach(holders: readonly (readonly number[] | null)[]): number[] | null {
  const all = new Set<number>();
  for (const sites of holders) {
    if (sites === null || sites.length === 0) return null;
    for (const id of sites) all.add(id);
  }
  return [...all].sort((a, b) => a - b);
}

/**
 * The audit log (ADR 031): an unrestricted user reads every entry of the client; a restricted one
 * reads the entries they made, and those whose row lies within their sites (`site_ids` of the entry:
 * the sites its row was tied to before and after the change, NULL when it was tied to every site or
 * to none). `userIdParam` and the scope's ids are appended to `params`.
 */
export function auditClause(scope: Scope, userId: number, params: unknown[]): string {
  if (scope.kind === "all") return "true";
  params.push(userId);
  const n = params.length;
  if (scope.kind !== "sites") return `user_id = $${n}`;
  return `(user_id = $${n} OR ${arraySitesClause(scope, "site_ids", params)})`;
}
