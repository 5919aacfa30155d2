/**
 * Validation of the manage area's site forms, shared by server and browser through conform
 * (platform §5: "A site name is required", a valid reply-to email, dates before 2038, the end after
 * the start). Messages are translation keys (namespace "manage"); the upstream stays the authority
 * and its 422 messages are shown as they come.
 */
import { z } from "zod";
import { singleLine } from "~/forms/control-characters";
import { SUPPORTED_LOCALES } from "@contract";

const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
/** platform §9: date pickers stop before 2038. */
export const DATES_BEFORE = "2038-01-01T00:00";

const text = (max: number) => z.string().trim().max(max, "common:validation.too_long").optional();
/** A single-line text (no tab or line break, see singleLine). */
const line = (max: number) => singleLine(z.string().trim().max(max, "common:validation.too_long")).optional();
const localDate = (required: string) =>
  z
    .string({ error: required })
    .regex(LOCAL, "sites:validation.date_invalid")
    .refine((s) => s < DATES_BEFORE, "sites:validation.date_before_2038");

const siteFields = {
  name: singleLine(z.string({ error: "sites:validation.site_name_required" }).trim().min(1, "sites:validation.site_name_required").max(100, "common:validation.too_long")),
  reply_to_email: z
    .string({ error: "sites:validation.reply_to_email" })
    .trim()
    .max(254, "common:validation.too_long")
    .regex(EMAIL, "sites:validation.reply_to_email"),
  reply_to_name: line(100),
  address: text(500),
  timezone: z.string({ error: "sites:validation.timezone" }).refine((tz) => isTimezone(tz), "sites:validation.timezone"),
  locale: z.enum(SUPPORTED_LOCALES, { error: "sites:validation.locale" }),
};

let zones: Set<string> | undefined;
export function timezones(): string[] {
  return ["UTC", ...Intl.supportedValuesOf("timeZone").filter((z) => z !== "UTC")];
}
const isTimezone = (tz: string) => (zones ??= new Set(timezones())).has(tz);

/** Event dates: both, the end after the start (compared as the same zone's wall clock). */
function eventDates<T extends z.ZodRawShape>(shape: T, event: boolean) {
  const base = z.object({
    ...shape,
    active_from: event ? localDate("sites:validation.start_required") : z.undefined(),
    active_until: event ? localDate("sites:validation.end_required") : z.undefined(),
  });
  return base.superRefine((v, ctx) => {
    const from = (v as { active_from?: string }).active_from;
    const until = (v as { active_until?: string }).active_until;
    if (event && from && until && until <= from) ctx.addIssue({ code: "custom", path: ["active_until"], message: "sites:validation.end_after_start" });
  });
}

/** Add a site (standard or remote) or an event. */
export const newSiteSchema = (event: boolean) =>
  eventDates(
    {
      name: siteFields.name,
      ...(event ? {} : { type: z.enum(["standard", "remote"], { error: "sites:validation.site_type" }) }),
      reply_to_email: siteFields.reply_to_email,
      timezone: siteFields.timezone,
      locale: siteFields.locale,
    },
    event,
  );

/** The details tab; an event whose dates are locked (it has begun) sends none. */
export const siteDetailsSchema = (event: boolean, datesLocked: boolean) => eventDates(siteFields, event && !datesLocked);

