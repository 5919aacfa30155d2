/**
 * The timesheet computation core (issue 27 items 4 and 7): a member's sign-ins, sign-outs and
 * status changes → records → local days of the site's zone → each day held against the rota.
 * Pure: plain data in, plain data out; no HTTP, no database, no clock (callers pass `now`).
 *
 * Decisions (see also the tests beside this file):
 * - Every instant is truncated to its minute first (a sign-in at 09:05:59 reads 09:05), so every
 *   duration is a whole number of minutes and matches what people read on a clock.
 * - A record (sign-in → sign-out) belongs, whole, to one local day of the site's zone: the day
 *   it started on, so a night shift 22:00–06:00 is the day it started, its hours after midnight
 *   too. On a scheduled rota, the day of the shift its sign-in falls in (from
 *   `earlyStartWindowMinutes`, default 120, before the start to the end): a night shift signed
 *   into at 00:30 is the evening before's (150 minutes late), a 23:55 sign-in for a 00:00 shift
 *   the next day's. A shift's minutes are never split at midnight.
 * - `timesheet()` days are `from`..`to`; pass the events from the day before `from` to the day
 *   after `to`, so night shifts and their sign-outs are whole (records of days outside are dropped).
 * - Lengths are real elapsed time between instants, never wall-clock subtraction: 22:00–06:00 is
 *   7 h across the spring clock change and 9 h across the autumn one, scheduled or recorded.
 * - Worked minutes are the minutes in statuses that count towards hours. Breaks recorded are the
 *   minutes in statuses that do not count plus the gaps between one day's records. A rota's break
 *   is unpaid: what of it was not taken as a recorded break is deducted from the worked minutes
 *   (`deductUntakenBreak`, default on), never below zero.
 * - Late: the first sign-in after the scheduled start by more than the grace (`lateGraceMinutes`,
 *   default 0) is late by all its minutes after the start (09:07 with 5 minutes' grace: 7 late);
 *   within the grace it is not late. Left early: the last sign-out before the scheduled end by
 *   more than `earlyLeaveGraceMinutes` (default 0). Flexible rotas have neither.
 * - Missing sign-out: a record with no sign-out that a later sign-in superseded, or still open
 *   once `now` is past the end of its day's scheduled shift (scheduled rota) or past the end of
 *   its local day (otherwise). Its open part counts nothing until someone edits it. A record
 *   still open before then is in progress and counts up to `now`.
 * - Overtime (day): worked − expected when positive and the member has a rota; on a day off or a
 *   closure day all the worked minutes are overtime. Week: `overtimeMinutes` is the week's worked
 *   minus its expected (what a flexible rota means), `dailyOvertimeMinutes` the sum of the days'.
 * - Flexible rotas: hours a week spread evenly over their working days (Monday–Friday unless
 *   given), rounded to the minute: 37.5 h on 5 days expects 450 minutes each.
 * - Weeks start on Monday (ISO 8601), as local dates.
 */
import { addLocalDays, localDayRange, offsetAt, parseLocalDate, parseLocalTime, shiftRange, type LocalDate, type LocalTime } from "../../time/local-time.ts";

export type { LocalDate, LocalTime };

const MINUTE = 60_000;

/** 0 Sunday … 6 Saturday, as `Date.getDay()` and `localParts().weekday`. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** An activity status as the timesheet needs it. */
export interface StatusRef {
  id: string;
  countsTowardsHours: boolean;
}

/** One thing the portal recorded about a member, at an instant. */
export type AttendanceEvent =
  | { kind: "sign-in"; at: Date; status?: StatusRef; siteId?: string }
  | { kind: "sign-out"; at: Date }
  | { kind: "status"; at: Date; status: StatusRef };

/** A stretch of one record in one status; `end` null while open. */
export interface Segment {
  start: Date;
  end: Date | null;
  status: StatusRef;
}

/** One sign-in to its sign-out. */
export interface TimesheetRecord {
  signIn: Date;
  /** The sign-out, or null when none was recorded. */
  signOut: Date | null;
  /** "sign-out"; "next-sign-in" when a later sign-in came first (a missing sign-out); null while open. */
  endedBy: "sign-out" | "next-sign-in" | null;
  segments: Segment[];
  siteId?: string;
}

export type BreakRule = { type: "none" } | { type: "flexible"; minutes: number } | { type: "scheduled"; start: LocalTime; end: LocalTime };

/** A weekday's shift: wall-clock times; an end not after the start is the next day (00:00–00:00 is 24 h). */
export interface ScheduledShift {
  start: LocalTime;
  end: LocalTime;
  break: BreakRule;
}

export type Rota =
  | { type: "scheduled"; shifts: Partial<Record<Weekday, ScheduledShift>> }
  | { type: "flexible"; hoursPerWeek: number; workingDays?: readonly Weekday[]; break: BreakRule };

/** What the rota expects of a local day. */
export type DayExpectation =
  | { kind: "no-rota" }
  | { kind: "day-off" }
  | { kind: "closed"; reason: string }
  | {
      kind: "scheduled";
      start: Date;
      end: Date;
      /** The shift's real length (540 for 22:00–06:00 across the October change). */
      shiftMinutes: number;
      breakMinutes: number;
      expectedMinutes: number;
    }
  | { kind: "flexible"; breakMinutes: number; expectedMinutes: number };

export type DayFlag = "late" | "left-early" | "missing-sign-out" | "absent" | "overtime" | "in-progress";

export interface DaySummary {
  date: LocalDate;
  expectation: DayExpectation;
  records: TimesheetRecord[];
  /** Minutes in statuses that count, before any break is deducted. */
  countedMinutes: number;
  /** Breaks recorded: minutes in statuses that do not count, and gaps between the day's records. */
  breakMinutes: number;
  /** The part of the rota's unpaid break not taken as a recorded break, taken off the counted minutes. */
  deductedBreakMinutes: number;
  workedMinutes: number;
  /** Null without a rota. */
  expectedMinutes: number | null;
  lateMinutes: number;
  leftEarlyMinutes: number;
  overtimeMinutes: number;
  /** worked − expected (negative: short), null without a rota. */
  differenceMinutes: number | null;
  missingSignOut: boolean;
  inProgress: boolean;
  absent: boolean;
  flags: DayFlag[];
}

export interface WeekTotals {
  /** The week's Monday. */
  weekStart: LocalDate;
  days: number;
  countedMinutes: number;
  breakMinutes: number;
  workedMinutes: number;
  /** Null when no day of the week has a rota. */
  expectedMinutes: number | null;
  /** max(0, worked − expected) over the week (0 without a rota). */
  overtimeMinutes: number;
  /** The sum of the days' overtime. */
  dailyOvertimeMinutes: number;
  differenceMinutes: number | null;
  lateDays: number;
  lateMinutes: number;
  leftEarlyDays: number;
  leftEarlyMinutes: number;
  missingSignOuts: number;
  absentDays: number;
}

export interface TimesheetOptions {
  /** Minutes after the start a sign-in is still on time. Default 0. */
  lateGraceMinutes?: number;
  /** Minutes before the end a sign-out is still not early. Default 0. */
  earlyLeaveGraceMinutes?: number;
  /** How long before a scheduled shift's start a sign-in already belongs to that shift's day. Default 120. */
  earlyStartWindowMinutes?: number;
  /** Take the untaken part of the rota's break off the worked minutes. Default true. */
  deductUntakenBreak?: boolean;
}

export interface TimesheetInput extends TimesheetOptions {
  /** What the portal recorded; or `records` instead. */
  events?: readonly AttendanceEvent[];
  /** Records already built (`buildRecords`) and perhaps edited: used as given, in sign-in order; they take the place of `events`. */
  records?: readonly TimesheetRecord[];
  /** The site's IANA zone: days are its local days. */
  zone: string;
  rota: Rota | null;
  /** First and last local date, inclusive. */
  from: LocalDate;
  to: LocalDate;
  /** Closure days: local date → reason. */
  closures?: ReadonlyMap<LocalDate, string>;
  /** The default status, for sign-ins that name none. Counts towards hours unless said. */
  defaultStatus?: StatusRef;
  now: Date;
  /**
   * `expectations(rota, zone, closures)` shared by the members of one rota, zone and closures
   * (a report of hundreds of members computes each date's expectation once). Must match them.
   */
  expect?: (date: LocalDate) => DayExpectation;
}

const DEFAULT_STATUS: StatusRef = { id: "default", countsTowardsHours: true };

const toMinute = (d: Date): Date => new Date(Math.floor(d.getTime() / MINUTE) * MINUTE);
const minutesBetween = (a: Date, b: Date): number => Math.round((b.getTime() - a.getTime()) / MINUTE);

/** The local date of `instant` in `zone` (`localParts(...).date`, without building a TZDate). */
export const localDateOf = (instant: Date, zone: string): LocalDate => new Date(instant.getTime() + offsetAt(zone, instant) * MINUTE).toISOString().slice(0, 10);

/** The weekday of a local date (no zone involved). */
export function weekdayOf(date: LocalDate): Weekday {
  const d = parseLocalDate(date);
  if (!d) throw new RangeError(`Not a local date: ${date}`);
  return new Date(Date.UTC(d.y, d.m - 1, d.d)).getUTCDay() as Weekday;
}

/** The Monday of the ISO week `date` falls in. */
export const weekStartOf = (date: LocalDate): LocalDate => addLocalDays(date, -((weekdayOf(date) + 6) % 7));

/** Every local date from `from` to `to`, inclusive. */
export function localDates(from: LocalDate, to: LocalDate): LocalDate[] {
  const out: LocalDate[] = [];
  for (let d = from; d <= to; d = addLocalDays(d, 1)) out.push(d);
  return out;
}

/** Closure periods (a date or a range, inclusive) → the map `closures` takes; the first reason given wins a date. */
export function closureDays(periods: readonly { from: LocalDate; to?: LocalDate; reason: string }[]): Map<LocalDate, string> {
  const out = new Map<LocalDate, string>();
  for (const p of periods) for (const d of localDates(p.from, p.to ?? p.from)) if (!out.has(d)) out.set(d, p.reason);
  return out;
}

/**
 * The records a member's events make, in time order. A status change splits the open record; a
 * sign-in while one is open leaves that one without a sign-out (`endedBy` "next-sign-in"); a
 * sign-out or status change while signed out changes nothing.
 */
export function buildRecords(events: readonly AttendanceEvent[], defaultStatus: StatusRef = DEFAULT_STATUS): TimesheetRecord[] {
  const sorted = events.map((e, i) => ({ e, i, t: toMinute(e.at) })).sort((a, b) => a.t.getTime() - b.t.getTime() || a.i - b.i);
  const records: TimesheetRecord[] = [];
  let open: TimesheetRecord | null = null;
  for (const { e, t } of sorted) {
    if (e.kind === "sign-in") {
      if (open) open.endedBy = "next-sign-in";
      open = { signIn: t, signOut: null, endedBy: null, segments: [{ start: t, end: null, status: e.status ?? defaultStatus }], ...(e.siteId ? { siteId: e.siteId } : {}) };
      records.push(open);
    } else if (!open) {
      continue;
    } else if (e.kind === "sign-out") {
      const last = open.segments[open.segments.length - 1]!;
      last.end = t;
      open.signOut = t;
      open.endedBy = "sign-out";
      open = null;
    } else {
      const last = open.segments[open.segments.length - 1]!;
      if (last.status.id === e.status.id && last.status.countsTowardsHours === e.status.countsTowardsHours) continue;
      last.end = t;
      open.segments.push({ start: t, end: null, status: e.status });
    }
  }
  return records;
}

function breakWindowMinutes(date: LocalDate, shift: ScheduledShift, zone: string): number {
  const rule = shift.break;
  if (rule.type === "none") return 0;
  if (rule.type === "flexible") return Math.max(0, Math.round(rule.minutes));
  // A scheduled break earlier on the clock than the shift's start falls on the shift's second day.
  const from = parseLocalTime(rule.start);
  const shiftFrom = parseLocalTime(shift.start);
  if (from === null || shiftFrom === null) throw new RangeError(`Not a local time: ${rule.start}`);
  return shiftRange(from < shiftFrom ? addLocalDays(date, 1) : date, rule.start, rule.end, zone).minutes;
}

/** What `rota` expects on local `date` in `zone`; a closure day expects nothing. */
export function expectationFor(rota: Rota | null, date: LocalDate, zone: string, closures?: ReadonlyMap<LocalDate, string>): DayExpectation {
  const reason = closures?.get(date);
  if (reason !== undefined) return { kind: "closed", reason };
  if (!rota) return { kind: "no-rota" };
  const weekday = weekdayOf(date);
  if (rota.type === "flexible") {
    const days = rota.workingDays ?? ([1, 2, 3, 4, 5] as const);
    if (!days.includes(weekday) || days.length === 0) return { kind: "day-off" };
    const breakMinutes = rota.break.type === "flexible" ? Math.max(0, Math.round(rota.break.minutes)) : 0;
    return { kind: "flexible", breakMinutes, expectedMinutes: Math.max(0, Math.round((rota.hoursPerWeek * 60) / days.length)) };
  }
  const shift = rota.shifts[weekday];
  if (!shift) return { kind: "day-off" };
  const range = shiftRange(date, shift.start, shift.end, zone);
  const breakMinutes = Math.min(range.minutes, breakWindowMinutes(date, shift, zone));
  return { kind: "scheduled", start: range.start, end: range.end, shiftMinutes: range.minutes, breakMinutes, expectedMinutes: range.minutes - breakMinutes };
}

/** A memo of `expectationFor` for one rota, zone and closures: each date computed once. */
export function expectations(rota: Rota | null, zone: string, closures?: ReadonlyMap<LocalDate, string>): (date: LocalDate) => DayExpectation {
  const memo = new Map<LocalDate, DayExpectation>();
  return (date) => {
    let e = memo.get(date);
    if (!e) memo.set(date, (e = expectationFor(rota, date, zone, closures)));
    return e;
  };
}

/**
 * The local date a record belongs to: the scheduled shift its sign-in falls in, from
 * `earlyStartWindowMinutes` before the shift's start to its end — the sign-in's own date's shift
 * first, then the day before's (a night shift signed into after midnight), then the next day's
 * (23:55 for a 00:00 shift) — else the local date of its sign-in.
 */
export function recordDate(record: TimesheetRecord, zone: string, rota: Rota | null = null, options: TimesheetOptions = {}, closures?: ReadonlyMap<LocalDate, string>, expect = expectations(rota, zone, closures)): LocalDate {
  const date = localDateOf(record.signIn, zone);
  if (rota?.type !== "scheduled") return date;
  const window = (options.earlyStartWindowMinutes ?? 120) * MINUTE;
  const t = record.signIn.getTime();
  for (const candidate of [date, addLocalDays(date, -1), addLocalDays(date, 1)]) {
    const e = expect(candidate);
    if (e.kind === "scheduled" && t >= e.start.getTime() - window && t < e.end.getTime()) return candidate;
  }
  return date;
}

/** One local day's records held against its expectation. `records` are that day's, in time order. */
export function summariseDay(date: LocalDate, records: readonly TimesheetRecord[], expectation: DayExpectation, zone: string, now: Date, options: TimesheetOptions = {}): DaySummary {
  const nowMinute = toMinute(now);
  const cutoff = expectation.kind === "scheduled" ? expectation.end : localDayRange(date, zone).end;
  let counted = 0;
  let recordedBreak = 0;
  let missingSignOut = false;
  let inProgress = false;
  records.forEach((record, i) => {
    const stillOpen = record.endedBy === null;
    const missing = record.endedBy === "next-sign-in" || (stillOpen && nowMinute.getTime() >= cutoff.getTime());
    if (missing) missingSignOut = true;
    else if (stillOpen) inProgress = true;
    for (const s of record.segments) {
      const end = s.end ?? (missing ? null : nowMinute);
      if (!end) continue;
      const minutes = Math.max(0, minutesBetween(s.start, end));
      if (s.status.countsTowardsHours) counted += minutes;
      else recordedBreak += minutes;
    }
    const next = records[i + 1];
    if (next && record.signOut) recordedBreak += Math.max(0, minutesBetween(record.signOut, next.signIn));
  });

  const ruleBreak = expectation.kind === "scheduled" || expectation.kind === "flexible" ? expectation.breakMinutes : 0;
  const deducted = (options.deductUntakenBreak ?? true) && counted > 0 ? Math.min(counted, Math.max(0, ruleBreak - recordedBreak)) : 0;
  const worked = counted - deducted;
  const expected = expectation.kind === "no-rota" ? null : expectation.kind === "scheduled" || expectation.kind === "flexible" ? expectation.expectedMinutes : 0;

  let late = 0;
  let leftEarly = 0;
  const first = records[0];
  const last = records[records.length - 1];
  if (expectation.kind === "scheduled" && first && last) {
    const after = minutesBetween(expectation.start, first.signIn);
    if (after > (options.lateGraceMinutes ?? 0)) late = after;
    if (last.endedBy === "sign-out" && last.signOut) {
      const before = minutesBetween(last.signOut, expectation.end);
      if (before > (options.earlyLeaveGraceMinutes ?? 0)) leftEarly = before;
    }
  }
  const absent = records.length === 0 && expected !== null && expected > 0 && nowMinute.getTime() >= cutoff.getTime();
  const overtime = expected === null ? 0 : Math.max(0, worked - expected);

  const flags: DayFlag[] = [];
  if (late > 0) flags.push("late");
  if (leftEarly > 0) flags.push("left-early");
  if (missingSignOut) flags.push("missing-sign-out");
  if (absent) flags.push("absent");
  if (overtime > 0) flags.push("overtime");
  if (inProgress) flags.push("in-progress");
  return {
    date,
    expectation,
    records: [...records],
    countedMinutes: counted,
    breakMinutes: recordedBreak,
    deductedBreakMinutes: deducted,
    workedMinutes: worked,
    expectedMinutes: expected,
    lateMinutes: late,
    leftEarlyMinutes: leftEarly,
    overtimeMinutes: overtime,
    differenceMinutes: expected === null ? null : worked - expected,
    missingSignOut,
    inProgress,
    absent,
    flags,
  };
}

/** A member's timesheet: one summary per local date from `from` to `to`, inclusive. */
export function timesheet(input: TimesheetInput): DaySummary[] {
  const { zone, rota, closures, now } = input;
  const expect = input.expect ?? expectations(rota, zone, closures);
  const byDate = new Map<LocalDate, TimesheetRecord[]>();
  const records = input.records ? [...input.records].sort((a, b) => a.signIn.getTime() - b.signIn.getTime()) : buildRecords(input.events ?? [], input.defaultStatus);
  for (const record of records) {
    const date = recordDate(record, zone, rota, input, closures, expect);
    const list = byDate.get(date);
    if (list) list.push(record);
    else byDate.set(date, [record]);
  }
  return localDates(input.from, input.to).map((date) =>
    summariseDay(date, byDate.get(date) ?? [], expect(date), zone, now, input),
  );
}

/** The totals of each ISO week (Monday first) the days fall in, in date order. */
export function weekTotals(days: readonly DaySummary[]): WeekTotals[] {
  const weeks = new Map<LocalDate, DaySummary[]>();
  for (const day of [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) {
    const key = weekStartOf(day.date);
    const list = weeks.get(key);
    if (list) list.push(day);
    else weeks.set(key, [day]);
  }
  return [...weeks].map(([weekStart, list]) => {
    const sum = (f: (d: DaySummary) => number) => list.reduce((n, d) => n + f(d), 0);
    const withRota = list.filter((d) => d.expectedMinutes !== null);
    const worked = sum((d) => d.workedMinutes);
    const expected = withRota.length ? withRota.reduce((n, d) => n + (d.expectedMinutes ?? 0), 0) : null;
    return {
      weekStart,
      days: list.length,
      countedMinutes: sum((d) => d.countedMinutes),
      breakMinutes: sum((d) => d.breakMinutes),
      workedMinutes: worked,
      expectedMinutes: expected,
      overtimeMinutes: expected === null ? 0 : Math.max(0, worked - expected),
      dailyOvertimeMinutes: sum((d) => d.overtimeMinutes),
      differenceMinutes: expected === null ? null : worked - expected,
      lateDays: list.filter((d) => d.lateMinutes > 0).length,
      lateMinutes: sum((d) => d.lateMinutes),
      leftEarlyDays: list.filter((d) => d.leftEarlyMinutes > 0).length,
      leftEarlyMinutes: sum((d) => d.leftEarlyMinutes),
      missingSignOuts: list.filter((d) => d.missingSignOut).length,
      absentDays: list.filter((d) => d.absent).length,
    };
  });
}
