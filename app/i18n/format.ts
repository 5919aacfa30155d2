/**
 * Dates and times in the user's locale with date-fns: the long date, and the time with a 12-hour
 * clock (AM/PM) where the locale uses one (en_US, en_AU) or when forced (spec §5 time input).
 */
import { format, parseISO } from "date-fns";
import { ca, da, de, enAU, enGB, enUS, es, fr, hr, it, ja, nl, pl, pt, ru, sv, tr, uk, zhHK, type Locale as DateLocale } from "date-fns/locale";
import type { Locale } from "./config";

const DATE_LOCALES: Record<Locale, DateLocale> = {
  ca, da, de, en_GB: enGB, en_AU: enAU, en_US: enUS, es, fr, it, uk, nl, pl, pt, ja, sv, zh_HK: zhHK, ru, tr, hr,
};

export function dateLocale(locale: Locale): DateLocale {
  return DATE_LOCALES[locale];
}

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
