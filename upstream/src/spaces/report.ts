/**
 * The bookings report (issue 26 item 7; ADR 036): one row per booking per local day it covers, at
 * the caller's sites (the scope module), each day's outcome — used, released, cancelled or unused —
 * and the totals; the export streams the same rows (the history export's rules, ../exports/sheet.ts).
 */
import { ATTENDANCE_MESSAGES, BOOKING_OUTCOMES, SPACE_CATEGORIES, SPACES_MESSAGES, SPACES_RIGHTS, type BookingsReport, type BookingsReportRow, type SpaceCategory } from "../../contract/index.ts";
import type { Principal } from "../clients/regional.ts";
import { requireRight } from "../auth/policy.ts";
import { validation } from "../http/errors.ts";
import type { Ctx } from "../http/router.ts";
import type { App } from "../runtime/app.ts";
import { scopedSites } from "../scope/sites.ts";
import { formatParam, sendSheet } from "../exports/sheet.ts";
import { optionalId, rangeParams } from "../attendance/rules.ts";
import { isoInZone } from "../time/local-time.ts";
import { likePattern } from "../sites/manage.ts";
import { layoutOf, type Layout } from "./site.ts";

export const BOOKINGS_REPORT_PER_PAGE = 50;
export const BOOKINGS_REPORT_HEADER = ["Date", "Site", "Zone", "Space", "Category", "Person", "Start", "End", "Outcome"];

type Outcome = (typeof BOOKING_OUTCOMES)[number];

interface Filters {
  from: string;
  to: string;
  sites: { id: number; name: string; timezone: string }[];
  zoneId: number | null;
  category: SpaceCategory | null;
  person: string | null;
  outcome: Outcome | null;
}

async function filtersOf(app: App, p: Principal, url: URL): Promise<Filters> {
  requireRight(p, SPACES_RIGHTS.report, { activeOnly: true, message: SPACES_MESSAGES.reportUnauthorised });
  const { from, to } = rangeParams(url);
  let sites = (await scopedSites(app.db, p, "booking")).map((s) => ({ id: s.id as number, name: s.name as string, timezone: (s.timezone as string | null) ?? "UTC" }));
  const siteId = optionalId(url, "site_id", ATTENDANCE_MESSAGES.site);
  if (siteId !== null) {
    sites = sites.filter((s) => s.id === siteId);
    if (!sites.length) throw validation({ site_id: [ATTENDANCE_MESSAGES.site] });
  }
  const zoneId = optionalId(url, "zone_id", SPACES_MESSAGES.reportZone);
  if (zoneId !== null && siteId === null) throw validation({ zone_id: [SPACES_MESSAGES.reportZone] });
  const category = url.searchParams.get("category") || null;
  if (category !== null && !(SPACE_CATEGORIES as readonly string[]).includes(category)) throw validation({ category: [SPACES_MESSAGES.category] });
  const outcome = url.searchParams.get("outcome") || null;
  if (outcome !== null && !(BOOKING_OUTCOMES as readonly string[]).includes(outcome)) throw validation({ outcome: [SPACES_MESSAGES.outcome] });
  const person = (url.searchParams.get("person") ?? "").trim().slice(0, 100) || null;
  return { from, to, sites, zoneId, category: category as SpaceCategory | null, person, outcome: outcome as Outcome | null };
}

interface DayRow {
  day: string;
  id: number;
  site_id: number;
  space_id: number;
  category: SpaceCategory;
  person_name: string;
  starts_at: Date;
  ends_at: Date;
  status: "active" | "cancelled" | "released";
  used_at: Date | null;
}

const outcomeOf = (r: Pick<DayRow, "status" | "used_at">): Outcome => (r.status === "cancelled" ? "cancelled" : r.status === "released" ? "released" : r.used_at ? "used" : "unused");

/** Every row of the range and filters, in order (day, site, start). */
async function reportRows(app: App, f: Filters): Promise<BookingsReportRow[]> {
  if (!f.sites.length) return [];
  const params: unknown[] = [f.sites.map((s) => s.id), f.from, f.to];
  let extra = "";
  if (f.category) (params.push(f.category), (extra += ` AND b.category = $${params.length}`));
  if (f.person) (params.push(likePattern(f.person)), (extra += ` AND b.person_name ILIKE $${params.length}`));
  const rows = await app.db.query<DayRow>(
    `SELECT d.day::text AS day, b.id, b.site_id, b.space_id, b.category, b.person_name, b.starts_at, b.ends_at, b.status, b.used_at
       FROM sites s
       CROSS JOIN LATERAL (SELECT generate_series($2::date, $3::date, interval '1 day')::date AS day) d
       JOIN space_bookings b ON b.site_id = s.id
        AND b.starts_at < ((d.day + 1)::timestamp AT TIME ZONE coalesce(s.timezone, 'UTC'))
        AND b.ends_at > (d.day::timestamp AT TIME ZONE coalesce(s.timezone, 'UTC'))
      WHERE s.id = ANY($1::int[])${extra}
      ORDER BY d.day, s.position, s.id, b.starts_at, b.id`,
    params,
  );
  const layouts = new Map<number, Layout>();
  for (const s of f.sites) if (rows.some((r) => r.site_id === s.id)) layouts.set(s.id, await layoutOf(app.db, s.id, true));
  const site = new Map(f.sites.map((s) => [s.id, s]));
  const out: BookingsReportRow[] = [];
  for (const r of rows) {
    const layout = layouts.get(r.site_id)!;
    const space = layout.byId.get(r.space_id);
    if (f.zoneId !== null && !(space?.zone_path ?? []).includes(f.zoneId)) continue;
    const outcome = outcomeOf(r);
    if (f.outcome && outcome !== f.outcome) continue;
    const s = site.get(r.site_id)!;
    out.push({
      day: r.day,
      booking_id: r.id,
      site_id: s.id,
      site_name: s.name,
      zone: (space?.zone_path ?? []).map((id) => layout.byId.get(id)?.name ?? "").join(" › "),
      space_id: r.space_id,
      space: space?.name ?? "",
      category: r.category,
      person: r.person_name,
      start: isoInZone(new Date(r.starts_at), s.timezone),
      end: isoInZone(new Date(r.ends_at), s.timezone),
      outcome,
    });
  }
  return out;
}

/** GET reports/bookings. */
export async function bookingsReport(app: App, p: Principal, url: URL): Promise<BookingsReport> {
  const f = await filtersOf(app, p, url);
  const pageParam = url.searchParams.get("page");
  const page = pageParam === null || pageParam === "" ? 1 : /^\d{1,9}$/.test(pageParam) ? Number(pageParam) : NaN;
  if (!(page >= 1)) throw validation({ page: ["The page must be a positive whole number"] });
  const rows = await reportRows(app, f);
  const count = (o: Outcome) => rows.filter((r) => r.outcome === o).length;
  return {
    from: f.from,
    to: f.to,
    totals: { days: rows.length, used: count("used"), released: count("released"), cancelled: count("cancelled"), unused: count("unused") },
    rows: rows.slice((page - 1) * BOOKINGS_REPORT_PER_PAGE, page * BOOKINGS_REPORT_PER_PAGE),
    page,
    per_page: BOOKINGS_REPORT_PER_PAGE,
    total: rows.length,
  };
}

const OUTCOME_WORDS: Record<Outcome, string> = { used: "Used", released: "Released", cancelled: "Cancelled", unused: "Not used" };

/** GET reports/bookings/export?format and the report's filters. */
export async function exportBookingsReport(app: App, p: Principal, ctx: Ctx): Promise<void> {
  const format = formatParam(ctx.url);
  const f = await filtersOf(app, p, ctx.url);
  const rows = await reportRows(app, f);
  await sendSheet(ctx, format, `bookings ${f.from} to ${f.to}`, "Bookings", async (sink) => {
    await sink.row(BOOKINGS_REPORT_HEADER);
    for (const r of rows) await sink.row([r.day, r.site_name, r.zone, r.space, r.category, r.person, r.start.slice(11, 16), r.end.slice(0, 10) === r.day ? r.end.slice(11, 16) : r.end.slice(0, 16).replace("T", " "), OUTCOME_WORDS[r.outcome]]);
  });
}
