/**
 * Dates and times in the user's locale with date-fns: the long date, and the time with a 12-hour
 * clock (AM/PM) where the locale uses one (en_US, en_AU) or when forced (spec §5 time input).
 */
import { format, parseISO } from "date-fns";
import type { Locale } from "./config";
import { dateLocale } from "./date-locale";

export { dateLocale } from "./date-locale";

const asDate = (d: Date | string) => (typeof d === "string" ? parseISO(d) : d);

/** "21 November 2026", "November 21st, 2026", "2026年11月21日"… */
export function formatLongDate(d: Date | string, locale: Locale): string {
  return format(asDate(d), "PPP", { locale: dateLocale(locale) });
}

/** Does the locale write times with a 12-hour clock? (13:00 is not written with "13".) */
export function uses12HourClock(locale: Locale): boolean {
  return !format(new Date(2000, 0, 1, 13, 0), "p", { locale: dateLocale(locale) }).includes("13");
}

/** HH:mm or h:mm AM/PM, as the locale (or `force12Hour`) says. */
export function formatTime(d: Date | string, locale: Locale, force12Hour = false): string {
  return format(asDate(d), force12Hour ? "h:mm a" : "p", { locale: dateLocale(locale) });
}

/** A time of day written "HH:mm" (a report time, a kiosk's sign-out time) as the locale writes it: "09:00" or "9:00 AM". */
export function formatClock(hhmm: string, locale: Locale): string {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  return m ? formatTime(new Date(2000, 0, 1, Number(m[1]), Number(m[2])), locale) : hhmm;
}

/**
 * One formatter per time zone, made once: building an Intl.DateTimeFormat costs far more than using
 * one (a booking list of 500 spaces formats a thousand times). An unknown zone throws here, as before.
 */
const ZONE_FORMATS = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let f = ZONE_FORMATS.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    if (ZONE_FORMATS.size < 1000) ZONE_FORMATS.set(timeZone, f);
  }
  return f;
}

/**
 * The wall-clock time of an instant in a time zone, as a local Date for date-fns to format, so the
 * server and every browser show a site's times in the site's zone whatever their own zone is.
 * An unknown zone falls back to UTC.
 */
export function wallClock(instant: Date | string, timeZone: string): Date {
  const d = asDate(instant);
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = zoneFormat(timeZone).formatToParts(d);
  } catch {
    return wallClock(d, "UTC");
  }
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(n("year"), n("month") - 1, n("day"), n("hour") % 24, n("minute"), n("second"));
}

/** The time of an instant at a site: "09:05" or "9:05 AM" as the locale writes it. */
export function formatTimeAt(instant: Date | string, timeZone: string, locale: Locale): string {
  return formatTime(wallClock(instant, timeZone), locale);
}

/** Date and time of an instant at a site: "21 Nov 2026, 09:05". */
export function formatDateTimeAt(instant: Date | string, timeZone: string, locale: Locale): string {
  return format(wallClock(instant, timeZone), "PP p", { locale: dateLocale(locale) });
}

/** A calendar date (YYYY-MM-DD) in the locale's medium form: "21 Nov 2026". */
export function formatDay(day: string, locale: Locale): string {
  return format(parseISO(day), "PP", { locale: dateLocale(locale) });
}

