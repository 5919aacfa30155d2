/**
 * The bookings list's search (issue 26; ADR 036), read from the query of a GET form so a reload
 * and every redirect after a booking keep it (platform §4: "reload of the bookings using the last
 * search parameters"): a day (YYYY-MM-DD, default today in the site's zone), a time from–to (HH:MM,
 * default 09:00–17:00), and optionally a category and a zone. A problem is a field and a
 * translation key: the page answers 400 with it, never a 500.
 */
import { SPACE_CATEGORIES } from "@contract";
import { instantAt as siteInstant, localAt } from "~/features/manage/local-time";

export interface Search {
  day: string;
  from: string;
  to: string;
  category: string;
  zone: string;
}
export type SearchProblems = Partial<Record<keyof Search, string>>;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A real calendar day before 2038 (the platform's last day). */
export function validDay(v: string): boolean {
  const m = DAY.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === v && v >= "2000-01-01" && v <= "2037-12-31";
}
export const validTime = (v: string) => TIME.test(v);

/** Today in `zone` (YYYY-MM-DD). */
export const todayIn = (zone: string, now = new Date()): string => localAt(now.toISOString(), zone).slice(0, 10);

/** The instant of a wall-clock day and time (both already checked) in `zone`, the site's (manage/local-time). */
export const instantAt = (day: string, time: string, zone: string): Date => new Date(siteInstant(`${day}T${time}`, zone)!);

/** The search of `url` with the site's zone for the default day, and its problems. */
export function readSearch(url: URL, zone: string): { search: Search; problems: SearchProblems } {
  const q = (k: string) => (url.searchParams.get(k) ?? "").trim();
  const search: Search = { day: q("day") || todayIn(zone), from: q("from") || "09:00", to: q("to") || "17:00", category: q("category"), zone: q("zone") };
  const problems: SearchProblems = {};
  if (!validDay(search.day)) problems.day = "spaces:search.day_invalid";
  if (!validTime(search.from)) problems.from = "spaces:search.time_invalid";
  if (!validTime(search.to)) problems.to = "spaces:search.time_invalid";
  else if (validTime(search.from) && search.to <= search.from) problems.to = "spaces:messages.endBeforeStart";
  if (search.category && !(SPACE_CATEGORIES as readonly string[]).includes(search.category)) problems.category = "spaces:search.category_invalid";
  if (search.zone && !/^\d{1,9}$/.test(search.zone)) problems.zone = "spaces:search.zone_invalid";
  // What a problem names is shown back cut short (a hostile value never grows the page).
  for (const k of Object.keys(problems) as (keyof Search)[]) search[k] = search[k].slice(0, 40);
  return { search, problems };
}

/** The search as a query string (only well-formed values: what a redirect may carry). */
export function searchQuery(s: Partial<Search>): string {
  const keep = new URLSearchParams();
  if (s.day && validDay(s.day)) keep.set("day", s.day);
  if (s.from && validTime(s.from)) keep.set("from", s.from);
  if (s.to && validTime(s.to)) keep.set("to", s.to);
  if (s.category && (SPACE_CATEGORIES as readonly string[]).includes(s.category)) keep.set("category", s.category);
  if (s.zone && /^\d{1,9}$/.test(s.zone)) keep.set("zone", s.zone);
  const text = keep.toString();
  return text ? `?${text}` : "";
}

/** The search a request's URL carries, as a query string to go back to. */
export const searchOf = (request: Request) => {
  const url = new URL(request.url);
  const g = (k: string) => url.searchParams.get(k) ?? "";
  return searchQuery({ day: g("day"), from: g("from"), to: g("to"), category: g("category"), zone: g("zone") });
};
