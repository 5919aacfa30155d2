// ---------------------------------------------------------------------------------------------
// Time and attendance: working hours, rotas and activity statuses (issue 27 items 1 and 3;
// platform §3 "rota", §5 "Deleting working hours needs the typed name", §6; groups spec §3
// "Activity status", "Group member: rota, manager", §5, §6).
//
// - Working hours: a named weekly template (unique per organisation, case-insensitive): shifts per
//   weekday as HH:mm (a shift ending at or before its start crosses midnight into the next day) and
//   one break rule (none, flexible minutes a day, or scheduled times). Deleting one needs its name
//   typed; working hours a rota uses cannot be deleted (422: change the rota first).
// - A rota: flexible (hours a week) or scheduled (working hours, or shifts of its own), at one site
//   or at every site (site null), 24/7 cover (its shifts cover every minute of the week); copying one
//   makes a new rota of the same week under a new name. A member's rota is their own, else their
//   group's default.
// - Activity statuses: one of ACTIVITY_COLOURS by name, counted in hours worked or not, exactly one
//   default (never archived or deleted), archived and unarchived, in the organisation's order.
//
// Rights (contract/permissions.ts): reading working hours and rotas needs WorkingHours.editor,
// Rota.viewer or TimeAndAttendance.viewer; changing them WorkingHours.editor. Reading activity
// statuses needs ActivityStatus.editor or TimeAndAttendance.viewer; changing them
// ActivityStatus.editor. Scope (upstream/src/scope): a user of listed sites reads working hours,
// statuses and the rotas of every site or of theirs, changes only rotas of their sites; another
// organisation's rows are 404.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import { Ok, type RouteDef } from "./common.ts";
import { ACTIVITY_COLOURS, BREAK_TYPES, ROTA_TYPES } from "./time-attendance-messages.ts";

/** A row id as sent: a positive 32-bit integer (a larger one is refused, never a database error). */
const Id = z.number().int().min(1).max(2_147_483_647);

export const TIME_ATTENDANCE_RIGHTS = {
  readHours: ["WorkingHours.editor", "Rota.viewer", "TimeAndAttendance.viewer"],
  editHours: "WorkingHours.editor",
  readStatuses: ["ActivityStatus.editor", "TimeAndAttendance.viewer"],
  editStatuses: "ActivityStatus.editor",
  /** Timesheets (issue 27 item 4): TimeSheet.viewer, or the add-on's viewer right. */
  readTimesheets: ["TimeSheet.viewer", "TimeAndAttendance.viewer"],
} as const;

/** A shift as sent: HH:mm strings (checked by the upstream, with its own messages). */
const ShiftIn = z.object({ start: z.string().max(10), end: z.string().max(10) });
const DayIn = z.array(ShiftIn).max(20);
export const WeekIn = z.object({ mon: DayIn, tue: DayIn, wed: DayIn, thu: DayIn, fri: DayIn, sat: DayIn, sun: DayIn }).partial();
export type WeekIn = z.infer<typeof WeekIn>;
export const BreakIn = z.object({
  type: z.enum(BREAK_TYPES),
  minutes: z.number().int().max(100_000).nullable().optional(),
  start: z.string().max(10).nullable().optional(),
  end: z.string().max(10).nullable().optional(),
});
export type BreakIn = z.infer<typeof BreakIn>;

/** A shift: `end` at or before `start` ends the next day (crosses midnight). */
export const Shift = z.object({ start: z.string(), end: z.string(), crosses_midnight: z.boolean(), minutes: z.number().int() });
const Day = z.array(Shift);
export const Week = z.object({ mon: Day, tue: Day, wed: Day, thu: Day, fri: Day, sat: Day, sun: Day });
export type Week = z.infer<typeof Week>;
export const Break = z.object({ type: z.enum(BREAK_TYPES), minutes: z.number().int().nullable(), start: z.string().nullable(), end: z.string().nullable() });
export type Break = z.infer<typeof Break>;

const Named = z.object({ id: z.number().int(), name: z.string() });

export const WorkingHours = z.object({
  id: z.number().int(),
  name: z.string(),
  shifts: Week,
  break: Break,
  /** Worked a week: the shifts less the breaks (a break counted once on each day with shifts). */
  minutes_per_week: z.number().int(),
  /** The rotas using them (they cannot be deleted while any does). */
  used_by: z.array(Named),
});
export type WorkingHours = z.infer<typeof WorkingHours>;
export const WorkingHoursList = z.object({ working_hours: z.array(WorkingHours) });
export const WorkingHoursInput = z.object({ name: z.string().max(1000), shifts: WeekIn, break: BreakIn });
export type WorkingHoursInput = z.infer<typeof WorkingHoursInput>;
/** DELETE: the user types the name to confirm (platform §5). */
export const DeleteWorkingHoursRequest = z.object({ name: z.string().max(1000) });

export const Rota = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(ROTA_TYPES),
  /** The site it is for; null: every site. */
  site: Named.nullable(),
  /** A flexible rota's hours a week. */
  hours_per_week: z.number().nullable(),
  /** A scheduled rota's working hours, when it uses them. */
  working_hours: Named.nullable(),
  /** A scheduled rota's shifts: its own, or its working hours' (null for a flexible rota). */
  shifts: Week.nullable(),
  break: Break,
  cover_24_7: z.boolean(),
  minutes_per_week: z.number().int(),
  /** Members whose own rota it is; groups whose default it is. */
  members: z.number().int(),
  groups: z.number().int(),
  /** Whether the caller may change it (its site is one of theirs). */
  can_edit: z.boolean(),
});
export type Rota = z.infer<typeof Rota>;
export const RotaList = z.object({ rotas: z.array(Rota) });
export const RotaInput = z.object({
  name: z.string().max(1000),
  type: z.enum(ROTA_TYPES),
  site_id: Id.nullable().optional(),
  hours_per_week: z.number().max(1000).nullable().optional(),
  working_hours_id: Id.nullable().optional(),
  shifts: WeekIn.nullable().optional(),
  break: BreakIn.optional(),
  cover_24_7: z.boolean().optional(),
});
export type RotaInput = z.infer<typeof RotaInput>;
export const CopyRotaRequest = z.object({ name: z.string().max(1000) });

/** A member's rota: their own, else their group's default (`source`), with their manager and approval flag. */
export const MemberRota = z.object({
  member_id: z.number().int(),
  group_id: z.number().int(),
  rota: Rota.nullable(),
  source: z.enum(["member", "group", "none"]),
  own_rota_id: z.number().int().nullable(),
  group_rota_id: z.number().int().nullable(),
  manager: Named.nullable(),
  auto_approve_timesheet: z.boolean(),
});
export type MemberRota = z.infer<typeof MemberRota>;
/** null: no rota of their own (the group's default applies). */
export const AssignRota = z.object({ rota_id: Id.nullable() });
export const GroupRota = z.object({ group_id: z.number().int(), rota: Named.nullable() });

export const ActivityStatus = z.object({
  id: z.number().int(),
  name: z.string(),
  colour: z.enum(ACTIVITY_COLOURS),
  include_in_hours: z.boolean(),
  is_default: z.boolean(),
  archived: z.boolean(),
  position: z.number().int(),
});
export type ActivityStatus = z.infer<typeof ActivityStatus>;
export const ActivityStatusList = z.object({ statuses: z.array(ActivityStatus) });
/** The colour as a string: one not of ACTIVITY_COLOURS is refused with the area's message. */
export const ActivityStatusInput = z.object({
  /** Absent or blank: refused with the area's message (groups spec §5), as a missing colour is. */
  name: z.string().max(1000).optional(),
  colour: z.string().max(50).nullable().optional(),
  include_in_hours: z.boolean().optional(),
  /** true: this becomes the default (the old default stops being it). */
  is_default: z.literal(true).optional(),
});
export const ActivityStatusUpdate = ActivityStatusInput.partial();
export const ActivityStatusOrder = z.object({ ids: z.array(Id).max(200) });

// ---------------------------------------------------------------------------------------------
// Timesheets (issue 27 item 4): GET time-attendance/timesheets?from&to&site_id&group_id&member_id&page
// — per member in scope (paged by member, TIMESHEET_PAGE_SIZE a page, by name), per local day of
// the member's site's zone: what the rota expects, worked / break / late / left-early / overtime
// minutes, missing sign-out, absent, flags; and per ISO week (Monday first) the totals. From the
// members' sign-ins and sign-outs (visits), their rota (own, else the group's), the closure days.
// ---------------------------------------------------------------------------------------------

export const TIMESHEET_PAGE_SIZE = 50;
export const TIMESHEET_MAX_DAYS = 31;
export const TIMESHEET_FLAGS = ["late", "left-early", "missing-sign-out", "absent", "overtime", "in-progress"] as const;

export const TimesheetExpectation = z.object({
  /** no-rota, day-off, closed (a closure day: `reason`), scheduled (`start`–`end`), flexible (minutes only). */
  kind: z.enum(["no-rota", "day-off", "closed", "scheduled", "flexible"]),
  start: z.string().nullable(),
  end: z.string().nullable(),
  expected_minutes: z.number().int().nullable(),
  break_minutes: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export const TimesheetRecord = z.object({
  signed_in_at: z.string(),
  /** null: none recorded (missing, or still signed in). */
  signed_out_at: z.string().nullable(),
  ended_by: z.enum(["sign-out", "next-sign-in"]).nullable(),
  site_id: z.number().int().nullable(),
});
export const TimesheetDay = z.object({
  date: z.string(),
  expectation: TimesheetExpectation,
  records: z.array(TimesheetRecord),
  worked_minutes: z.number().int(),
  /** Breaks recorded (gaps between the day's records). */
  break_minutes: z.number().int(),
  /** The rota's unpaid break not taken, taken off the worked minutes. */
  deducted_break_minutes: z.number().int(),
  expected_minutes: z.number().int().nullable(),
  late_minutes: z.number().int(),
  left_early_minutes: z.number().int(),
  overtime_minutes: z.number().int(),
  difference_minutes: z.number().int().nullable(),
  missing_sign_out: z.boolean(),
  in_progress: z.boolean(),
  absent: z.boolean(),
  flags: z.array(z.enum(TIMESHEET_FLAGS)),
});
export type TimesheetDay = z.infer<typeof TimesheetDay>;
export const TimesheetWeek = z.object({
  /** The week's Monday (only the days of the period in it count). */
  week_start: z.string(),
  days: z.number().int(),
  worked_minutes: z.number().int(),
  break_minutes: z.number().int(),
  expected_minutes: z.number().int().nullable(),
  overtime_minutes: z.number().int(),
  daily_overtime_minutes: z.number().int(),
  difference_minutes: z.number().int().nullable(),
  late_days: z.number().int(),
  late_minutes: z.number().int(),
  left_early_days: z.number().int(),
  left_early_minutes: z.number().int(),
  missing_sign_outs: z.number().int(),
  absent_days: z.number().int(),
});
export const TimesheetMember = z.object({
  member_id: z.number().int(),
  name: z.string(),
  group: Named,
  rota: z.object({ id: z.number().int(), name: z.string(), type: z.enum(ROTA_TYPES) }).nullable(),
  /** The site whose zone and closures the days follow: the first sign-in's, else the member's first site, else the organisation's first. */
  site: Named.nullable(),
  timezone: z.string(),
  days: z.array(TimesheetDay),
  weeks: z.array(TimesheetWeek),
});
export type TimesheetMember = z.infer<typeof TimesheetMember>;
export const Timesheets = z.object({
  from: z.string(),
  to: z.string(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** Members in scope for the filters (every page). */
  total: z.number().int(),
  members: z.array(TimesheetMember),
});
export type Timesheets = z.infer<typeof Timesheets>;

const r = { base: "regional", auth: "bearer" } as const;
export const timeAttendanceRoutes = {
  workingHours: { method: "GET", path: "time-attendance/working-hours", ...r, response: WorkingHoursList, summary: "The organisation's working hours templates" },
  createWorkingHours: { method: "POST", path: "time-attendance/working-hours", ...r, body: WorkingHoursInput, response: WorkingHours, summary: "Create working hours (WorkingHours.editor; every site)" },
  workingHoursOne: { method: "GET", path: "time-attendance/working-hours/{workingHoursId}", ...r, response: WorkingHours, summary: "One working hours template" },
  updateWorkingHours: { method: "PATCH", path: "time-attendance/working-hours/{workingHoursId}", ...r, body: WorkingHoursInput, response: WorkingHours, summary: "Replace working hours (every field, as on create); the rotas using them follow" },
  deleteWorkingHours: { method: "DELETE", path: "time-attendance/working-hours/{workingHoursId}", ...r, body: DeleteWorkingHoursRequest, response: Ok, summary: "Delete working hours, the name typed; 422 when it does not match or a rota uses them" },
  rotas: { method: "GET", path: "time-attendance/rotas", ...r, response: RotaList, summary: "The rotas the caller's sites see (every site's and theirs)" },
  createRota: { method: "POST", path: "time-attendance/rotas", ...r, body: RotaInput, response: Rota, summary: "Create a rota: flexible (hours a week) or scheduled (working hours or its own shifts)" },
  rota: { method: "GET", path: "time-attendance/rotas/{rotaId}", ...r, response: Rota, summary: "One rota" },
  updateRota: { method: "PATCH", path: "time-attendance/rotas/{rotaId}", ...r, body: RotaInput, response: Rota, summary: "Replace a rota (every field, as on create)" },
  deleteRota: { method: "DELETE", path: "time-attendance/rotas/{rotaId}", ...r, response: Ok, summary: "Delete a rota (its members and groups are left without it)" },
  copyRota: { method: "POST", path: "time-attendance/rotas/{rotaId}/copy", ...r, body: CopyRotaRequest, response: Rota, summary: "Copy a rota's week into a new rota of another name" },
  memberRota: { method: "GET", path: "time-attendance/members/{memberId}/rota", ...r, response: MemberRota, summary: "A member's rota (their own, else their group's), manager and auto-approve flag" },
  assignMemberRota: { method: "PATCH", path: "time-attendance/members/{memberId}/rota", ...r, body: AssignRota, response: MemberRota, summary: "Give a member a rota of their own, or none (the group's default applies)" },
  assignGroupRota: { method: "PATCH", path: "time-attendance/groups/{groupId}/rota", ...r, body: AssignRota, response: GroupRota, summary: "Set or clear a group's default rota" },
  activityStatuses: { method: "GET", path: "time-attendance/activity-statuses", ...r, response: ActivityStatusList, summary: "The organisation's activity statuses in order, archived ones too" },
  createActivityStatus: { method: "POST", path: "time-attendance/activity-statuses", ...r, body: ActivityStatusInput, response: ActivityStatus, summary: "Create an activity status (ActivityStatus.editor)" },
  updateActivityStatus: { method: "PATCH", path: "time-attendance/activity-statuses/{statusId}", ...r, body: ActivityStatusUpdate, response: ActivityStatus, summary: "Change an activity status, or make it the default" },
  deleteActivityStatus: { method: "DELETE", path: "time-attendance/activity-statuses/{statusId}", ...r, response: Ok, summary: "Delete an activity status (never the default)" },
  archiveActivityStatus: { method: "POST", path: "time-attendance/activity-statuses/{statusId}/archive", ...r, response: ActivityStatus, summary: "Archive an activity status (never the default)" },
  unarchiveActivityStatus: { method: "POST", path: "time-attendance/activity-statuses/{statusId}/unarchive", ...r, response: ActivityStatus, summary: "Unarchive an activity status" },
  orderActivityStatuses: { method: "POST", path: "time-attendance/activity-statuses/order", ...r, body: ActivityStatusOrder, response: ActivityStatusList, summary: "Put every activity status in this order" },
  timesheets: { method: "GET", path: "time-attendance/timesheets", ...r, response: Timesheets, summary: "Timesheets of the members in scope, per local day and per week; query from, to (YYYY-MM-DD, at most 31 days), site_id, group_id, member_id, page (50 members a page) (TimeSheet.viewer)" },
} as const satisfies Record<string, RouteDef>;
