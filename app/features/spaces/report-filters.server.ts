/**
 * The bookings report's filters (issue 26 item 7; ADR 036), read from the query of a GET form (no
 * JavaScript; the URL can be shared): the attendance reports' range and site, and a zone of the
 * chosen site, a category, an outcome and a person's name. A problem is a field and a translation
 * key; the page answers 400 with it, the export a 400 with the message as text.
 */
import { BOOKING_OUTCOMES, SPACE_CATEGORIES } from "@contract";
import type { Access } from "~/access/guard.server";
import { postedId } from "~/forms/action-result.server";
import { rangeFilter, siteFilter, type FilterProblem } from "~/features/attendance/filters.server";

export type Outcome = (typeof BOOKING_OUTCOMES)[number];
export type Category = (typeof SPACE_CATEGORIES)[number];

export interface BookingsFilters {
  from: string;
  to: string;
  site: number | null;
  zone: number | null;
  category: Category | null;
  outcome: Outcome | null;
  person: string;
}

export function bookingsFilters(url: URL, access: Access): { filters: BookingsFilters; problems: FilterProblem[] } {
  const range = rangeFilter(url);
  const site = siteFilter(url, access);
  const problems = [range.problem, site.problem].filter((p): p is FilterProblem => p !== null);
  const zoneRaw = url.searchParams.get("zone") ?? "";
  const zone = zoneRaw === "" ? null : postedId(zoneRaw);
  if (zoneRaw !== "" && (zone === null || site.site === null)) problems.push({ field: "zone", key: "spaces:messages.reportZone" });
  const categoryRaw = url.searchParams.get("category") ?? "";
  const category = (SPACE_CATEGORIES as readonly string[]).includes(categoryRaw) ? (categoryRaw as Category) : null;
  if (categoryRaw !== "" && category === null) problems.push({ field: "category", key: "spaces:messages.category" });
  const outcomeRaw = url.searchParams.get("outcome") ?? "";
  const outcome = (BOOKING_OUTCOMES as readonly string[]).includes(outcomeRaw) ? (outcomeRaw as Outcome) : null;
  if (outcomeRaw !== "" && outcome === null) problems.push({ field: "outcome", key: "spaces:messages.outcome" });
  const person = (url.searchParams.get("person") ?? "").trim().slice(0, 100);
  return { filters: { from: range.from, to: range.to, site: site.site, zone: zone ?? null, category, outcome, person }, problems };
}

/** The filters as the upstream's query. */
export const bookingsQuery = (f: BookingsFilters) => ({
  from: f.from,
  to: f.to,
  site_id: f.site ?? undefined,
  zone_id: f.zone ?? undefined,
  category: f.category ?? undefined,
  outcome: f.outcome ?? undefined,
  person: f.person || undefined,
});

/** The filters as the page's links keep them (the pager, the export forms). */
export const bookingsKeep = (f: BookingsFilters): Record<string, string> => ({
  from: f.from,
  to: f.to,
  site: f.site === null ? "" : String(f.site),
  zone: f.zone === null ? "" : String(f.zone),
  category: f.category ?? "",
  outcome: f.outcome ?? "",
  person: f.person,
});
