/**
 * Date ranges of reports and exports (groups spec §5, §9; platform §5 "Date pickers: restricted to
 * before 2038"): `from` and `to` are calendar days (YYYY-MM-DD, both included) in the site's or the
 * client's time. One check for every report and export, on both sides: the portal's schema and the
 * upstream's handler call `rangeProblem`, and the upstream's messages are these.
 */
export const RANGE_LIMITS = {
  /** An export covers at most this many days (both ends included). */
  exportMaxDays: 31,
  /** The history export reaches back at most this many months from today. */
  historyExportMonths: 12,
  /** The last day a date picker offers (platform §5). */
  lastDay: "2037-12-31",
} as const;

export const RANGE_MESSAGES = {
  malformed: "Enter dates as YYYY-MM-DD",
  reversed: "The end date must be on or after the start date",
  tooLate: "Dates must be before 2038",
  tooLong: "An export covers at most 31 days",
  tooOld: "The history export covers only the last 12 months",
} as const;
export type RangeProblem = keyof typeof RANGE_MESSAGES;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day as UTC midnight milliseconds, or null when it is not a real calendar day. */
export function dayMs(day: string): number | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(ms);
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) ? ms : null;
}

/** Days from `from` to `to`, both included. */
export const daysIn = (from: string, to: string) => Math.round(((dayMs(to) ?? 0) - (dayMs(from) ?? 0)) / 86_400_000) + 1;

/** The first day the history export may start on, `today` being the client's today (YYYY-MM-DD). */
export function historyExportFirstDay(today: string): string {
  const ms = dayMs(today) ?? Date.now();
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() - RANGE_LIMITS.historyExportMonths);
  return d.toISOString().slice(0, 10);
}

/**
 * What is wrong with a range, or null. `maxDays` for exports; `notBefore` for the history export
 * (`historyExportFirstDay(today)`).
 */
export function rangeProblem(from: string, to: string, opts: { maxDays?: number; notBefore?: string } = {}): RangeProblem | null {
  if (dayMs(from) === null || dayMs(to) === null) return "malformed";
  if (from > RANGE_LIMITS.lastDay || to > RANGE_LIMITS.lastDay) return "tooLate";
  if (to < from) return "reversed";
  if (opts.maxDays !== undefined && daysIn(from, to) > opts.maxDays) return "tooLong";
  if (opts.notBefore !== undefined && from < opts.notBefore) return "tooOld";
  return null;
}
