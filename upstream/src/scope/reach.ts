/**
 * What the scope module (./scope.ts) adds for the feature areas (issue 24 item 3; ADRs 028, 030):
 * "reaches one of the user's sites" — the rule for READING things offered at several sites, where
 * ./scope.ts's "every site it covers is theirs" is the rule for CHANGING them.
 *
 * - A group is offered at its sites (NULL: every site). A notification or a visitor form may name a
 *   group only when it is offered at one of the user's sites; the pickers offer only those.
 * - A member of a group may sign in at their own sites (NULL: every site the group is offered at).
 *   An API client bounded to the Warehouse reads the members who may sign in there.
 * - A client API credential reads what its creator's membership reaches NOW (`scopeOfMembership`):
 *   the creator's sites at the time of each call, so a creator whose access narrows narrows the key.
 */
import { scopeOf, scopeSiteIds, type Scope } from "./scope.ts";

/**
 * Whether something offered at `siteIds` (NULL: every site of the client) reaches at least one site
 * of the scope. An unrestricted scope reaches everything; a scope of no site reaches nothing.
 */
export function sitesReachScope(scope: Scope, siteIds: readonly number[] | null): boolean {
  if (scope.kind !== "sites") return true;
  if (siteIds === null) return scope.siteIds.length > 0;
  return siteIds.some((id) => scope.siteIds.includes(id));
}

/**
 * SQL for "a jsonb array of sites (NULL: every site) reaches one of the scope's sites" — the same
 * rule as `sitesReachScope`, the scope's ids appended to `params` as $n.
 */
export function jsonSitesReachClause(scope: Scope, column: string, params: unknown[]): string {
  params.push(scopeSiteIds(scope));
  const n = params.length;
  return `($${n}::int[] IS NULL OR (${column} IS NULL AND cardinality($${n}::int[]) > 0)
    OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(${column}) AS reach(site) WHERE reach.site::int = ANY($${n}::int[])))`;
}

/** The scope of a membership's sites (`client_users.site_ids`: NULL every site), for rows of any site-bound kind. */
export function scopeOfMembership(membershipId: number, siteIds: readonly number[] | null): Scope {
  return scopeOf({ m: { id: membershipId, site_ids: siteIds }, client: { settings: {} } }, "visit");
}
