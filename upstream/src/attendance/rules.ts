/**
 * The attendance reports' rules (ADR 027), pure: who may open which report, the range and day
 * parameters, and whether a member's day may be overridden. The handlers (report.ts) call these
 * before reading anything, so a refusal is always a 4xx with the contract's message.
 */
import { ATTENDANCE_RIGHTS, SITE_ATTENDANCE_FLAG } from "../../contract/attendance.ts";
import { ATTENDANCE_LIMITS, ATTENDANCE_MESSAGES, ATTENDANCE_STATUSES, type AttendanceStatus } from "../../contract/attendance-messages.ts";
import { RANGE_LIMITS, RANGE_MESSAGES, rangeProblem } from "../../contract/date-range.ts";
import { forbidden, validation } from "../http/errors.ts";

export interface Who {
  rights: readonly string[];
  isSuper: boolean;
  settings: Record<string, unknown> | null;
}

const hasAny = (who: Who, rights: readonly string[]) => who.isSuper || rights.some((r) => who.rights.includes(r));

/** Site attendance: the client's flag (super users see it regardless: platform §6), and a report right (the /reports landing's rule). */
export function requireSiteAttendance(who: Who): void {
  if (who.settings?.[SITE_ATTENDANCE_FLAG] !== true && !who.isSuper) throw forbidden(ATTENDANCE_MESSAGES.flagOff);
  if (!hasAny(who, ATTENDANCE_RIGHTS.landing)) throw forbidden();
}

/** Daily attendance: DailyAttendanceReport.view (and `edit` for changes). */
export function requireDaily(who: Who, edit = false): void {
  if (!hasAny(who, [ATTENDANCE_RIGHTS.dailyView])) throw forbidden();
  if (edit && !hasAny(who, [ATTENDANCE_RIGHTS.dailyEdit])) throw forbidden();
}
export const mayEditDaily = (who: Who) => hasAny(who, [ATTENDANCE_RIGHTS.dailyView]) && hasAny(who, [ATTENDANCE_RIGHTS.dailyEdit]);

/** `from` and `to` of a report or export (at most 31 days), or a 422 naming the field. */
export function rangeParams(url: URL): { from: string; to: string } {
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  const problem = rangeProblem(from, to, { maxDays: RANGE_LIMITS.exportMaxDays });
  if (problem) {
    const field = problem === "malformed" ? (rangeProblem(from, from) ? "from" : "to") : problem === "tooLate" && from > RANGE_LIMITS.lastDay ? "from" : "to";
    throw validation({ [field]: [RANGE_MESSAGES[problem]] });
  }
  return { from, to };
}

/** One calendar day (`field`), or a 422. */
export function dayParam(value: string | null, field = "day"): string {
  const day = value ?? "";
  const problem = rangeProblem(day, day);
  if (problem) throw validation({ [field]: [RANGE_MESSAGES[problem]] });
  return day;
}

/** An optional positive id in the query (`site_id`, `group_id`); anything else is a 422 with `message`. */
export function optionalId(url: URL, name: string, message: string): number | null {
  const v = url.searchParams.get(name);
  if (v === null || v === "") return null;
  if (!/^[1-9]\d{0,8}$/.test(v)) throw validation({ [name]: [message] });
  return Number(v);
}

/**
 * Why a member's day may not be overridden, or null: never after today (the client's latest
 * today across its sites' time zones), never before the member's start or after their end.
 */
export function dayProblem(day: string, today: string, member: { starts_on: string | null; ends_on: string | null }): string | null {
  if (day > today) return ATTENDANCE_MESSAGES.futureDay;
  if (member.starts_on !== null && day < member.starts_on) return ATTENDANCE_MESSAGES.beforeStart;
  if (member.ends_on !== null && day > member.ends_on) return ATTENDANCE_MESSAGES.afterEnd;
  return null;
}

/** The override's body checked: a status of the list, a note of one line and at most 500 characters (blank: none). */
export function overrideValues(body: { status: string; note?: string | null }): { status: AttendanceStatus; note: string | null } {
  const errors: Record<string, string[]> = {};
  if (!(ATTENDANCE_STATUSES as readonly string[]).includes(body.status)) errors.status = [ATTENDANCE_MESSAGES.status];
  const note = (body.note ?? "").trim();
  if (note.length > ATTENDANCE_LIMITS.note) errors.note = [ATTENDANCE_MESSAGES.noteTooLong];
  // eslint-disable-next-line no-control-regex
  else if (/[\u0000-\u001f\u007f]/.test(note)) errors.note = [ATTENDANCE_MESSAGES.noteLines];
  if (Object.keys(errors).length) throw validation(errors);
  return { status: body.status as AttendanceStatus, note: note || null };
}
