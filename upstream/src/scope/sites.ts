/**
 * The client's sites in a user's scope (ADR 031), read once for the areas that list or act at sites:
 * the same rule as `siteInScope`, in SQL (`siteClause`). `kind` names the rows the sites are for
 * (a visit's site, an evacuation's …); every kind of row belonging to one site is scoped alike today.
 */
import type { Queryable } from "../db/index.ts";
import { SITE_COLS } from "../clients/model.ts";
import { notFound } from "../http/errors.ts";
import { scopeOf, siteClause, type RowKind, type ScopeSubject } from "./scope.ts";

type Subject = ScopeSubject & { readonly client: { readonly id: number; readonly settings: unknown } };

/** Rows of `sites s` (SITE_COLS) of the client within `p`'s scope for `kind`, in display order. */
export async function scopedSites(q: Queryable, p: Subject, kind: RowKind = "site") {
  const params: unknown[] = [p.client.id];
  return q.query(`SELECT ${SITE_COLS} FROM sites s WHERE s.client_id = $1 AND ${siteClause(scopeOf(p, kind), "s.id", params)} ORDER BY s.position, s.id`, params);
}

/** The site `siteId` when it is within `p`'s scope for `kind`, else 404 `message` (as a site that does not exist). */
export async function scopedSite(q: Queryable, p: Subject, siteId: number, kind: RowKind = "site", message = "Site not found.") {
  const site = Number.isNaN(siteId) ? undefined : (await scopedSites(q, p, kind)).find((s) => s.id === siteId);
  if (!site) throw notFound(message);
  return site;
}
