/**
 * The forms of the privacy, features and badges tabs: one zod schema each, shared by server and
 * browser through conform. The rules are the contract's (platform §5, §9): on-site report times
 * unique, in 10-minute steps, with a comma-separated email list; the geofence radius within its
 * bounds. Messages are translation keys (namespace "manage").
 */
import { z } from "zod";
import { MANAGE_LIMITS, type SitePrivacy } from "@contract";

const ID = /^\d{1,9}$/;
const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;
const TOO_LONG = "common:validation.too_long";
const INVALID = "common:fields.invalid_choice";

/** A checkbox: "on" when ticked, absent otherwise (anything else is refused). */
const checkbox = () => z.boolean({ error: INVALID }).optional();

// ---------------------------------------------------------------------------------------------
// Privacy
// ---------------------------------------------------------------------------------------------

export const PRIVACY_FLAGS = ["autocomplete", "hide_sign_outs", "full_name_reveal", "hide_branding", "exact_pre_registration_match", "store_badges", "store_location_data"] as const satisfies readonly (keyof SitePrivacy)[];

export const privacySchema = z.object(Object.fromEntries(PRIVACY_FLAGS.map((f) => [f, checkbox()])) as Record<(typeof PRIVACY_FLAGS)[number], ReturnType<typeof checkbox>>);

// ---------------------------------------------------------------------------------------------
// Features: kiosk options, geofence and location, on-site reports, notice emails
// ---------------------------------------------------------------------------------------------

export const FEATURE_FLAGS = ["contactless", "visitor_photos", "qr_scanning", "geofence_sign_in", "geofence_sign_out"] as const;
const { min: RADIUS_MIN, max: RADIUS_MAX, recommendedMin: RADIUS_RECOMMENDED } = MANAGE_LIMITS.geofenceRadius;
export { RADIUS_MIN, RADIUS_MAX, RADIUS_RECOMMENDED };
const STEP = MANAGE_LIMITS.onSiteReportStepMinutes;
const REPORT_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The on-site report times a form offers: HH:mm every 10 minutes. */
export const REPORT_TIMES = Array.from({ length: (24 * 60) / STEP }, (_, i) => `${String(Math.floor((i * STEP) / 60)).padStart(2, "0")}:${String((i * STEP) % 60).padStart(2, "0")}`);
/** At most this many on-site reports (the contract's cap). */
export const MAX_REPORTS = 48;

const isEmailList = (s: string) => s.split(",").every((e) => EMAIL.test(e.trim()));
export const normaliseEmails = (s: string) =>
  s
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .join(", ");
const decimal = /^-?\d{1,3}(\.\d{1,10})?$/;

export const featuresSchema = z
  .object({
    ...(Object.fromEntries(FEATURE_FLAGS.map((f) => [f, checkbox()])) as Record<(typeof FEATURE_FLAGS)[number], ReturnType<typeof checkbox>>),
    lat: z.string().trim().max(20, TOO_LONG).optional(),
    lng: z.string().trim().max(20, TOO_LONG).optional(),
    radius: z.string().trim().max(10, TOO_LONG).optional(),
    schedules: z
      .array(
        z.object({
          time: z.string().trim().max(5, INVALID).optional(),
          emails: z.string().trim().max(2000, TOO_LONG).optional(),
          remove: checkbox(),
        }),
      )
      .max(MAX_REPORTS + 1, "sites:features.validation.too_many_reports")
      .optional(),
    send_empty: checkbox(),
    emails: z.string().trim().max(2000, TOO_LONG).optional(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    // The site's location: all three, or none.
    const located = Boolean(v.lat || v.lng || v.radius);
    if (located) {
      if (!v.lat) issue(["lat"], "sites:features.validation.lat");
      else if (!decimal.test(v.lat) || Math.abs(Number(v.lat)) > 90) issue(["lat"], "sites:features.validation.lat");
      if (!v.lng) issue(["lng"], "sites:features.validation.lng");
      else if (!decimal.test(v.lng) || Math.abs(Number(v.lng)) > 180) issue(["lng"], "sites:features.validation.lng");
      if (!v.radius || !/^\d{1,6}$/.test(v.radius) || Number(v.radius) < RADIUS_MIN || Number(v.radius) > RADIUS_MAX) {
        issue(["radius"], `sites:features.validation.radius|{"min":${RADIUS_MIN},"max":${RADIUS_MAX}}`);
      }
    }
    if (!located && v.geofence_sign_in) issue(["geofence_sign_in"], "sites:features.validation.geofence_location");
    else if (!located && v.geofence_sign_out) issue(["geofence_sign_out"], "sites:features.validation.geofence_location");
    // On-site reports: a row with both fields empty, or marked to remove, is left out.
    const seen = new Set<string>();
    let kept = 0;
    (v.schedules ?? []).forEach((row, i) => {
      if (row.remove || (!row.time && !row.emails)) return;
      kept++;
      if (!row.time) issue(["schedules", i, "time"], "sites:features.validation.report_time_required");
      else if (!REPORT_TIME.test(row.time) || Number(row.time.slice(3)) % STEP !== 0) issue(["schedules", i, "time"], "sites:features.validation.report_time_step");
      else if (seen.has(row.time)) issue(["schedules", i, "time"], "sites:features.validation.report_time_unique");
      if (row.time) seen.add(row.time);
      if (!row.emails || !isEmailList(row.emails)) issue(["schedules", i, "emails"], "sites:features.validation.emails");
    });
    if (kept > MAX_REPORTS) issue(["schedules"], "sites:features.validation.too_many_reports");
    if (v.emails && !isEmailList(v.emails)) issue(["emails"], "sites:features.validation.emails");
  });
export type FeaturesForm = z.infer<typeof featuresSchema>;

/** The on-site reports a valid form keeps, with the index of the row each came from. */
export function keptSchedules(v: FeaturesForm): { row: number; time: string; emails: string }[] {
  return (v.schedules ?? []).flatMap((s, row) => (s.remove || (!s.time && !s.emails) ? [] : [{ row, time: s.time!, emails: normaliseEmails(s.emails!) }]));
}

// ---------------------------------------------------------------------------------------------
// Badges
// ---------------------------------------------------------------------------------------------

export const badgeSchema = z.object({
  badge_id: z.string({ error: "sites:badges.validation.choose" }).refine((s) => s === "none" || ID.test(s), INVALID),
});
