// ---------------------------------------------------------------------------------------------
// Visit history: its filters, limits and messages (ADR 025), without zod, so the portal's message
// table and the export form take them without the schemas of history.ts.
// ---------------------------------------------------------------------------------------------
import type { Catalogue } from "./catalogue.ts";
import { dayMs, RANGE_LIMITS, RANGE_MESSAGES, type RangeProblem } from "./date-range.ts";

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

/** The export's header row (one row per visit follows, oldest first; times in the site's zone). */
export const HISTORY_EXPORT_HEADERS = ["Date", "Signed in", "Signed out", "Name", "Company", "Host", "Group", "Site", "Status", "Badge", "Safety check"] as const;

/** The export's "Safety check" cell: why a sign-in was rejected or flagged (groups spec §8; ADR 029), in words. */
export const HISTORY_SAFETY_WORDS: Record<string, string> = {
  block_list_match: "Block list match",
  missing_health_certificates: "Missing health certificates",
  failed_central_record: "Failed Central Record requirements",
};

/** Date ranges of every report and export (./date-range) and the history's filters (ADR 025): the catalogue (ADR 035). */
export const HISTORY_CATALOGUE: Catalogue = {
  tables: [
    { branch: "history:range.", messages: RANGE_MESSAGES },
    { branch: "history:messages.", messages: HISTORY_MESSAGES },
  ],
};
