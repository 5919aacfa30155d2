/**
 * A week of shifts and a break rule, without the database (issue 27 item 1): reading HH:mm, a
 * shift crossing midnight (its end at or before its start ends the next day), overlaps within a
 * day, the break's checks, the minutes worked a week and whether shifts cover every minute of it.
 */
import { TIME_ATTENDANCE_LIMITS as L, TIME_ATTENDANCE_MESSAGES as M, WEEKDAYS, type BreakIn, type Week, type WeekIn, type Break } from "../../contract/index.ts";

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY = 1440;

/** Minutes after midnight of an HH:mm time, or null. */
export function minutesOf(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const m = TIME.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** A shift's [start, end) in minutes from its day's midnight (end > start; up to 2 × 1440). */
const span = (s: { start: string; end: string }): [number, number] => {
  const a = minutesOf(s.start)!;
  const b = minutesOf(s.end)!;
  return [a, b > a ? b : b + DAY];
};

export type Errors = Record<string, string[]>;

/** The week's shifts checked and sorted by start (errors under `${field}.${day}`). */
export function checkWeek(week: WeekIn | null | undefined, field: string, errors: Errors): Record<string, { start: string; end: string }[]> {
  const out: Record<string, { start: string; end: string }[]> = {};
  for (const day of WEEKDAYS) {
    const shifts = week?.[day] ?? [];
    const key = `${field}.${day}`;
    if (shifts.length > L.shiftsPerDay) (errors[key] ??= []).push(M.tooManyShifts);
    else if (shifts.some((s) => minutesOf(s.start) === null || minutesOf(s.end) === null)) (errors[key] ??= []).push(M.time);
    else if (shifts.some((s) => s.start === s.end)) (errors[key] ??= []).push(M.shiftSameTimes);
    else out[day] = [...shifts].sort((x, y) => minutesOf(x.start)! - minutesOf(y.start)!).map((s) => ({ start: s.start, end: s.end }));
  }
  // No two shifts of the week meet, a night shift running into the next day (Sunday's into Monday) included.
  const all = WEEKDAYS.flatMap((d, i) => (out[d] ?? []).map((s) => { const [x, y] = span(s); return { day: d, x: i * DAY + x, y: i * DAY + y }; }));
  all.sort((a, b) => a.x - b.x);
  const WEEK = 7 * DAY;
  all.forEach((s, i) => {
    const prev = i > 0 ? all[i - 1]! : all.length > 1 ? { ...all[all.length - 1]!, y: all[all.length - 1]!.y - WEEK } : null;
    const key = `${field}.${s.day}`;
    if (prev && prev.y > s.x && !errors[key]?.includes(M.shiftsOverlap)) (errors[key] ??= []).push(M.shiftsOverlap);
  });
  return out;
}

/** Whether a week has a shift at all. */
export const hasShifts = (week: Record<string, unknown[]>) => WEEKDAYS.some((d) => (week[d]?.length ?? 0) > 0);

/** The break rule checked against the shifts it goes with (null: none yet, e.g. a flexible rota). */
export function checkBreak(b: BreakIn | undefined, week: Record<string, { start: string; end: string }[]> | null, errors: Errors): Break {
  const brk = b ?? { type: "none" as const };
  if (brk.type === "none") {
    if (brk.minutes != null || brk.start != null || brk.end != null) errors.break = [M.noBreakValues];
    return { type: "none", minutes: null, start: null, end: null };
  }
  if (brk.type === "flexible") {
    if (typeof brk.minutes !== "number" || brk.minutes < 1 || brk.minutes > L.breakMinutes || brk.start != null || brk.end != null) errors.break = [M.breakMinutes];
    return { type: "flexible", minutes: brk.minutes ?? null, start: null, end: null };
  }
  const a = minutesOf(brk.start);
  const z = minutesOf(brk.end);
  const ok = a !== null && z !== null && a !== z && brk.minutes == null && (week === null || insideShifts(a, z, week));
  if (!ok) errors.break = [M.breakTimes];
  return { type: "scheduled", minutes: null, start: brk.start ?? null, end: brk.end ?? null };
}

/** A scheduled break lies inside a shift on every day with shifts. */
function insideShifts(a: number, z: number, week: Record<string, { start: string; end: string }[]>): boolean {
  const b: [number, number] = [a, z > a ? z : z + DAY];
  return WEEKDAYS.every((d) => {
    const shifts = week[d] ?? [];
    if (shifts.length === 0) return true;
    return shifts.some((s) => {
      const [x, y] = span(s);
      return [0, DAY].some((off) => b[0] + off >= x && b[1] + off <= y);
    });
  });
}

/** A break's minutes on a day with shifts. */
function breakMinutes(b: Break): number {
  if (b.type === "flexible") return b.minutes ?? 0;
  if (b.type === "scheduled" && b.start && b.end) {
    const [x, y] = span({ start: b.start, end: b.end });
    return y - x;
  }
  return 0;
}

/** The week as answered: every weekday, each shift with its minutes and whether it crosses midnight. */
export function weekOut(stored: unknown): Week {
  const w = (stored ?? {}) as Record<string, { start: string; end: string }[]>;
  return Object.fromEntries(
    WEEKDAYS.map((d) => [d, (w[d] ?? []).map((s) => { const [x, y] = span(s); return { start: s.start, end: s.end, crosses_midnight: y > DAY, minutes: y - x }; })]),
  ) as Week;
}

export const breakOut = (stored: unknown): Break => {
  const b = (stored ?? {}) as Partial<Break>;
  return { type: b.type ?? "none", minutes: b.minutes ?? null, start: b.start ?? null, end: b.end ?? null };
};

/** Minutes worked a week: every shift less a break on each day with shifts. */
export function minutesPerWeek(week: Week, b: Break): number {
  return WEEKDAYS.reduce((sum, d) => sum + (week[d].length ? week[d].reduce((s, x) => s + x.minutes, 0) - breakMinutes(b) : 0), 0);
}

/** Whether the shifts cover every minute of the week (a Sunday night shift runs into Monday). */
export function coversWeek(week: Week): boolean {
  const covered = new Uint8Array(7 * DAY);
  WEEKDAYS.forEach((d, i) => {
    for (const s of week[d]) {
      const [x, y] = span(s);
      for (let t = x; t < y; t++) covered[(i * DAY + t) % (7 * DAY)] = 1;
    }
  });
  return covered.every((v) => v === 1);
}
