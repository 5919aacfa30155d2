/**
 * The attendance reports' plain values (ADR 027), without zod: the statuses, the note's limit and
 * the refusals. The portal's known-messages table and the day override form import them (ADR 010,
 * as ./today-messages). ./index re-exports them.
 */
import type { Catalogue } from "./catalogue.ts";
/** What an override may say about a member's day. */
export const ATTENDANCE_STATUSES = ["present", "absent", "remote", "on_leave"] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** What the visits say (drawn). */
export const DRAWN_STATUSES = ["present", "absent"] as const;
export type DrawnStatus = (typeof DRAWN_STATUSES)[number];

export const ATTENDANCE_LIMITS = { note: 500 } as const;

export const ATTENDANCE_MESSAGES = {
  flagOff: "The site attendance report is not enabled for your organisation.",
  futureDay: "Days after today cannot be changed",
  beforeStart: "This day is before the member's start date",
  afterEnd: "This day is after the member's end date",
  status: "Choose present, absent, remote or on leave",
  noteTooLong: "The note must be at most 500 characters",
  noteLines: "The note must be one line",
  site: "Choose one of your sites",
  group: "Choose one of the returning groups",
  memberGone: "This member is no longer there",
} as const;

/** Attendance reports (ADR 027; a range's words are the history's): the catalogue (ADR 035). */
export const ATTENDANCE_CATALOGUE: Catalogue = { tables: [{ branch: "attendance:messages.", messages: ATTENDANCE_MESSAGES }] };
