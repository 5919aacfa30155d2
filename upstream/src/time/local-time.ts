/**
 * Wall-clock time in a site's IANA time zone (issue 25 item 5; ADR 032): the one module rotas,
 * bookings, absences and calendar feeds compute local times with. Instants are stored; local
 * dates ("YYYY-MM-DD") and times ("HH:mm") are what people type and read. Never add hours to a
 * midnight: 29 Mar 2026 00:00 Europe/London + 9 h is 10:00 local, and "09:00 that day" is
 * `zonedInstant("2026-03-29", "09:00", zone)`.
 *
 * Offsets come from @date-fns/tz (the runtime's IANA data through Intl), never hand-written.
 * A local time that does not exist (the hour skipped in spring) resolves forward by the length of
 * the gap, and one that happens twice (the hour repeated in autumn) resolves to the earlier
 * instant: the "compatible" rule of RFC 5545 and of Temporal.
 */
import { TZDate, tzOffset } from "@date-fns/tz";

export type LocalDate = string;
export type LocalTime = string;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const zoneCache = new Map<string, boolean>();

/** Whether `zone` is an IANA time zone this runtime knows ("Europe/London", "UTC"). */
export function isTimeZone(zone: string): boolean {
  let ok = zoneCache.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      ok = zone.length > 0;
    } catch {
      ok = false;
    }
    if (zoneCache.size < 1000) zoneCache.set(zone, ok);
  }
  return ok;
}

function requireZone(zone: string): void {
  if (!isTimeZone(zone)) throw new RangeError(`Unknown time zone: ${zone}`);
}

/** The parts of a local date, or null when it is not a real calendar date. */
export function parseLocalDate(date: string): { y: number; m: number; d: number } | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(y, m - 1, d));
  if (utc.getUTCFullYear() !== y || utc.getUTCMonth() !== m - 1 || utc.getUTCDate() !== d) return null;
  return { y, m, d };
}

/** Minutes since midnight of a local time "HH:mm" (00:00–23:59), or null. "24:00" is not a time. */
export function parseLocalTime(time: string): number | null {
  const match = TIME.exec(time);
  if (!match) return null;
  const [h, min] = [Number(match[1]), Number(match[2])];
  return h < 24 && min < 60 ? h * 60 + min : null;
}

function wallClockMs(date: LocalDate, time: LocalTime): number {
  const d = parseLocalDate(date);
  const minutes = parseLocalTime(time);
  if (!d || minutes === null) throw new RangeError(`Not a local date and time: ${date} ${time}`);
  return Date.UTC(d.y, d.m - 1, d.d) + minutes * MINUTE;
}

/** The offset (minutes east of UTC) of `zone` at `instant`. */
export const offsetAt = (zone: string, instant: Date): number => tzOffset(zone, instant);

/**
 * The instant of local `date` at `time` in `zone`. A time skipped by a clock change resolves
 * forward by the gap (01:30 on 29 Mar 2026 in London is 02:30 BST); a repeated one resolves to its
 * first occurrence (01:30 on 25 Oct 2026 in London is 01:30 BST, 00:30 UTC).
 */
export function zonedInstant(date: LocalDate, time: LocalTime, zone: string): Date {
  requireZone(zone);
  const wall = wallClockMs(date, time);
  // The offsets in force a day either side bracket any clock change at this wall-clock time.
  const before = offsetAt(zone, new Date(wall - DAY));
  const after = offsetAt(zone, new Date(wall + DAY));
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset * MINUTE)
    .filter((ms) => offsetAt(zone, new Date(ms)) * MINUTE === wall - ms)
    .sort((a, b) => a - b);
  // None: the time was skipped; read it with the offset before the change, which lands after the gap.
  return new Date(candidates[0] ?? wall - before * MINUTE);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The local date, time and weekday (0 Sunday … 6 Saturday) of `instant` in `zone`. */
export function localParts(instant: Date, zone: string): { date: LocalDate; time: LocalTime; weekday: number } {
  requireZone(zone);
  const t = new TZDate(instant.getTime(), zone);
  return {
    date: `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`,
    time: `${pad(t.getHours())}:${pad(t.getMinutes())}`,
    weekday: t.getDay(),
  };
}

/** The local date `days` after `date` (calendar arithmetic, no time zone involved). */
export function addLocalDays(date: LocalDate, days: number): LocalDate {
  const d = parseLocalDate(date);
  if (!d) throw new RangeError(`Not a local date: ${date}`);
  return new Date(Date.UTC(d.y, d.m - 1, d.d + days)).toISOString().slice(0, 10);
}

/** Local day `date` in `zone` as a half-open instant range [start, end): 23 or 25 hours on a clock change. */
export function localDayRange(date: LocalDate, zone: string): { start: Date; end: Date } {
  return { start: zonedInstant(date, "00:00", zone), end: zonedInstant(addLocalDays(date, 1), "00:00", zone) };
}

/**
 * A shift starting on local `date` at `start` and ending at `end` (the next day when `end` is not
 * after `start`: 22:00–06:00 crosses midnight), as instants and its real length in minutes (a
 * 22:00–06:00 shift on 24/25 Oct 2026 in London lasts 9 h).
 */
export function shiftRange(date: LocalDate, start: LocalTime, end: LocalTime, zone: string): { start: Date; end: Date; minutes: number } {
  const from = parseLocalTime(start);
  const to = parseLocalTime(end);
  if (from === null || to === null) throw new RangeError(`Not a local time: ${start}–${end}`);
  const startsAt = zonedInstant(date, start, zone);
  const endsAt = zonedInstant(to > from ? date : addLocalDays(date, 1), end, zone);
  return { start: startsAt, end: endsAt, minutes: Math.round((endsAt.getTime() - startsAt.getTime()) / MINUTE) };
}

/** The local date it is now (or at `at`) in `zone`: what "today" means at a site. */
export const localToday = (zone: string, at: Date = new Date()): LocalDate => localParts(at, zone).date;

/** `instant` as ISO 8601 in `zone`'s wall-clock time with its offset: 2026-12-01T09:00:00+00:00. */
export function isoInZone(instant: Date, zone: string): string {
  const { date, time } = localParts(instant, zone);
  const offset = offsetAt(zone, instant);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${date}T${time}:${pad(new Date(instant).getUTCSeconds())}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** `instant` as a date that reads `zone`'s wall-clock time (a TZDate: iCalendar writers take it as local time there). */
export const dateInZone = (instant: Date, zone: string): TZDate => new TZDate(instant, zone);
