/**
 * The attendance reports' filters (ADR 027), read from the query of a GET form (no JavaScript
 * needed; the URL can be shared): a range (`from`, `to`: at most 31 days, the contract's
 * `rangeProblem`, the same check the upstream makes), a day, a site of the user's and a group.
 * A problem is a field and a translation key; the page answers 400 with it, the export a 400
 * with the message as text.
 */
import { RANGE_LIMITS, rangeProblem, type RangeProblem } from "@contract";
import type { Access } from "~/access/guard.server";
import { postedId } from "~/forms/action-result.server";

export interface FilterProblem {
  field: string;
  key: string;
}

const DAY_MS = 86_400_000;
/** Today (UTC) as YYYY-MM-DD, `back` days earlier. */
export const dayBefore = (back: number, from = new Date()) => new Date(Date.parse(from.toISOString().slice(0, 10)) - back * DAY_MS).toISOString().slice(0, 10);

/** The range messages are the history's words (one translation of date-range.ts for every report). */
const problemKey = (p: RangeProblem) => `history:range.${p}`;

/** The range of the query (default: the last 7 days to today), or the problem with it. */
export function rangeFilter(url: URL): { from: string; to: string; problem: FilterProblem | null } {
  const to = url.searchParams.get("to") ?? dayBefore(0);
  const from = url.searchParams.get("from") ?? dayBefore(6, new Date(Date.parse(`${/^\d{4}-\d{2}-\d{2}$/.test(to) ? to : dayBefore(0)}T00:00:00Z`)));
  const problem = rangeProblem(from, to, { maxDays: RANGE_LIMITS.exportMaxDays });
  if (!problem) return { from, to, problem: null };
  const field = problem === "malformed" ? (rangeProblem(from, from) ? "from" : "to") : problem === "tooLate" && from > RANGE_LIMITS.lastDay ? "from" : "to";
  return { from: from.slice(0, 10), to: to.slice(0, 10), problem: { field, key: problemKey(problem) } };
}

/** The day of the query (default today), or the problem with it. */
export function dayFilter(url: URL): { day: string; problem: FilterProblem | null } {
  const day = url.searchParams.get("day") ?? dayBefore(0);
  const problem = rangeProblem(day, day);
  return { day: day.slice(0, 10), problem: problem ? { field: "day", key: problemKey(problem) } : null };
}

/** The site of the query: one of the user's, or null for all; another value is a problem. */
export function siteFilter(url: URL, access: Access): { site: number | null; problem: FilterProblem | null } {
  const raw = url.searchParams.get("site") ?? "";
  if (raw === "") return { site: null, problem: null };
  const id = postedId(raw);
  const ok = id !== null && access.config.sites.some((s) => s.id === id);
  return ok ? { site: id, problem: null } : { site: null, problem: { field: "site", key: "attendance:filter.site_unknown" } };
}

/** The group of the query (checked by the upstream against the groups in scope), or null. */
export function groupFilter(url: URL): { group: number | null; problem: FilterProblem | null } {
  const raw = url.searchParams.get("group") ?? "";
  if (raw === "") return { group: null, problem: null };
  const id = postedId(raw);
  return id === null ? { group: null, problem: { field: "group", key: "attendance:filter.group_unknown" } } : { group: id, problem: null };
}

/** The sites a report may be filtered to: the user's. */
export const reportSites = (access: Access) => access.config.sites.map((s) => ({ id: s.id, name: s.name, timezone: s.timezone }));

/** A 400 for an export whose filter is wrong: the message as text (a download link has no page to show it on). */
export const exportProblem = (message: string) => new Response(message, { status: 400, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
