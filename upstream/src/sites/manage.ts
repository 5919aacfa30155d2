/**
 * Access to the manage calls of one site (`sites/{siteId}/...`): the site must be one the user may
 * see (their client's, inside their `site_id` list), else 404 "Site not found." (another client's
 * site is indistinguishable from a missing one); then the right of the site's kind: ManageSite.* for
 * standard and remote sites, ManageEvent.* for events (platform §6), viewer to read, editor to
 * change. Changes run in one transaction with the site's row locked, so nothing is half-saved and
 * two changes to one site never interleave.
 */
import type { Region } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden, notFound, validation } from "../http/errors.ts";
import { SITE_COLS } from "../clients/model.ts";
import { scopeOf, siteInScope } from "../scope/scope.ts";
import { abilities, requireActive, type Principal } from "../clients/regional.ts";

export type Need = "viewer" | "editor";
export type SiteType = "standard" | "remote" | "event";

/** A row of `sites` with the computed count (SITE_COLS). */
export interface SiteRow {
  id: number;
  client_id: number;
  type: SiteType;
  name: string;
  active_from: Date | string | null;
  active_until: Date | string | null;
  location: { lat: number; lng: number; zoom: number; radius: number } | null;
  branding_image_file_id: number | null;
  welcome_video_file_id: number | null;
  privacy: Record<string, boolean>;
  settings: Record<string, unknown>;
  [k: string]: unknown;
}

export const parseId = (s: string | null | undefined) => (s && /^\d{1,9}$/.test(s) ? Number(s) : NaN);

export const siteNotFound = () => notFound("Site not found.");

/** `ManageSite` for standard and remote sites, `ManageEvent` for events. */
export const rightFor = (type: SiteType, need: Need) => `${type === "event" ? "ManageEvent" : "ManageSite"}.${need}`;

export function requireSiteRight(p: Principal, type: SiteType, need: Need): void {
  if (abilities(p).includes(rightFor(type, need))) return;
  const what = type === "event" ? "event" : "site";
  throw forbidden(need === "viewer" ? `You are not authorised to view this ${what}.` : `You are not authorised to change this ${what}.`);
}

/** The site `idParam` for this user (404 / 403 as above); `lock` takes its row lock (inside a transaction). */
export async function managedSite(q: Queryable, p: Principal, idParam: string, need: Need, lock = false): Promise<SiteRow> {
  requireActive(p);
  const id = parseId(idParam);
  const row = Number.isNaN(id)
    ? undefined
    : await one<SiteRow>(q, `SELECT ${SITE_COLS} FROM sites s WHERE s.id = $1 AND s.client_id = $2${lock ? " FOR UPDATE OF s" : ""}`, [id, p.client.id]);
  if (!row || !siteInScope(scopeOf(p, "site"), row.id)) throw siteNotFound();
  requireSiteRight(p, row.type, need);
  return row;
}

/** Read a site's data (viewer right). */
export async function readSite<T>(app: App, p: Principal, idParam: string, fn: (q: Queryable, site: SiteRow) => Promise<T>): Promise<T> {
  const site = await managedSite(app.db, p, idParam, "viewer");
  return fn(app.db, site);
}

/** Change a site's data (editor right): one transaction, the site's row locked, `updated_at` bumped. */
export async function changeSite<T>(app: App, p: Principal, idParam: string, fn: (q: Queryable, site: SiteRow) => Promise<T>): Promise<T> {
  return app.db.tx(async (q) => {
    const site = await managedSite(q, p, idParam, "editor", true);
    const result = await fn(q, site);
    await q.query("UPDATE sites SET updated_at = now() WHERE id = $1", [site.id]);
    return result;
  });
}

/** A row of `table` that belongs to the site, else 404 with `message`. */
export async function siteChild<T>(q: Queryable, table: string, idParam: string, siteId: number, message: string, lock = false): Promise<T> {
  const id = parseId(idParam);
  const row = Number.isNaN(id) ? undefined : await one<T>(q, `SELECT * FROM ${table} WHERE id = $1 AND site_id = $2${lock ? " FOR UPDATE" : ""}`, [id, siteId]);
  if (!row) throw notFound(message);
  return row;
}

/**
 * New positions for a list the user reordered: `ids` must name every row of the site's list exactly
 * once (a stale page that misses a new row is refused rather than guessed at).
 */
export async function reorder(q: Queryable, table: string, siteId: number, ids: number[]): Promise<void> {
  const current = (await q.query<{ id: number }>(`SELECT id FROM ${table} WHERE site_id = $1 FOR UPDATE`, [siteId])).map((r) => r.id);
  const wanted = new Set(ids);
  if (wanted.size !== ids.length || ids.length !== current.length || !current.every((id) => wanted.has(id))) {
    throw validation({ ids: ["The new order must list every item of this site exactly once"] });
  }
  await q.query(`UPDATE ${table} t SET position = o.ord - 1 FROM unnest($1::int[]) WITH ORDINALITY AS o(id, ord) WHERE t.id = o.id AND t.site_id = $2`, [ids, siteId]);
}

/** Next position at the end of a site's list. */
export async function nextPosition(q: Queryable, table: string, siteId: number): Promise<number> {
  return (await one<{ n: number }>(q, `SELECT coalesce(max(position), -1) + 1 AS n FROM ${table} WHERE site_id = $1`, [siteId]))!.n;
}

/** Page number from the query (1 when absent), else 422. */
export function pageParam(query: URLSearchParams): number {
  const raw = query.get("page");
  const page = raw === null || raw === "" ? 1 : parseId(raw);
  if (Number.isNaN(page) || page < 1) throw validation({ page: ["The page must be a positive whole number"] });
  return page;
}

/** `%` and `_` match themselves in a search (ILIKE … ESCAPE '\'). */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const regionOf = (p: Principal) => p.client.region as Region;
