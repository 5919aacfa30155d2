/**
 * The attendance reports (issue 17 §4; ADR 027): site attendance (people on site per site per day)
 * and daily attendance (each current member of the returning groups, present or absent from their
 * visits, with an override), as JSON and as streamed spreadsheets. Only the sites the user may see
 * count: every query is bounded by them. Days are calendar days in each visit's site's time zone.
 */
import type { DailyAttendanceRow, SiteAttendanceRow } from "../../contract/attendance.ts";
import { ATTENDANCE_MESSAGES } from "../../contract/attendance-messages.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { notFound, validation } from "../http/errors.ts";
import type { Ctx } from "../http/router.ts";
import { abilities, requireActive, type Principal } from "../clients/regional.ts";
import { iso } from "../clients/model.ts";
import { jsonReachesClause, scopeOf, type Scope } from "../scope/scope.ts";
import { scopedSites } from "../scope/sites.ts";
import { formatParam, sendSheet } from "../exports/sheet.ts";
import { dayParam, dayProblem, mayEditDaily, optionalId, overrideValues, rangeParams, requireDaily, requireSiteAttendance, type Who } from "./rules.ts";

const who = (p: Principal): Who => ({ rights: abilities(p), isSuper: p.user.is_super, settings: (p.client.settings ?? null) as Record<string, unknown> | null });

/** The sites the user may see, or the one asked for (a 422 when it is not one of them). */
async function scopeSites(q: Queryable, p: Principal, siteId: number | null): Promise<{ id: number; name: string }[]> {
  const sites = (await scopedSites(q, p, "visit")).map((s) => ({ id: s.id as number, name: s.name as string }));
  if (siteId === null) return sites;
  const site = sites.find((s) => s.id === siteId);
  if (!site) throw validation({ site_id: [ATTENDANCE_MESSAGES.site] });
  return [site];
}

/** The client's today: the latest local date among its sites (a day is "after today" nowhere before that). */
export async function clientToday(q: Queryable, clientId: number): Promise<string> {
  const r = await one<{ today: string }>(q, `SELECT to_char(coalesce(max((now() AT TIME ZONE timezone)::date), current_date), 'YYYY-MM-DD') AS today FROM sites WHERE client_id = $1`, [clientId]);
  return r!.today;
}

// ---------------------------------------------------------------------------------------------
// Site attendance
// ---------------------------------------------------------------------------------------------

/**
 * Per site per day (every day of the range, every site in scope, zeros included): distinct
 * members (returning groups; by member) and visitors (standard groups; by name and company)
 * signed in that local day, deliveries, pending and rejected sign-ins excluded; the peak is the
 * most visits open at once that day (sign-ins and sign-outs in time order, a visit still open
 * counted until now or the day's end).
 */
export async function siteAttendanceRows(q: Queryable, siteIds: number[], from: string, to: string): Promise<SiteAttendanceRow[]> {
  if (siteIds.length === 0) return [];
  const rows = await q.query<SiteAttendanceRow & { day: string }>(
    `WITH d AS (
       SELECT v.site_id, s.timezone, (v.signed_in_at AT TIME ZONE s.timezone)::date AS day, g.type,
              CASE WHEN g.type = 'returning' AND v.member_id IS NOT NULL THEN 'm' || v.member_id
                   ELSE 'v' || lower(v.name) || '|' || lower(coalesce(v.company, '')) END AS person,
              v.signed_in_at, v.signed_out_at
         FROM visits v JOIN sites s ON s.id = v.site_id JOIN groups g ON g.id = v.group_id
        WHERE v.site_id = ANY($1::int[]) AND g.type <> 'delivery' AND v.signed_in_at IS NOT NULL
          AND v.status NOT IN ('pending', 'rejected')
          AND v.signed_in_at >= $2::date - 1 AND v.signed_in_at < $3::date + 2
     ), days AS (SELECT * FROM d WHERE day BETWEEN $2::date AND $3::date),
     counts AS (
       SELECT site_id, day, count(DISTINCT person) FILTER (WHERE type = 'returning') AS members,
              count(DISTINCT person) FILTER (WHERE type <> 'returning') AS visitors
         FROM days GROUP BY site_id, day
     ), events AS (
       SELECT site_id, day, signed_in_at AS t, 1 AS delta FROM days
       UNION ALL
       SELECT site_id, day, least(coalesce(signed_out_at, now()), ((day + 1)::timestamp AT TIME ZONE timezone)), -1 FROM days
     ), running AS (
       SELECT site_id, day, sum(delta) OVER (PARTITION BY site_id, day ORDER BY t, delta ROWS UNBOUNDED PRECEDING) AS open FROM events
     ), peaks AS (SELECT site_id, day, max(open) AS peak FROM running GROUP BY site_id, day)
     SELECT to_char(cal.day, 'YYYY-MM-DD') AS day, s.id AS site_id, s.name AS site_name,
            coalesce(c.members, 0)::int + coalesce(c.visitors, 0)::int AS people,
            coalesce(c.visitors, 0)::int AS visitors, coalesce(c.members, 0)::int AS members, coalesce(pk.peak, 0)::int AS peak
       FROM generate_series($2::date, $3::date, interval '1 day') AS cal(day)
       CROSS JOIN sites s
       LEFT JOIN counts c ON c.site_id = s.id AND c.day = cal.day::date
       LEFT JOIN peaks pk ON pk.site_id = s.id AND pk.day = cal.day::date
      WHERE s.id = ANY($1::int[])
      ORDER BY cal.day, s.position, s.id`,
    [siteIds, from, to],
  );
  return rows;
}

async function siteAttendanceScope(app: App, p: Principal, url: URL) {
  requireActive(p);
  requireSiteAttendance(who(p));
  const range = rangeParams(url);
  const sites = await scopeSites(app.db, p, optionalId(url, "site_id", ATTENDANCE_MESSAGES.site));
  return { ...range, siteIds: sites.map((s) => s.id) };
}

/** GET reports/site-attendance?from&to&site_id */
export async function getSiteAttendance(app: App, p: Principal, url: URL) {
  const { from, to, siteIds } = await siteAttendanceScope(app, p, url);
  return { from, to, rows: await siteAttendanceRows(app.db, siteIds, from, to) };
}

export const SITE_ATTENDANCE_HEADER = ["Date", "Site", "People", "Visitors", "Members", "Peak on site"];

/** GET reports/site-attendance/export?format&from&to&site_id: one row per site per day. */
export async function exportSiteAttendance(app: App, p: Principal, ctx: Ctx): Promise<void> {
  const format = formatParam(ctx.url);
  const { from, to, siteIds } = await siteAttendanceScope(app, p, ctx.url);
  const rows = await siteAttendanceRows(app.db, siteIds, from, to);
  await sendSheet(ctx, format, `site attendance ${from} to ${to}`, "Site attendance", async (sink) => {
    await sink.row(SITE_ATTENDANCE_HEADER);
    for (const r of rows) await sink.row([r.day, r.site_name, r.people, r.visitors, r.members, r.peak]);
  });
}

// ---------------------------------------------------------------------------------------------
// Daily attendance
// ---------------------------------------------------------------------------------------------

interface DailyScope {
  clientId: number;
  siteIds: number[];
  /** The one site asked for (members and groups shown there), else null. */
  siteId: number | null;
  /** Which members count (ADR 031): those offered at the site asked for, else at a site of the user's scope. */
  members: Scope;
  groupId: number | null;
  memberId?: number;
  canEdit: boolean;
  today: string;
}

interface DailyDbRow {
  member_id: number;
  name: string;
  group_id: number;
  group_name: string;
  starts_on: string | null;
  ends_on: string | null;
  first_in: Date | null;
  last_out: Date | null;
  open_visits: number;
  site_id: number | null;
  status: string | null;
  note: string | null;
  set_by_name: string | null;
  set_at: Date | null;
}

/** The returning groups in scope: shown at one of the user's sites (or the one asked for). */
const GROUPS_IN_SCOPE = `g.client_id = $1 AND g.type = 'returning'
  AND (g.site_ids IS NULL OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(g.site_ids) x WHERE x::int = ANY($2::int[])))`;

async function groupsInScope(q: Queryable, s: DailyScope) {
  return q.query<{ id: number; name: string }>(`SELECT g.id, g.name FROM groups g WHERE ${GROUPS_IN_SCOPE} ORDER BY g.position, g.id`, [s.clientId, s.siteIds]);
}

/** Every current member of the groups in scope on `day`, with their visits that day at the sites in scope and the day's override. */
export async function dailyRows(q: Queryable, s: DailyScope, day: string): Promise<DailyAttendanceRow[]> {
  const params: unknown[] = [s.clientId, s.siteIds, day, s.groupId, s.memberId ?? null];
  const rows = await q.query<DailyDbRow>(
    `SELECT m.id AS member_id, m.name, g.id AS group_id, g.name AS group_name,
            to_char(m.starts_on, 'YYYY-MM-DD') AS starts_on, to_char(m.ends_on, 'YYYY-MM-DD') AS ends_on,
            v.first_in, v.last_out, coalesce(v.open_visits, 0)::int AS open_visits, v.site_id,
            o.status, o.note, o.set_by_name, o.set_at
       FROM members m JOIN groups g ON g.id = m.group_id
       LEFT JOIN LATERAL (
         SELECT min(vv.signed_in_at) AS first_in, max(vv.signed_out_at) AS last_out,
                count(*) FILTER (WHERE vv.signed_out_at IS NULL) AS open_visits,
                (array_agg(vv.site_id ORDER BY vv.signed_in_at))[1] AS site_id
           FROM visits vv JOIN sites ss ON ss.id = vv.site_id
          WHERE vv.member_id = m.id AND vv.site_id = ANY($2::int[]) AND vv.signed_in_at IS NOT NULL
            AND vv.status NOT IN ('pending', 'rejected')
            AND vv.signed_in_at >= $3::date - 1 AND vv.signed_in_at < $3::date + 2
            AND (vv.signed_in_at AT TIME ZONE ss.timezone)::date = $3::date
       ) v ON true
       LEFT JOIN attendance_overrides o ON o.member_id = m.id AND o.day = $3::date
      WHERE ${GROUPS_IN_SCOPE} AND m.archived_at IS NULL
        AND (m.starts_on IS NULL OR m.starts_on <= $3::date) AND (m.ends_on IS NULL OR m.ends_on >= $3::date)
        AND ${jsonReachesClause(s.members, "m.site_ids", params)}
        AND ($4::int IS NULL OR g.id = $4::int) AND ($5::int IS NULL OR m.id = $5::int)
      ORDER BY g.position, g.id, lower(m.name), m.id`,
    params,
  );
  return rows.map((r) => ({
    member_id: r.member_id,
    name: r.name,
    group_id: r.group_id,
    group_name: r.group_name,
    drawn: r.first_in ? "present" : "absent",
    first_in: iso(r.first_in),
    last_out: r.open_visits > 0 ? null : iso(r.last_out),
    site_id: r.site_id,
    override: r.status ? { status: r.status as "present", note: r.note, set_by: r.set_by_name ?? "", set_at: iso(r.set_at) ?? "" } : null,
    editable: s.canEdit && dayProblem(day, s.today, r) === null,
  }));
}

async function dailyScope(app: App, p: Principal, url: URL, edit = false): Promise<DailyScope> {
  requireActive(p);
  requireDaily(who(p), edit);
  const siteId = optionalId(url, "site_id", ATTENDANCE_MESSAGES.site);
  const sites = await scopeSites(app.db, p, siteId);
  const members: Scope = siteId !== null ? { kind: "sites", siteIds: [siteId] } : scopeOf(p, "group");
  const s: DailyScope = { clientId: p.client.id, siteIds: sites.map((x) => x.id), siteId, members, groupId: null, canEdit: mayEditDaily(who(p)), today: await clientToday(app.db, p.client.id) };
  const groupId = optionalId(url, "group_id", ATTENDANCE_MESSAGES.group);
  if (groupId !== null && !(await groupsInScope(app.db, s)).some((g) => g.id === groupId)) throw validation({ group_id: [ATTENDANCE_MESSAGES.group] });
  return { ...s, groupId };
}

/** GET reports/daily-attendance?day&site_id&group_id */
export async function getDailyAttendance(app: App, p: Principal, url: URL) {
  const s = await dailyScope(app, p, url);
  const day = dayParam(url.searchParams.get("day"));
  return { day, groups: await groupsInScope(app.db, s), rows: await dailyRows(app.db, s, day), can_edit: s.canEdit };
}

export const DAILY_ATTENDANCE_HEADER = ["Date", "Member", "Group", "From visits", "First in", "Last out", "Override", "Note", "Changed by", "Changed at"];

/** GET reports/daily-attendance/export?format&from&to&site_id&group_id: one row per member per day, a day at a time. */
export async function exportDailyAttendance(app: App, p: Principal, ctx: Ctx): Promise<void> {
  const format = formatParam(ctx.url);
  const s = await dailyScope(app, p, ctx.url);
  const { from, to } = rangeParams(ctx.url);
  await sendSheet(ctx, format, `daily attendance ${from} to ${to}`, "Daily attendance", async (sink) => {
    await sink.row(DAILY_ATTENDANCE_HEADER);
    for (let day = from; day <= to && !ctx.res.destroyed; day = nextDay(day)) {
      for (const r of await dailyRows(app.db, s, day)) {
        const o = r.override;
        await sink.row([day, r.name, r.group_name, r.drawn, r.first_in ?? "", r.last_out ?? "", o?.status ?? "", o?.note ?? "", o?.set_by ?? "", o?.set_at ?? ""]);
      }
    }
  });
}

export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The member (of a group in scope) whose day is changed, and the day, or a 4xx. */
async function editableDay(app: App, p: Principal, ctx: Ctx) {
  const s = await dailyScope(app, p, new URL("http://x/"), true);
  const day = dayParam(ctx.params.day ?? null);
  const memberId = /^[1-9]\d{0,8}$/.test(ctx.params.memberId ?? "") ? Number(ctx.params.memberId) : 0;
  const params: unknown[] = [s.clientId, s.siteIds, memberId];
  const member = await one<{ id: number; starts_on: string | null; ends_on: string | null }>(
    app.db,
    `SELECT m.id, to_char(m.starts_on, 'YYYY-MM-DD') AS starts_on, to_char(m.ends_on, 'YYYY-MM-DD') AS ends_on
       FROM members m JOIN groups g ON g.id = m.group_id
      WHERE m.id = $3 AND m.archived_at IS NULL AND ${GROUPS_IN_SCOPE} AND ${jsonReachesClause(s.members, "m.site_ids", params)}`,
    params,
  );
  if (!member) throw notFound(ATTENDANCE_MESSAGES.memberGone);
  const problem = dayProblem(day, s.today, member);
  if (problem) throw validation({ day: [problem] });
  return { s: { ...s, memberId: member.id }, day };
}

async function rowAfter(app: App, s: DailyScope, day: string): Promise<DailyAttendanceRow> {
  const [row] = await dailyRows(app.db, s, day);
  if (!row) throw notFound(ATTENDANCE_MESSAGES.memberGone);
  return row;
}

/** POST reports/daily-attendance/{memberId}/{day}: set the day's override (who and when kept). */
export async function setAttendanceOverride(app: App, p: Principal, ctx: Ctx, body: { status: string; note?: string | null }) {
  const { s, day } = await editableDay(app, p, ctx);
  const values = overrideValues(body);
  await app.db.query(
    `INSERT INTO attendance_overrides (member_id, day, status, note, set_by, set_by_name) VALUES ($1, $2::date, $3, $4, $5, $6)
     ON CONFLICT (member_id, day) DO UPDATE SET status = EXCLUDED.status, note = EXCLUDED.note, set_by = EXCLUDED.set_by,
       set_by_name = EXCLUDED.set_by_name, set_at = now()`,
    [s.memberId, day, values.status, values.note, p.user.id, p.user.name],
  );
  return rowAfter(app, s, day);
}

/** DELETE reports/daily-attendance/{memberId}/{day}: back to what the visits say. */
export async function clearAttendanceOverride(app: App, p: Principal, ctx: Ctx) {
  const { s, day } = await editableDay(app, p, ctx);
  await app.db.query("DELETE FROM attendance_overrides WHERE member_id = $1 AND day = $2::date", [s.memberId, day]);
  return rowAfter(app, s, day);
}
