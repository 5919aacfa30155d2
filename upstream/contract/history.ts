// ---------------------------------------------------------------------------------------------
// Visit history (issue 17 §1, §3; groups spec §5, §9; ADR 025): every visit at the sites the user
// may see, filtered and paged, and its export as CSV or XLSX (31 days at most, within the last 12
// months: `date-range.ts`). Rights: History.viewer (the list and the visit dialog opened from it),
// History.export (the export). A user restricted to listed sites never sees another site's visits.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import type { RouteDef } from "./common.ts";
import { Visit, VisitBadge, VisitDetails } from "./today.ts";

// The rules and messages (no zod, so the browser's message table takes them alone) are in
// history-messages.ts.

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


const R = { base: "regional", auth: "bearer" } as const;
export const historyRoutes = {
  history: { method: "GET", path: "reports/history", ...R, response: HistoryList, summary: "Visits at the sites the user may see, newest first, 15 a page; ?site_id, group_id, from, to, q, status, page (History.viewer); 422 on a bad filter" },
  historyExport: { method: "GET", path: "reports/history/export", ...R, download: true, response: z.void(), summary: "The filtered visits of at most 31 days within the last 12 months as CSV or XLSX (`?format=`), streamed, oldest first; formula cells escaped (History.export)" },
  historyVisit: { method: "GET", path: "reports/history/visits/{visitId}", ...R, response: VisitDetails, summary: "A visit's details opened from the history (History.viewer); personal fields only with the flag visit-record-personal-fields" },
  historyVisitBadge: { method: "GET", path: "reports/history/visits/{visitId}/badge", ...R, response: VisitBadge, summary: "A visit's badge opened from the history (History.viewer)" },
} as const satisfies Record<string, RouteDef>;
