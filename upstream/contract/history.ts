// ---------------------------------------------------------------------------------------------
// Visit history (issue 17 §1, §3; groups spec §5, §9; ADR 025): every visit at the sites the user
// may see, filtered and paged, and its export as CSV or XLSX (31 days at most, within the last 12
// months: `date-range.ts`). Rights: History.viewer (the list and the visit dialog opened from it),
// History.export (the export). A user restricted to listed sites never sees another site's visits.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import type { RouteDef } from "./common.ts";
import { dayMs, RANGE_LIMITS, type RangeProblem } from "./date-range.ts";
import { Visit, VisitBadge, VisitDetails } from "./today.ts";

export const HISTORY_STATUSES = ["all", "signed_in", "signed_out", "rejected"] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

export const HISTORY_LIMITS = {
  perPage: 15,
  /** The name-or-company search, in characters. */
  qMax: 100,
  maxPage: 10_000,
} as const;

/** The upstream's own messages for filters `date-range.ts` does not cover. */
export const HISTORY_MESSAGES = {
  site: "Choose a site you may see",
  group: "Choose a group of this account",
  status: "Choose signed in, signed out, rejected or all",
  q: `Search for at most ${HISTORY_LIMITS.qMax} characters`,
  page: "Choose a page number",
  viewer: "You are not authorised to view visit history.",
  export: "You are not authorised to export visit history.",
} as const;

/**
 * The filters, as query parameters of both calls (every one optional in the list; from and to
 * required by the export): site_id, group_id, from, to (YYYY-MM-DD, in each visit's site time),
 * q (name or company, contains), status, page (the list only).
 */
export const HISTORY_FILTERS = ["site_id", "group_id", "from", "to", "q", "status"] as const;
export type HistoryFilter = (typeof HISTORY_FILTERS)[number];

/** The field a range problem belongs to: the day at fault (a reversed or too long range is the end's). */
export function rangeField(problem: RangeProblem, from: string, to: string): "from" | "to" {
  if (problem === "malformed") return dayMs(from) === null ? "from" : "to";
  if (problem === "tooLate") return from > RANGE_LIMITS.lastDay ? "from" : "to";
  return problem === "tooOld" ? "from" : "to";
}

export const HistoryVisit = Visit.extend({ site_name: z.string() });
export type HistoryVisit = z.infer<typeof HistoryVisit>;

export const HistoryList = z.object({
  data: z.array(HistoryVisit),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** What the filter form offers: the sites the user may see, the account's groups. */
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type HistoryList = z.infer<typeof HistoryList>;

/** The export's header row (one row per visit follows, oldest first; times in the site's zone). */
export const HISTORY_EXPORT_HEADERS = ["Date", "Signed in", "Signed out", "Name", "Company", "Host", "Group", "Site", "Status", "Badge"] as const;

const R = { base: "regional", auth: "bearer" } as const;
export const historyRoutes = {
  history: { method: "GET", path: "reports/history", ...R, response: HistoryList, summary: "Visits at the sites the user may see, newest first, 15 a page; ?site_id, group_id, from, to, q, status, page (History.viewer); 422 on a bad filter" },
  historyExport: { method: "GET", path: "reports/history/export", ...R, download: true, response: z.void(), summary: "The filtered visits of at most 31 days within the last 12 months as CSV or XLSX (`?format=`), streamed, oldest first; formula cells escaped (History.export)" },
  historyVisit: { method: "GET", path: "reports/history/visits/{visitId}", ...R, response: VisitDetails, summary: "A visit's details opened from the history (History.viewer); personal fields only with the flag visit-record-personal-fields" },
  historyVisitBadge: { method: "GET", path: "reports/history/visits/{visitId}/badge", ...R, response: VisitBadge, summary: "A visit's badge opened from the history (History.viewer)" },
} as const satisfies Record<string, RouteDef>;
