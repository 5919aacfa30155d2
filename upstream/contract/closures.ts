// ---------------------------------------------------------------------------------------------
// Closure days (issue 27 item 2; platform §2, §3, §5, §6; groups spec §6 "closure days"): the days
// a client's sites are closed — a reason and a local date or range of dates (YYYY-MM-DD, both ends
// included), for the whole client (`site_ids` null, sites added later too) or for chosen sites. A
// timesheet expects no work on them. The country's public holidays can be imported as closures
// (`date-holidays`), idempotently: a holiday already imported for the same sites is not added again.
//
// Right: ClosurePeriod.viewer (groups spec §6's single "closure days" level) for every call. A user
// restricted to listed sites sees the closures that reach one of their sites and changes only
// those wholly within them (`can_edit`); what they create covers only their sites.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import { Ok, type RouteDef } from "./common.ts";
import { CLOSURE_LIMITS, CLOSURE_MESSAGES } from "./closure-messages.ts";

const M = CLOSURE_MESSAGES;

export const CLOSURE_RIGHTS = { manage: "ClosurePeriod.viewer" } as const;

/** A real calendar date "YYYY-MM-DD" from 2000 to 2037. */
export function isClosureDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = new Date(Date.UTC(y, mo - 1, d));
  return y >= CLOSURE_LIMITS.firstYear && y <= CLOSURE_LIMITS.lastYear && utc.getUTCMonth() === mo - 1 && utc.getUTCDate() === d;
}

/** Days from `a` to `b` (local dates), counting both: 1 for one day. */
export function closureDays(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;
}

const localDate = z.string(M.dateRequired).max(10, M.date).refine(isClosureDate, M.date);
const year = z.coerce.number(M.year).int(M.year).min(CLOSURE_LIMITS.firstYear, M.year).max(CLOSURE_LIMITS.lastYear, M.year);

export const ClosurePeriod = z.object({
  id: z.number().int(),
  reason: z.string(),
  /** First and last closed day, local dates, both included (equal for one day). */
  start: z.string(),
  end: z.string(),
  /** The sites it closes; null: every site of the client (sites added later too). */
  site_ids: z.array(z.number().int()).nullable(),
  /** An imported public holiday: "<country>[-<region>]:<date>"; null for one entered by hand. */
  holiday: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The caller may change or delete it (every site it covers is theirs). */
  can_edit: z.boolean(),
});
export type ClosurePeriod = z.infer<typeof ClosurePeriod>;

export const ClosurePeriods = z.object({ closures: z.array(ClosurePeriod) });
export type ClosurePeriods = z.infer<typeof ClosurePeriods>;

const reason = z
  .string(M.reasonRequired)
  .max(CLOSURE_LIMITS.reason * 4, M.reasonTooLong)
  .transform((s) => s.trim())
  .pipe(z.string().min(1, M.reasonRequired).max(CLOSURE_LIMITS.reason, M.reasonTooLong).refine((s) => !/[\u0000-\u001f\u007f]/.test(s), M.reasonOneLine));

const siteIds = z
  .array(z.number(M.sites).int(M.sites).positive(M.sites), M.sites)
  .min(1, M.sites)
  .max(CLOSURE_LIMITS.sites, M.sites)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
  .nullable();

function checkRange(v: { start?: string | undefined; end?: string | null | undefined }, ctx: z.RefinementCtx): void {
  if (!v.start || !v.end || !isClosureDate(v.start) || !isClosureDate(v.end)) return;
  if (v.end < v.start) ctx.addIssue({ code: "custom", message: M.endBeforeStart, path: ["end"] });
  else if (closureDays(v.start, v.end) > CLOSURE_LIMITS.days) ctx.addIssue({ code: "custom", message: M.tooLong, path: ["end"] });
}

/** POST closure-periods: a reason, a date (`start`) and, for a range, its last day (`end`); the whole client (`site_ids` null) or sites. */
export const ClosurePeriodInput = z
  .object({
    reason,
    start: localDate,
    /** Absent or null: the one day `start`. */
    end: localDate.nullable().optional(),
    site_ids: siteIds.default(null),
  })
  .superRefine(checkRange);
export type ClosurePeriodInput = z.infer<typeof ClosurePeriodInput>;

/** PATCH closure-periods/{closureId}: what is sent changes (a new `start` alone keeps the length unless `end` is sent). */
export const ClosurePeriodUpdate = z
  .object({ reason: reason.optional(), start: localDate.optional(), end: localDate.nullable().optional(), site_ids: siteIds.optional() })
  .superRefine(checkRange);
export type ClosurePeriodUpdate = z.infer<typeof ClosurePeriodUpdate>;

/** Query of GET closure-periods. */
export const ClosurePeriodsQuery = z.object({
  year: year.optional(),
  site_id: z.coerce.number(M.sites).int(M.sites).positive(M.sites).optional(),
});

export const PublicHoliday = z.object({
  date: z.string(),
  name: z.string(),
  /** Already a closure of these sites (imported for them, or for the whole client). */
  imported: z.boolean(),
});
export type PublicHoliday = z.infer<typeof PublicHoliday>;

/** GET closure-periods/holidays. */
export const PublicHolidays = z.object({
  year: z.number().int(),
  /** The site they are for; null: the whole client. */
  site_id: z.number().int().nullable(),
  country: z.string(),
  region: z.string().nullable(),
  /** The regions of the country the holidays may be asked for (code → name). */
  regions: z.record(z.string(), z.string()),
  holidays: z.array(PublicHoliday),
});
export type PublicHolidays = z.infer<typeof PublicHolidays>;

const country = z.string(M.country).regex(/^[A-Za-z]{2}$/, M.country).transform((s) => s.toUpperCase());
const region = z.string(M.region).regex(/^[A-Za-z0-9]{1,6}$/, M.region).transform((s) => s.toUpperCase());

/** Query of GET closure-periods/holidays: `site_id` (else the whole client), `year`, and the country (default: the site's, else the client's) and region. */
export const PublicHolidaysQuery = z.object({
  year,
  site_id: z.coerce.number(M.sites).int(M.sites).positive(M.sites).optional(),
  country: country.optional(),
  region: region.optional(),
});

/** POST closure-periods/holidays: import the chosen public holidays (`dates`) of a year as closures. */
export const PublicHolidaysImport = z.object({
  year,
  site_id: z.number(M.sites).int(M.sites).positive(M.sites).nullable().default(null),
  country: country.optional(),
  region: region.optional(),
  dates: z.array(localDate, M.holidays).min(1, M.holidays).max(CLOSURE_LIMITS.holidays, M.holidays),
});
export type PublicHolidaysImport = z.infer<typeof PublicHolidaysImport>;

/** The import's answer: how many closures were added, and the year's holidays as GET answers them. */
export const PublicHolidaysImported = PublicHolidays.extend({ created: z.number().int() });

export const closureRoutes = {
  listClosurePeriods: { method: "GET", path: "closure-periods", base: "regional", auth: "bearer", response: ClosurePeriods, summary: "The client's closure days and periods, by start: query year (those overlapping it), site_id (those closing that site). A user restricted to sites sees those reaching their sites (ClosurePeriod.viewer)" },
  createClosurePeriod: { method: "POST", path: "closure-periods", base: "regional", auth: "bearer", body: ClosurePeriodInput, response: ClosurePeriod, summary: "A closure: a reason, a date or a range of at most 366 days, the whole client or sites (ClosurePeriod.viewer; a restricted user only their sites)" },
  updateClosurePeriod: { method: "PATCH", path: "closure-periods/{closureId}", base: "regional", auth: "bearer", body: ClosurePeriodUpdate, response: ClosurePeriod, summary: "Change a closure's reason, dates or sites (ClosurePeriod.viewer; one wholly within the caller's sites)" },
  deleteClosurePeriod: { method: "DELETE", path: "closure-periods/{closureId}", base: "regional", auth: "bearer", response: Ok, summary: "Delete a closure (ClosurePeriod.viewer; one wholly within the caller's sites)" },
  listPublicHolidays: { method: "GET", path: "closure-periods/holidays", base: "regional", auth: "bearer", response: PublicHolidays, summary: "A year's public holidays for a site (`site_id`) or the whole client, of the site's country (else the client's; `country`, `region` choose another), each saying whether it is already a closure there (ClosurePeriod.viewer)" },
  importPublicHolidays: { method: "POST", path: "closure-periods/holidays", base: "regional", auth: "bearer", body: PublicHolidaysImport, response: PublicHolidaysImported, summary: "Import chosen public holidays of a year as closures of a site or the whole client; one already imported there is skipped (ClosurePeriod.viewer)" },
} as const satisfies Record<string, RouteDef>;
