/**
 * The history's filters from the page's URL (the GET form's fields, named as the upstream's query)
 * and the export's check before any download (ADR 025): the same `rangeProblem` the upstream runs.
 */
import { HISTORY_FILTERS, historyExportFirstDay, RANGE_LIMITS, rangeField, rangeProblem, SHEET_FORMATS, type HistoryFilter } from "@contract";

export type Filters = Record<HistoryFilter, string>;

/** The filters as given (trimmed; each bounded, the upstream refuses what is wrong). */
export function filtersOf(url: URL): Filters {
  return Object.fromEntries(HISTORY_FILTERS.map((k) => [k, (url.searchParams.get(k) ?? "").trim().slice(0, 1000)])) as Filters;
}

/** Only the filters that are set, as a query. */
export const setFilters = (f: Filters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== ""));

/** What is wrong with an export of these filters as `format`: field → translation keys, or null. */
export function exportProblems(format: string, f: Filters, today = new Date().toISOString().slice(0, 10)): Record<string, string[]> | null {
  if (!(SHEET_FORMATS as readonly string[]).includes(format)) return { format: ["history:export.format_invalid"] };
  const problem = rangeProblem(f.from, f.to, { maxDays: RANGE_LIMITS.exportMaxDays, notBefore: historyExportFirstDay(today) });
  return problem ? { [rangeField(problem, f.from, f.to)]: [`history:range.${problem}`] } : null;
}
