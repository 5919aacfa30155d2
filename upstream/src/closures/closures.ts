/**
 * Closure days and periods (issue 27 item 2): list, create, change, delete, and the public holidays
 * offered to import. Every call needs ClosurePeriod.viewer (groups spec §6's "closure days"). The
 * scope module decides which rows (ADR 031): a user restricted to sites sees the closures that reach
 * one of their sites (a whole-client closure closes theirs too) and changes only those whose every
 * site is theirs; the whole client (NULL) is not theirs to choose.
 */
import { z } from "zod";
import {
  CLOSURE_MESSAGES as M,
  CLOSURE_LIMITS,
  CLOSURE_RIGHTS,
  isClosureDate,
  ClosurePeriodsQuery,
  PublicHolidaysQuery,
  closureDays,
  type ClosurePeriod,
  type ClosurePeriodInput,
  type ClosurePeriodUpdate,
  type PublicHolidays,
  type PublicHolidaysImport,
} from "../../contract/index.ts";
import type { Queryable } from "../db/index.ts";
import type { App } from "../runtime/app.ts";
import type { Principal } from "../clients/regional.ts";
import { requireRight } from "../auth/policy.ts";
import { forbidden, notFound, validation, zodErrors } from "../http/errors.ts";
import { reachesScope, scopeOf, sitesInScope, type Scope } from "../scope/scope.ts";
import { knownCountry, holidayKey, publicHolidays, regionsOf, siteCountry } from "./holidays.ts";
import type { Closure } from "./closed-on.ts";

/**
 * A closure's sites as they are now: a deleted site drops out of `site_ids` (the row keeps the id;
 * a closure whose every site is gone closes nothing and is not listed: LIVE).
 */
const COLS = `id, reason, to_char(starts_on, 'YYYY-MM-DD') AS start, to_char(ends_on, 'YYYY-MM-DD') AS "end",
  CASE WHEN closure_periods.site_ids IS NULL THEN NULL ELSE ARRAY(SELECT s.id FROM sites s WHERE s.client_id = closure_periods.client_id AND s.id = ANY(closure_periods.site_ids) ORDER BY s.id) END AS site_ids,
  holiday, created_at, updated_at`;
const LIVE = "(closure_periods.site_ids IS NULL OR EXISTS (SELECT 1 FROM sites s WHERE s.client_id = closure_periods.client_id AND s.id = ANY(closure_periods.site_ids)))";
type Row = { id: number; reason: string; start: string; end: string; site_ids: number[] | null; holiday: string | null; created_at: Date | string; updated_at: Date | string };

function allowed(p: Principal): Scope {
  requireRight(p, CLOSURE_RIGHTS.manage, { activeOnly: true, message: M.unauthorised });
  // Closures belong to sites as spaces' rows do: the scope of a row tied to sites.
  return scopeOf(p, "site");
}

const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());
const answer = (r: Row, scope: Scope): ClosurePeriod => ({
  id: r.id,
  reason: r.reason,
  start: r.start,
  end: r.end,
  site_ids: r.site_ids,
  holiday: r.holiday,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
  can_edit: sitesInScope(scope, r.site_ids),
});

const scopeKey = (siteIds: readonly number[] | null) => (siteIds === null ? "*" : siteIds.join(","));

function parseQuery<S extends z.ZodType>(schema: S, url: URL): z.infer<S> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema instanceof z.ZodObject ? schema.shape : {})) {
    const v = url.searchParams.get(key);
    if (v !== null && v !== "") raw[key] = v.slice(0, 100);
  }
  const r = schema.safeParse(raw);
  if (!r.success) throw validation(zodErrors(r.error));
  return r.data;
}

/** 422 on `site_ids` unless each is a site of the client within the scope (the whole client, null, only for an unrestricted user). */
async function checkSites(q: Queryable, p: Principal, scope: Scope, siteIds: readonly number[] | null, field = "site_ids"): Promise<void> {
  if (!sitesInScope(scope, siteIds)) throw validation({ [field]: [M.sites] });
  if (siteIds === null) return;
  const rows = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM sites WHERE client_id = $1 AND id = ANY($2::int[])", [p.client.id, [...siteIds]]);
  if (rows[0]!.n !== siteIds.length) throw validation({ [field]: [M.sites] });
}

/** The client's closures overlapping [from, to] (local dates; either open), for `closedOn`. */
export async function closuresBetween(q: Queryable, clientId: number, from: string | null, to: string | null): Promise<(Closure & { holiday: string | null })[]> {
  return q.query(
    `SELECT ${COLS} FROM closure_periods WHERE client_id = $1 AND ${LIVE} AND ($2::date IS NULL OR ends_on >= $2::date) AND ($3::date IS NULL OR starts_on <= $3::date) ORDER BY starts_on, id`,
    [clientId, from, to],
  );
}

export async function listClosures(app: App, p: Principal, url: URL): Promise<{ closures: ClosurePeriod[] }> {
  const scope = allowed(p);
  const f = parseQuery(ClosurePeriodsQuery, url);
  const rows = (await closuresBetween(app.db, p.client.id, f.year ? `${f.year}-01-01` : null, f.year ? `${f.year}-12-31` : null)) as Row[];
  return {
    closures: rows
      .filter((r) => reachesScope(scope, r.site_ids))
      .filter((r) => f.site_id === undefined || r.site_ids === null || r.site_ids.includes(f.site_id))
      .map((r) => answer(r, scope)),
  };
}

async function editable(q: Queryable, p: Principal, scope: Scope, idParam: string): Promise<Row> {
  const id = Number(idParam);
  const [row] = Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? await q.query<Row>(`SELECT ${COLS} FROM closure_periods WHERE id = $1 AND client_id = $2 AND ${LIVE}`, [id, p.client.id]) : [];
  if (!row || !reachesScope(scope, row.site_ids)) throw notFound(M.notFound);
  if (!sitesInScope(scope, row.site_ids)) throw forbidden(M.notYours);
  return row;
}

export async function createClosure(app: App, p: Principal, body: ClosurePeriodInput): Promise<ClosurePeriod> {
  const scope = allowed(p);
  await checkSites(app.db, p, scope, body.site_ids);
  const [row] = await app.db.query<Row>(
    `INSERT INTO closure_periods (client_id, reason, starts_on, ends_on, site_ids, scope_key, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLS}`,
    [p.client.id, body.reason, body.start, body.end ?? body.start, body.site_ids, scopeKey(body.site_ids), p.user.id],
  );
  return answer(row!, scope);
}

export async function updateClosure(app: App, p: Principal, idParam: string, body: ClosurePeriodUpdate): Promise<ClosurePeriod> {
  const scope = allowed(p);
  return app.db.tx(async (q) => {
    const row = await editable(q, p, scope, idParam);
    const siteIds = body.site_ids === undefined ? row.site_ids : body.site_ids;
    if (body.site_ids !== undefined) await checkSites(q, p, scope, siteIds);
    const start = body.start ?? row.start;
    // A new start alone moves the closure, keeping its length; `end: null` makes it one day.
    const end = body.end !== undefined ? (body.end ?? start) : body.start !== undefined ? addDays(start, closureDays(row.start, row.end) - 1) : row.end;
    if (end < start) throw validation({ end: [M.endBeforeStart] });
    if (closureDays(start, end) > CLOSURE_LIMITS.days) throw validation({ end: [M.tooLong] });
    if (!isClosureDate(end)) throw validation({ end: [M.date] });
    const [out] = await q.query<Row>(
      `UPDATE closure_periods SET reason = $2, starts_on = $3, ends_on = $4, site_ids = $5, scope_key = $6, updated_at = now(),
              holiday = CASE WHEN $3::date = starts_on AND $4::date = ends_on AND $6 = scope_key THEN holiday END
        WHERE id = $1 RETURNING ${COLS}`,
      [row.id, body.reason ?? row.reason, start, end, siteIds, scopeKey(siteIds)],
    );
    return answer(out!, scope);
  });
}

export async function deleteClosure(app: App, p: Principal, idParam: string): Promise<{ message: string }> {
  const scope = allowed(p);
  const row = await editable(app.db, p, scope, idParam);
  await app.db.query("DELETE FROM closure_periods WHERE id = $1", [row.id]);
  return { message: "Closure deleted." };
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

interface Target {
  siteId: number | null;
  country: string;
  region: string | null;
  year: number;
}

/** Where holidays are asked for: a site in scope (404 otherwise) or the whole client (an unrestricted user only), and its country and region. */
async function targetOf(q: Queryable, p: Principal, scope: Scope, a: { year: number; site_id?: number | null | undefined; country?: string | undefined; region?: string | undefined }): Promise<Target> {
  const clientCountry = String((p.client.settings as Record<string, unknown> | null)?.country ?? "GB");
  let zone: string | null = null;
  const siteId = a.site_id ?? null;
  if (siteId === null) {
    if (scope.kind === "sites") throw validation({ site_id: [M.sites] });
  } else {
    const [site] = await q.query<{ timezone: string | null }>("SELECT timezone FROM sites WHERE id = $1 AND client_id = $2", [siteId, p.client.id]);
    if (!site || !sitesInScope(scope, [siteId])) throw validation({ site_id: [M.sites] });
    zone = site.timezone;
  }
  const country = a.country ?? siteCountry(zone, clientCountry);
  if (!knownCountry(country)) throw validation({ country: [M.country] });
  const region = a.region ?? null;
  if (region !== null && !Object.hasOwn(regionsOf(country), region)) throw validation({ region: [M.region] });
  return { siteId, country, region, year: a.year };
}

async function holidaysAt(q: Queryable, p: Principal, t: Target): Promise<PublicHolidays> {
  const days = publicHolidays(t.country, t.region, t.year);
  const keys = days.map((d) => holidayKey(t.country, t.region, d.date));
  // Imported here: for the whole client, or (asking for a site) for a set of sites that includes it.
  const rows = await q.query<{ holiday: string }>(
    "SELECT DISTINCT holiday FROM closure_periods WHERE client_id = $1 AND holiday = ANY($2::text[]) AND (site_ids IS NULL OR $3::int = ANY(site_ids))",
    [p.client.id, keys, t.siteId],
  );
  const imported = new Set(rows.map((r) => r.holiday));
  return {
    year: t.year,
    site_id: t.siteId,
    country: t.country,
    region: t.region,
    regions: regionsOf(t.country),
    holidays: days.map((d, i) => ({ date: d.date, name: d.name, imported: imported.has(keys[i]!) })),
  };
}

export async function listHolidays(app: App, p: Principal, url: URL): Promise<PublicHolidays> {
  const scope = allowed(p);
  return holidaysAt(app.db, p, await targetOf(app.db, p, scope, parseQuery(PublicHolidaysQuery, url)));
}

/** Import the chosen holidays as closures of the target; one already imported there is skipped (and a race is settled by the unique index). */
export async function importHolidays(app: App, p: Principal, body: PublicHolidaysImport): Promise<PublicHolidays & { created: number }> {
  const scope = allowed(p);
  const t = await targetOf(app.db, p, scope, body);
  return app.db.tx(async (q) => {
    const offered = new Map(publicHolidays(t.country, t.region, t.year).map((d) => [d.date, d]));
    const chosen = [...new Set(body.dates)];
    if (chosen.some((d) => !offered.has(d))) throw validation({ dates: [M.holidays] });
    const siteIds = t.siteId === null ? null : [t.siteId];
    let created = 0;
    for (const date of chosen) {
      const key = holidayKey(t.country, t.region, date);
      const rows = await q.query(
        `INSERT INTO closure_periods (client_id, reason, starts_on, ends_on, site_ids, scope_key, holiday, created_by)
         SELECT $1, $2, $3::date, $3::date, $4::int[], $5, $6, $7
          WHERE NOT EXISTS (SELECT 1 FROM closure_periods WHERE client_id = $1 AND holiday = $6 AND (site_ids IS NULL OR $8::int = ANY(site_ids)))
         ON CONFLICT (client_id, holiday, scope_key) WHERE holiday IS NOT NULL DO NOTHING RETURNING id`,
        [p.client.id, offered.get(date)!.name, date, siteIds, scopeKey(siteIds), key, p.user.id, t.siteId],
      );
      created += rows.length;
    }
    return { ...(await holidaysAt(q, p, t)), created };
  });
}
