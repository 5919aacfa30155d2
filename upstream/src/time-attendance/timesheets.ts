/**
 * The timesheet read model (issue 27 item 4): GET time-attendance/timesheets. The pure core
 * (./timesheet/compute.ts) does the arithmetic; this module loads, for one page of members, in a
 * fixed number of queries whatever the page's size or the period's length (GUIDE: read models
 * for screens, no N+1):
 *
 *   1. the page of members in scope, each with their rota (own, else the group's; its working
 *      hours' shifts and break) and their fallback site (see below), and the total;
 *   2. every sign-in and sign-out (visits) of those members from the day before `from` to the day
 *      after `to`, with the site's zone;
 *   3. the organisation's closures overlapping the period (`closuresBetween`);
 *   4. the organisation's default activity status (counted in hours or not).
 *   (+1 when a site_id or group_id filter is given: it must be the organisation's and in scope.)
 *
 * Decisions:
 * - Scope (ADR 031): members are rows *shown at* sites: a user restricted to sites sees the members
 *   of the groups shown at one of their sites whose own sites (members.site_ids) reach theirs too,
 *   as the daily attendance report does. `site_id` narrows to the members shown at that site.
 * - A member's sign-ins count at every site of the organisation, not only the caller's: a timesheet
 *   is the person's working time; a sign-in at another site only shows as its site id.
 * - Zone and closures: a member's days are the local days of ONE site's zone for the period: the
 *   site of their first sign-in of the period; without any, their first own site, else their
 *   group's first site, else the organisation's first site (by position), else Europe/London.
 *   A member who signs in at sites of two zones in one period sees every day in the first one's.
 * - A rota day with several shifts is held as one shift from the first's start to the last's end.
 * - Statuses: the portal records no status changes yet, so every record is in the default status
 *   (counted in hours unless the organisation's default says otherwise).
 * - Members only from the returning groups, not archived (and only those whose start and end dates
 *   reach the period). Days before a member's start date or after their end date
 *   expect nothing: a day off (never absent).
 * - `member_id` of a member not in scope (or of another organisation) answers no member, not 404.
 * - `total` counts every member in scope for the filters; a page past the last has none.
 * - "The people they manage" is not a row scope here yet (a portal user is not tied to a member).
 */
import {
  TIME_ATTENDANCE_MESSAGES as M,
  TIME_ATTENDANCE_RIGHTS as R,
  TIMESHEET_MAX_DAYS,
  TIMESHEET_PAGE_SIZE,
  type TimesheetDay,
  type TimesheetMember,
  type Timesheets,
} from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import type { Principal } from "../clients/regional.ts";
import { one, type Queryable } from "../db/index.ts";
import { requireRight } from "../auth/policy.ts";
import { validation } from "../http/errors.ts";
import { jsonReachesClause, scopeOf, siteInScope, type Scope } from "../scope/scope.ts";
import { closuresBetween } from "../closures/closures.ts";
import { closedOn } from "../closures/closed-on.ts";
import { addLocalDays, isTimeZone, parseLocalDate } from "../time/local-time.ts";
import { expectations, localDates, timesheet, weekTotals, type AttendanceEvent, type BreakRule, type DayExpectation, type DaySummary, type Rota, type ScheduledShift, type StatusRef, type Weekday } from "./timesheet/index.ts";
import { minutesOf } from "./shifts.ts";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,8}$/;
const WEEKDAY: Record<string, Weekday> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };

export const readTimesheets = (p: Principal) => requireRight(p, R.readTimesheets, { activeOnly: true, any: true, message: M.timesheetsNotAuthorised });

export interface TimesheetQuery {
  from: string;
  to: string;
  siteId: number | null;
  groupId: number | null;
  memberId: number | null;
  page: number;
}

/** The query string checked: a 422 on the field at fault. */
export function timesheetQuery(url: URL): TimesheetQuery {
  const errors: Record<string, string[]> = {};
  const date = (key: "from" | "to"): string => {
    const v = url.searchParams.get(key) ?? "";
    if (!DATE.test(v) || !parseLocalDate(v)) errors[key] = [M.timesheetDate];
    return v;
  };
  const from = date("from");
  const to = date("to");
  if (!errors.from && !errors.to && (to < from || addLocalDays(from, TIMESHEET_MAX_DAYS - 1) < to)) errors.to = [M.timesheetPeriod];
  const id = (key: string, message: string): number | null => {
    const v = url.searchParams.get(key);
    if (v === null || v === "") return null;
    if (!ID.test(v)) {
      errors[key] = [message];
      return null;
    }
    return Number(v);
  };
  const siteId = id("site_id", M.chooseSite);
  const groupId = id("group_id", M.chooseGroup);
  const memberId = id("member_id", M.memberGone);
  const rawPage = url.searchParams.get("page");
  let page = 1;
  if (rawPage !== null && rawPage !== "") {
    if (!/^[1-9]\d{0,5}$/.test(rawPage)) errors.page = [M.timesheetPage];
    else page = Number(rawPage);
  }
  if (Object.keys(errors).length) throw validation(errors);
  return { from, to, siteId, groupId, memberId, page };
}

interface MemberRow {
  id: number;
  name: string;
  group_id: number;
  group_name: string;
  rota_id: number | null;
  rota_name: string | null;
  rota_type: "flexible" | "scheduled" | null;
  hours_per_week: string | null;
  shifts: Record<string, { start: string; end: string }[]> | null;
  break: { type?: string; minutes?: number | null; start?: string | null; end?: string | null } | null;
  site_id: number | null;
  site_name: string | null;
  timezone: string | null;
  starts_on: string | null;
  ends_on: string | null;
  total: number;
}

interface VisitRow {
  member_id: number;
  site_id: number;
  site_name: string;
  timezone: string;
  signed_in_at: Date;
  signed_out_at: Date | null;
}

/** The members of the page (one query): in scope, filtered, by name; each with their rota and fallback site. */
async function memberPage(q: Queryable, clientId: number, scope: Scope, f: TimesheetQuery): Promise<MemberRow[]> {
  const params: unknown[] = [clientId, f.groupId, f.memberId, f.siteId, TIMESHEET_PAGE_SIZE, (f.page - 1) * TIMESHEET_PAGE_SIZE, f.from, f.to];
  const groupReach = jsonReachesClause(scope, "g.site_ids", params);
  const memberReach = jsonReachesClause(scope, "m.site_ids", params);
  return q.query<MemberRow>(
    `SELECT m.id, m.name, g.id AS group_id, g.name AS group_name,
            r.id AS rota_id, r.name AS rota_name, r.type AS rota_type, r.hours_per_week::text AS hours_per_week,
            CASE WHEN r.working_hours_id IS NOT NULL THEN w.shifts ELSE r.shifts END AS shifts,
            CASE WHEN r.working_hours_id IS NOT NULL THEN w.break ELSE r.break END AS break,
            fs.id AS site_id, fs.name AS site_name, fs.timezone, count(*) OVER ()::int AS total,
            to_char(m.starts_on, 'YYYY-MM-DD') AS starts_on, to_char(m.ends_on, 'YYYY-MM-DD') AS ends_on
       FROM members m JOIN groups g ON g.id = m.group_id
       LEFT JOIN ta_rotas r ON r.id = coalesce(m.rota_id, g.default_rota_id) AND r.client_id = g.client_id
       LEFT JOIN ta_working_hours w ON w.id = r.working_hours_id
       LEFT JOIN LATERAL (
         SELECT s.id, s.name, s.timezone FROM sites s
          WHERE s.client_id = g.client_id
          ORDER BY CASE WHEN m.site_ids @> to_jsonb(s.id) THEN 0 WHEN g.site_ids @> to_jsonb(s.id) THEN 1 ELSE 2 END, s.position, s.id
          LIMIT 1
       ) fs ON true
      WHERE g.client_id = $1 AND g.type = 'returning' AND m.archived_at IS NULL
        AND (m.ends_on IS NULL OR m.ends_on >= $7::date) AND (m.starts_on IS NULL OR m.starts_on <= $8::date)
        AND ($2::int IS NULL OR g.id = $2::int) AND ($3::int IS NULL OR m.id = $3::int)
        AND ($4::int IS NULL OR ((g.site_ids IS NULL OR g.site_ids @> to_jsonb($4::int)) AND (m.site_ids IS NULL OR m.site_ids @> to_jsonb($4::int))))
        AND ${groupReach} AND ${memberReach}
      ORDER BY lower(m.name), m.id
      LIMIT $5 OFFSET $6`,
    params,
  );
}

/** Every sign-in of the page's members from the day before `from` to the day after `to` (one query). */
async function visitsOf(q: Queryable, clientId: number, memberIds: number[], from: string, to: string): Promise<VisitRow[]> {
  if (memberIds.length === 0) return [];
  return q.query<VisitRow>(
    `SELECT v.member_id, v.site_id, s.name AS site_name, s.timezone, v.signed_in_at, v.signed_out_at
       FROM visits v JOIN sites s ON s.id = v.site_id
      WHERE s.client_id = $1 AND v.member_id = ANY($2::int[]) AND v.signed_in_at IS NOT NULL
        AND v.status NOT IN ('pending', 'rejected')
        AND v.signed_in_at >= $3::date - 2 AND v.signed_in_at < $4::date + 3
      ORDER BY v.member_id, v.signed_in_at, v.id`,
    [clientId, memberIds, from, to],
  );
}

function breakOf(b: MemberRow["break"]): BreakRule {
  if (b?.type === "flexible" && typeof b.minutes === "number") return { type: "flexible", minutes: b.minutes };
  if (b?.type === "scheduled" && b.start && b.end) return { type: "scheduled", start: b.start, end: b.end };
  return { type: "none" };
}

/** The stored rota as the core reads it: a day's shifts held as one, from the first's start to the last's end. */
export function rotaOf(row: Pick<MemberRow, "rota_type" | "hours_per_week" | "shifts" | "break">): Rota | null {
  const brk = breakOf(row.break);
  if (row.rota_type === "flexible") return { type: "flexible", hoursPerWeek: Number(row.hours_per_week ?? 0), break: brk };
  if (row.rota_type !== "scheduled") return null;
  const shifts: Partial<Record<Weekday, ScheduledShift>> = {};
  for (const [day, list] of Object.entries(row.shifts ?? {})) {
    const weekday = WEEKDAY[day];
    const valid = (Array.isArray(list) ? list : []).filter((s) => minutesOf(s?.start) !== null && minutesOf(s?.end) !== null);
    if (weekday === undefined || valid.length === 0) continue;
    const sorted = [...valid].sort((a, b) => minutesOf(a.start)! - minutesOf(b.start)!);
    shifts[weekday] = { start: sorted[0]!.start, end: sorted[sorted.length - 1]!.end, break: brk };
  }
  return { type: "scheduled", shifts };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function expectationOut(e: DayExpectation): TimesheetDay["expectation"] {
  switch (e.kind) {
    case "scheduled":
      return { kind: e.kind, start: e.start.toISOString(), end: e.end.toISOString(), expected_minutes: e.expectedMinutes, break_minutes: e.breakMinutes, reason: null };
    case "flexible":
      return { kind: e.kind, start: null, end: null, expected_minutes: e.expectedMinutes, break_minutes: e.breakMinutes, reason: null };
    case "closed":
      return { kind: e.kind, start: null, end: null, expected_minutes: 0, break_minutes: null, reason: e.reason };
    case "day-off":
      return { kind: e.kind, start: null, end: null, expected_minutes: 0, break_minutes: null, reason: null };
    default:
      return { kind: "no-rota", start: null, end: null, expected_minutes: null, break_minutes: null, reason: null };
  }
}

function dayOut(d: DaySummary): TimesheetDay {
  return {
    date: d.date,
    expectation: expectationOut(d.expectation),
    records: d.records.map((r) => ({ signed_in_at: r.signIn.toISOString(), signed_out_at: iso(r.signOut), ended_by: r.endedBy, site_id: r.siteId ? Number(r.siteId) : null })),
    worked_minutes: d.workedMinutes,
    break_minutes: d.breakMinutes,
    deducted_break_minutes: d.deductedBreakMinutes,
    expected_minutes: d.expectedMinutes,
    late_minutes: d.lateMinutes,
    left_early_minutes: d.leftEarlyMinutes,
    overtime_minutes: d.overtimeMinutes,
    difference_minutes: d.differenceMinutes,
    missing_sign_out: d.missingSignOut,
    in_progress: d.inProgress,
    absent: d.absent,
    flags: d.flags,
  };
}

/** GET time-attendance/timesheets?from&to&site_id&group_id&member_id&page */
export async function getTimesheets(app: App, p: Principal, url: URL, now: Date = new Date()): Promise<Timesheets> {
  readTimesheets(p);
  const f = timesheetQuery(url);
  const scope = scopeOf(p, "group");
  const q = app.db;
  if (f.siteId !== null || f.groupId !== null) {
    const params: unknown[] = [p.client.id, f.siteId, f.groupId];
    const ok = await one<{ site: boolean; group: boolean }>(q,
      `SELECT ($2::int IS NULL OR EXISTS (SELECT 1 FROM sites WHERE client_id = $1 AND id = $2::int)) AS site,
              ($3::int IS NULL OR EXISTS (SELECT 1 FROM groups g WHERE g.client_id = $1 AND g.id = $3::int AND g.type = 'returning' AND ${jsonReachesClause(scope, "g.site_ids", params)})) AS group`, params);
    const errors: Record<string, string[]> = {};
    if (!ok?.site || (f.siteId !== null && !siteInScope(scope, f.siteId))) errors.site_id = [M.chooseSite];
    if (!ok?.group) errors.group_id = [M.chooseGroup];
    if (Object.keys(errors).length) throw validation(errors);
  }
  const members = await memberPage(q, p.client.id, scope, f);
  const ids = members.map((m) => m.id);
  const [visits, closures, status] = await Promise.all([
    visitsOf(q, p.client.id, ids, f.from, f.to),
    ids.length ? closuresBetween(q, p.client.id, addLocalDays(f.from, -1), addLocalDays(f.to, 1)) : Promise.resolve([]),
    ids.length ? one<{ id: number; include_in_hours: boolean }>(q, "SELECT id, include_in_hours FROM ta_activity_statuses WHERE client_id = $1 AND is_default", [p.client.id]) : Promise.resolve(undefined),
  ]);
  const defaultStatus: StatusRef = status ? { id: String(status.id), countsTowardsHours: status.include_in_hours } : { id: "default", countsTowardsHours: true };
  const byMember = new Map<number, VisitRow[]>();
  for (const v of visits) (byMember.get(v.member_id) ?? byMember.set(v.member_id, []).get(v.member_id)!).push(v);
  // Members of one rota, site and zone share their expectations (each date computed once).
  const shared = new Map<string, { rota: Rota | null; closed: Map<string, string>; expect: (date: string) => DayExpectation }>();
  const periodDates = localDates(addLocalDays(f.from, -1), addLocalDays(f.to, 1));

  const out: TimesheetMember[] = members.map((m) => {
    const own = byMember.get(m.id) ?? [];
    const firstInPeriod = own.find((v) => v.signed_in_at.getTime() >= Date.parse(`${f.from}T00:00:00Z`) - 86_400_000) ?? null;
    const site = firstInPeriod ? { id: firstInPeriod.site_id, name: firstInPeriod.site_name, timezone: firstInPeriod.timezone } : m.site_id !== null ? { id: m.site_id, name: m.site_name ?? "", timezone: m.timezone ?? "Europe/London" } : null;
    const zone = site && isTimeZone(site.timezone) ? site.timezone : "Europe/London";
    const key = `${m.rota_id ?? "-"}|${site?.id ?? "-"}|${zone}|${m.starts_on ?? ""}|${m.ends_on ?? ""}`;
    let s = shared.get(key);
    if (!s) {
      const rota = rotaOf(m);
      const closed = new Map<string, string>();
      if (site) for (const d of periodDates) {
        const c = closedOn(closures, site.id, d);
        if (c) closed.set(d, c.reason);
      }
      const base = expectations(rota, zone, closed);
      // Before their start date or after their end date a member is not expected: a day off.
      const employed = (d: string) => (m.starts_on === null || d >= m.starts_on) && (m.ends_on === null || d <= m.ends_on);
      s = { rota, closed, expect: (d: string): DayExpectation => (employed(d) ? base(d) : { kind: "day-off" }) };
      shared.set(key, s);
    }
    const events: AttendanceEvent[] = [];
    for (const v of own) {
      events.push({ kind: "sign-in", at: v.signed_in_at, siteId: String(v.site_id) });
      if (v.signed_out_at) events.push({ kind: "sign-out", at: v.signed_out_at });
    }
    const days = timesheet({ events, zone, rota: s.rota, from: f.from, to: f.to, closures: s.closed, defaultStatus, now, expect: s.expect });
    return {
      member_id: m.id,
      name: m.name,
      group: { id: m.group_id, name: m.group_name },
      rota: m.rota_id !== null && m.rota_type ? { id: m.rota_id, name: m.rota_name ?? "", type: m.rota_type } : null,
      site: site ? { id: site.id, name: site.name } : null,
      timezone: zone,
      days: days.map(dayOut),
      weeks: weekTotals(days).map((w) => ({
        week_start: w.weekStart, days: w.days, worked_minutes: w.workedMinutes, break_minutes: w.breakMinutes, expected_minutes: w.expectedMinutes,
        overtime_minutes: w.overtimeMinutes, daily_overtime_minutes: w.dailyOvertimeMinutes, difference_minutes: w.differenceMinutes,
        late_days: w.lateDays, late_minutes: w.lateMinutes, left_early_days: w.leftEarlyDays, left_early_minutes: w.leftEarlyMinutes,
        missing_sign_outs: w.missingSignOuts, absent_days: w.absentDays,
      })),
    };
  });
  // A page past the last: the total still said (one more query, only then).
  const total = members[0]?.total ?? (f.page > 1 ? (await memberPage(q, p.client.id, scope, { ...f, page: 1 }))[0]?.total ?? 0 : 0);
  return { from: f.from, to: f.to, page: f.page, per_page: TIMESHEET_PAGE_SIZE, total, members: out };
}
