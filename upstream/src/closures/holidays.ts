/**
 * Public holidays offered to import as closures (issue 27 item 2): the `date-holidays` rules of a
 * country (ISO 3166-1 alpha-2) and, optionally, one of its regions (the library's states: GB's ENG,
 * SCT, WLS, NIR…). Only `public` days count — bank holidays, their substitute days — never
 * observances (Mother's Day) or optional days.
 *
 * A site's country: the client's (settings.country), unless the site's time zone is one of the
 * zones below, which belong to one country only (Acme's Dublin office is in Ireland though Acme is
 * British). Sites have no country of their own.
 */
import Holidays from "date-holidays";

const ZONE_COUNTRY: Readonly<Record<string, string>> = {
  "Europe/London": "GB", "Europe/Dublin": "IE", "Europe/Paris": "FR", "Europe/Berlin": "DE", "Europe/Madrid": "ES",
  "Europe/Lisbon": "PT", "Europe/Rome": "IT", "Europe/Amsterdam": "NL", "Europe/Brussels": "BE", "Europe/Luxembourg": "LU",
  "Europe/Zurich": "CH", "Europe/Vienna": "AT", "Europe/Copenhagen": "DK", "Europe/Stockholm": "SE", "Europe/Oslo": "NO",
  "Europe/Helsinki": "FI", "Europe/Warsaw": "PL", "Europe/Prague": "CZ", "Europe/Budapest": "HU", "Europe/Zagreb": "HR",
  "Europe/Athens": "GR", "Europe/Istanbul": "TR", "Europe/Kyiv": "UA", "Europe/Kiev": "UA", "Europe/Moscow": "RU",
  "Asia/Tokyo": "JP", "Asia/Hong_Kong": "HK", "Asia/Singapore": "SG", "Asia/Kolkata": "IN", "Asia/Dubai": "AE",
  "Australia/Sydney": "AU", "Australia/Melbourne": "AU", "Australia/Brisbane": "AU", "Australia/Perth": "AU", "Australia/Adelaide": "AU",
  "Pacific/Auckland": "NZ", "America/New_York": "US", "America/Chicago": "US", "America/Denver": "US", "America/Los_Angeles": "US",
  "America/Phoenix": "US", "America/Anchorage": "US", "Pacific/Honolulu": "US", "America/Toronto": "CA", "America/Vancouver": "CA",
  "America/Mexico_City": "MX", "America/Sao_Paulo": "BR", "Africa/Johannesburg": "ZA",
};

/** The country whose holidays a site keeps: its time zone's, else the client's. */
export function siteCountry(timezone: string | null | undefined, clientCountry: string): string {
  return (timezone && ZONE_COUNTRY[timezone]) || clientCountry.toUpperCase();
}

/** Whether `date-holidays` knows the country. */
export function knownCountry(country: string): boolean {
  return Object.hasOwn(new Holidays().getCountries("en"), country);
}

/** The country's regions (code → name); empty when it has none. */
export function regionsOf(country: string): Record<string, string> {
  return new Holidays().getStates(country, "en") ?? {};
}

export interface HolidayDay {
  date: string;
  name: string;
}

/** The public holidays of `year` in the country (and region), by date; one entry a date (the first name). */
export function publicHolidays(country: string, region: string | null, year: number): HolidayDay[] {
  const hd = region ? new Holidays(country, region, { types: ["public"] }) : new Holidays(country, { types: ["public"] });
  const seen = new Map<string, HolidayDay>();
  for (const h of hd.getHolidays(year, "en")) {
    if (h.type !== "public") continue;
    const date = h.date.slice(0, 10);
    if (!seen.has(date)) seen.set(date, { date, name: h.name.slice(0, 100) });
  }
  return [...seen.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The key of an imported holiday: "GB-ENG:2026-12-25". */
export const holidayKey = (country: string, region: string | null, date: string) => `${country}${region ? `-${region}` : ""}:${date}`;
