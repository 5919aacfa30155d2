/**
 * Spaces' booking rules that need no database (ADR 036): reading a time, the start/end/advance
 * checks, and a repeating booking's days in the site's wall-clock time (a weekly 09:00 stays at
 * 09:00 across a clock change: each day is placed in the zone, never by adding 7 × 24 h).
 */
import { addMonths, addWeeks, addYears } from "date-fns";
import { SPACES_LIMITS, SPACES_MESSAGES, type AdvanceLimit, type RepeatEvery } from "../../contract/index.ts";
import { addLocalDays, localParts, parseLocalDate, zonedInstant } from "../time/local-time.ts";

/** ISO 8601 with a date, a time and an offset (Z or ±hh:mm); seconds optional. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The instant `value` names, or null when it is not ISO 8601 with an offset. */
export function parseInstant(value: string | undefined | null): Date | null {
  if (typeof value !== "string" || !INSTANT.test(value)) return null;
  const d = new Date(value);
  // A date the calendar does not have (30 February) is not rolled over into the next month.
  const day = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value.slice(0, 10)) return null;
  return d;
}

/** The latest start the advance limit allows from `now` (null: no limit). */
export function advanceLimitEnd(limit: AdvanceLimit, now: Date): Date | null {
  if (limit.unit === "none" || limit.value === null) return null;
  const add = { weeks: addWeeks, months: addMonths, years: addYears }[limit.unit];
  return add(now, limit.value);
}

/** The field errors of a booking's times (empty when they hold), at `now`. */
export function timeProblems(start: Date | null, end: Date | null, limit: AdvanceLimit, now: Date): Record<string, string[]> {
  if (!start) return { start: [SPACES_MESSAGES.time] };
  if (!end) return { end: [SPACES_MESSAGES.time] };
  if (start.getTime() <= now.getTime()) return { start: [SPACES_MESSAGES.startPast] };
  if (end.getTime() <= start.getTime()) return { end: [SPACES_MESSAGES.endBeforeStart] };
  if (end.getTime() - start.getTime() > SPACES_LIMITS.days * 86_400_000) return { end: [SPACES_MESSAGES.tooLong] };
  const latest = advanceLimitEnd(limit, now);
  if (latest && start.getTime() > latest.getTime()) return { start: [SPACES_MESSAGES.advanceLimit] };
  return {};
}

/**
 * A repeating booking's occurrences: the first one, then the same wall-clock times in `zone` every
 * weekday (Monday–Friday) or every week, up to and including local day `until`. Null when `until`
 * is not a date after the first day and within a year of it; the list may be longer than
 * SPACES_LIMITS.occurrences (the caller refuses it).
 */
export function occurrences(start: Date, end: Date, every: RepeatEvery, until: string, zone: string): { start: Date; end: Date }[] | null {
  const first = localParts(start, zone);
  const last = localParts(end, zone);
  if (!parseLocalDate(until) || until <= first.date || until > addLocalDays(first.date, 366)) return null;
  const spanDays = Math.round((Date.parse(`${last.date}T00:00Z`) - Date.parse(`${first.date}T00:00Z`)) / 86_400_000);
  const out: { start: Date; end: Date }[] = [];
  for (let day = first.date, i = 0; day <= until && out.length <= SPACES_LIMITS.occurrences; day = addLocalDays(day, 1), i++) {
    const weekday = new Date(`${day}T12:00Z`).getUTCDay();
    const take = every === "week" ? i % 7 === 0 : i === 0 || (weekday >= 1 && weekday <= 5);
    if (!take) continue;
    out.push({ start: zonedInstant(day, first.time, zone), end: zonedInstant(addLocalDays(day, spanDays), last.time, zone) });
  }
  return out;
}
