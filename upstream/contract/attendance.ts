// ---------------------------------------------------------------------------------------------
// Attendance reports (issue 17 §4; ADR 027): site attendance (people on site per site per day;
// the client's `beta.site-attendance-report` flag) and daily attendance (every current member of
// the returning groups, present or absent as drawn from their visits, with an override a user
// with DailyAttendanceReport.edit may set on a day and clear again). Both exportable as CSV and
// XLSX (`?format=`), streamed, for at most 31 days (`rangeProblem`, date-range.ts).
//
// Days are calendar days in each visit's site's time zone. Only the sites the user may see count
// (client_users.site_ids): a visit at another site is never counted, listed or exported.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import type { RouteDef } from "./common.ts";
import { ATTENDANCE_STATUSES, DRAWN_STATUSES } from "./attendance-messages.ts";

/** The report rights (and the /reports landing's: any report viewer right). */
export const ATTENDANCE_RIGHTS = {
  landing: ["EvacReport.viewer", "History.viewer", "BookingsReport.viewer", "TimeSheet.viewer", "AbsenceReport.viewer", "DailyAttendanceReport.viewer"],
  dailyView: "DailyAttendanceReport.view",
  dailyEdit: "DailyAttendanceReport.edit",
} as const;
export const SITE_ATTENDANCE_FLAG = "beta.site-attendance-report";

/** One site on one day. `people` = distinct visitors + distinct members signed in that day. */
export const SiteAttendanceRow = z.object({
  day: z.string(),
  site_id: z.number().int(),
  site_name: z.string(),
  people: z.number().int(),
  visitors: z.number().int(),
  members: z.number().int(),
  /** The most people on site at once that day. */
  peak: z.number().int(),
});
export type SiteAttendanceRow = z.infer<typeof SiteAttendanceRow>;

export const SiteAttendanceReport = z.object({ from: z.string(), to: z.string(), rows: z.array(SiteAttendanceRow) });
export type SiteAttendanceReport = z.infer<typeof SiteAttendanceReport>;

export const AttendanceOverride = z.object({
  status: z.enum(ATTENDANCE_STATUSES),
  note: z.string().nullable(),
  set_by: z.string(),
  set_at: z.string(),
});
export type AttendanceOverride = z.infer<typeof AttendanceOverride>;

/** One member on one day. */
export const DailyAttendanceRow = z.object({
  member_id: z.number().int(),
  name: z.string(),
  group_id: z.number().int(),
  group_name: z.string(),
  /** What the visits say. */
  drawn: z.enum(DRAWN_STATUSES),
  first_in: z.string().nullable(),
  last_out: z.string().nullable(),
  /** The site of the first sign-in (its time zone reads the times). */
  site_id: z.number().int().nullable(),
  override: AttendanceOverride.nullable(),
  /** The caller may change this day (the right, and the day between the member's start and today). */
  editable: z.boolean(),
});
export type DailyAttendanceRow = z.infer<typeof DailyAttendanceRow>;

export const DailyAttendanceReport = z.object({
  day: z.string(),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  rows: z.array(DailyAttendanceRow),
  can_edit: z.boolean(),
});
export type DailyAttendanceReport = z.infer<typeof DailyAttendanceReport>;

export const SetAttendanceOverride = z.object({
  status: z.string(),
  note: z.string().nullable().optional(),
});

export const attendanceRoutes = {
  siteAttendance: { method: "GET", path: "reports/site-attendance", base: "regional", auth: "bearer", response: SiteAttendanceReport, summary: "People on site per site per day; query from, to (YYYY-MM-DD, at most 31 days), site_id (the site-attendance-report flag)" },
  siteAttendanceExport: { method: "GET", path: "reports/site-attendance/export", base: "regional", auth: "bearer", download: true, response: z.void(), summary: "The site attendance report as CSV or XLSX (`?format=`, from, to, site_id), streamed; formula cells escaped" },
  dailyAttendance: { method: "GET", path: "reports/daily-attendance", base: "regional", auth: "bearer", response: DailyAttendanceReport, summary: "Every current member of the returning groups on a day, present or absent from their visits, with overrides; query day, site_id, group_id (DailyAttendanceReport.view)" },
  dailyAttendanceExport: { method: "GET", path: "reports/daily-attendance/export", base: "regional", auth: "bearer", download: true, response: z.void(), summary: "Daily attendance for a range as CSV or XLSX (`?format=`, from, to, site_id, group_id), streamed (DailyAttendanceReport.view)" },
  setAttendanceOverride: { method: "POST", path: "reports/daily-attendance/{memberId}/{day}", base: "regional", auth: "bearer", body: SetAttendanceOverride, response: DailyAttendanceRow, summary: "Override a member's day: status and note, stored with who and when (DailyAttendanceReport.edit; not after today, not before the member's start)" },
  clearAttendanceOverride: { method: "DELETE", path: "reports/daily-attendance/{memberId}/{day}", base: "regional", auth: "bearer", response: DailyAttendanceRow, summary: "Clear a member's day override: the drawn value again (DailyAttendanceReport.edit)" },
} as const satisfies Record<string, RouteDef>;
