/**
 * Managing sites and events: the overview, every field of a site (details, location, privacy,
 * on-site reports), adding and deleting, and its media (branding image, welcome video). The rights
 * and rules of the whole manage area are in manage.ts.
 */
import { z } from "zod";
import { Ok, type RouteDef } from "./common.ts";
import { SITE_TYPES, Site } from "./config.ts";
import { VIDEO_KINDS, type UploadDef } from "./files.ts";
import { MANAGE_LIMITS, SUPPORTED_LOCALES } from "./manage.ts";
import { blankToNull, EMAIL, imageUpload } from "./shared.ts";

export const SITE_LIMIT_MESSAGE = (limit: number) => `You have reached your site limit of ${limit}`;

let timezones: Set<string> | undefined;
const isTimezone = (tz: string) => tz === "UTC" || (timezones ??= new Set(Intl.supportedValuesOf("timeZone"))).has(tz);

/** An ISO 8601 instant with an offset (the portal converts the site's local time), before 2038. */
export const Instant = z
  .string()
  .trim()
  .refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)), "Enter a valid date and time")
  .refine((s) => Number.isNaN(Date.parse(s)) || Date.parse(s) < Date.parse(MANAGE_LIMITS.datesBefore), "Dates must be before 2038");

/** A comma-separated list of emails, normalised to `a@x.com, b@y.com`. */
export const EmailList = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => s.split(",").every((e) => EMAIL.test(e.trim())), "Emails must be a valid comma-separated list")
  .transform((s) => s.split(",").map((e) => e.trim().toLowerCase()).join(", "));

export const SiteLocation = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  zoom: z.number().int().min(1).max(22).default(16),
  /** Metres around the position that count as on site (geofence). */
  radius: z
    .number()
    .int()
    .min(MANAGE_LIMITS.geofenceRadius.min, `The geofence radius must be between ${MANAGE_LIMITS.geofenceRadius.min} and ${MANAGE_LIMITS.geofenceRadius.max} metres`)
    .max(MANAGE_LIMITS.geofenceRadius.max, `The geofence radius must be between ${MANAGE_LIMITS.geofenceRadius.min} and ${MANAGE_LIMITS.geofenceRadius.max} metres`)
    .default(MANAGE_LIMITS.geofenceRadius.recommendedMin),
});

export const SitePrivacy = z.object({
  autocomplete: z.boolean(),
  hide_sign_outs: z.boolean(),
  full_name_reveal: z.boolean(),
  hide_branding: z.boolean(),
  exact_pre_registration_match: z.boolean(),
  store_badges: z.boolean(),
  store_location_data: z.boolean(),
});
export type SitePrivacy = z.infer<typeof SitePrivacy>;

/** An on-site report: who is on site, mailed at `time` (site time, HH:mm) to `emails`. */
export const OnSiteReportSchedule = z.object({
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]0$/, "On-site report times must be HH:mm in 10-minute steps"),
  emails: EmailList,
});

const OnSiteReportSchedules = z
  .array(OnSiteReportSchedule)
  .max(48)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((s, i) => {
      if (seen.has(s.time)) ctx.addIssue({ code: "custom", path: [i, "time"], message: "Each on-site report time must be unique" });
      seen.add(s.time);
    });
  });

/** GET sites/{siteId}: every field of the site entity (platform §3). */
export const SiteDetails = Site.extend({
  /** Comma-separated addresses that receive the site's notices (a device going offline, …). */
  emails: z.string().nullable(),
  on_site_report_schedules: z.array(OnSiteReportSchedule),
  /** Send the on-site report even when nobody is on site. */
  send_empty: z.boolean(),
  /** Ids of the site's favourite custom fields (at most 4), in field order. */
  favourite_fields: z.array(z.number().int()),
  contactless: z.boolean(),
  visitor_photos: z.boolean(),
  qr_scanning: z.boolean(),
  privacy: SitePrivacy,
  geofence_sign_in: z.boolean(),
  geofence_sign_out: z.boolean(),
  /** Events only: true once the event has begun, when its dates can no longer change. */
  dates_locked: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SiteDetails = z.infer<typeof SiteDetails>;

/** Fields a site form sends; PATCH sends any subset. */
const siteFields = {
  name: z.string("A site name is required").trim().min(1, "A site name is required").max(100),
  address: blankToNull(500),
  reply_to_name: blankToNull(100),
  reply_to_email: z.string("A valid reply-to email is required").trim().max(254).regex(EMAIL, "A valid reply-to email is required").transform((s) => s.toLowerCase()),
  timezone: z.string().trim().max(64).refine(isTimezone, "Choose a valid timezone"),
  locale: z.enum(SUPPORTED_LOCALES, "Choose a supported language"),
  location: SiteLocation.nullable(),
  badge_id: z.number().int().positive().nullable(),
  active_from: Instant.nullable(),
  active_until: Instant.nullable(),
  emails: z
    .string()
    .trim()
    .max(2000)
    .nullable()
    .transform((s) => s || null)
    .pipe(EmailList.nullable()),
  on_site_report_schedules: OnSiteReportSchedules,
  send_empty: z.boolean(),
  contactless: z.boolean(),
  visitor_photos: z.boolean(),
  qr_scanning: z.boolean(),
  /** Merged into the stored flags. */
  privacy: SitePrivacy.partial(),
  geofence_sign_in: z.boolean(),
  geofence_sign_out: z.boolean(),
};

/** Event dates (both set, end after start) belong to events only; checked on create here and on
 * the merged site by the upstream on update. */
export function siteDateProblems(s: { type: (typeof SITE_TYPES)[number]; active_from?: string | null; active_until?: string | null }): Record<string, string> {
  const out: Record<string, string> = {};
  if (s.type !== "event") {
    if (s.active_from || s.active_until) out.active_from = "Only events have start and end dates";
    return out;
  }
  if (!s.active_from) out.active_from = "A start date is required";
  if (!s.active_until) out.active_until = "An end date is required";
  if (s.active_from && s.active_until && Date.parse(s.active_until) <= Date.parse(s.active_from)) out.active_until = "The end must be after the start";
  return out;
}

/** POST sites: a standard or remote site, or an event (with start and end). */
export const CreateSiteRequest = z
  .object({
    name: siteFields.name,
    type: z.enum(SITE_TYPES, "Choose a site type"),
    reply_to_email: siteFields.reply_to_email,
    timezone: siteFields.timezone.default("Europe/London"),
    locale: siteFields.locale.default("en_GB"),
    address: siteFields.address.optional(),
    reply_to_name: siteFields.reply_to_name.optional(),
    location: siteFields.location.optional(),
    active_from: siteFields.active_from.optional(),
    active_until: siteFields.active_until.optional(),
  })
  .superRefine((s, ctx) => {
    for (const [field, message] of Object.entries(siteDateProblems(s))) ctx.addIssue({ code: "custom", path: [field], message });
  });

/** PATCH sites/{siteId}: any subset. The type never changes. Event dates are locked once the event has begun. */
export const UpdateSiteRequest = z.object(siteFields).partial();

/** DELETE sites/{siteId}: the user types the site's name to confirm (platform §5). */
export const DeleteSiteRequest = z.object({ name: z.string().max(200) });

/** GET manage/sites?kind=sites|events&search=&page=: the manage overview (15 a page). */
export const SITE_KINDS = ["sites", "events"] as const;
export const ManagedSiteSummary = z.object({
  id: z.number().int(),
  type: z.enum(SITE_TYPES),
  name: z.string(),
  address: z.string().nullable(),
  timezone: z.string(),
  active_from: z.string().nullable(),
  active_until: z.string().nullable(),
  visitors_signed_in_count: z.number().int(),
  devices: z.object({ total: z.number().int(), offline: z.number().int() }),
});
export const ManagedSiteList = z.object({
  kind: z.enum(SITE_KINDS),
  sites: z.array(ManagedSiteSummary),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  /** The client's site limit (standard and remote sites count; events do not), null = none. */
  site_limit: z.number().int().nullable(),
  site_count: z.number().int(),
});

const videoUpload = { field: "file", kinds: VIDEO_KINDS, maxBytes: MANAGE_LIMITS.welcomeVideoBytes } as const satisfies UploadDef;

export const siteRoutes = {
  manageSites: { method: "GET", path: "manage/sites", base: "regional", auth: "bearer", response: ManagedSiteList, summary: "Manage overview: sites (standard and remote; ManageSite.viewer) or events (ManageEvent.viewer), 15 a page; query kind, search, page" },
  createSite: { method: "POST", path: "sites", base: "regional", auth: "bearer", body: CreateSiteRequest, response: SiteDetails, summary: "Add a site (ManageSite.editor) or an event (ManageEvent.editor); 422 at the site limit" },
  site: { method: "GET", path: "sites/{siteId}", base: "regional", auth: "bearer", response: SiteDetails, summary: "Every field of a site (ManageSite.viewer, or ManageEvent.viewer for events)" },
  updateSite: { method: "PATCH", path: "sites/{siteId}", base: "regional", auth: "bearer", body: UpdateSiteRequest, response: SiteDetails, summary: "Change a site (editor right of its kind); an event's dates are locked once it has begun" },
  deleteSite: { method: "DELETE", path: "sites/{siteId}", base: "regional", auth: "bearer", body: DeleteSiteRequest, response: Ok, summary: "Delete a site and everything at it (editor right of its kind); the typed name must match" },
  uploadBrandingImage: { method: "POST", path: "sites/{siteId}/branding-image", base: "regional", auth: "bearer", upload: imageUpload, response: SiteDetails, summary: "Upload the branding image (multipart `file`: PNG, JPEG, GIF or WebP, at most 10 MB)" },
  deleteBrandingImage: { method: "DELETE", path: "sites/{siteId}/branding-image", base: "regional", auth: "bearer", response: SiteDetails, summary: "Remove the branding image" },
  uploadWelcomeVideo: { method: "POST", path: "sites/{siteId}/welcome-video", base: "regional", auth: "bearer", upload: videoUpload, response: SiteDetails, summary: "Upload the welcome video (multipart `file`: .mov or .mp4, at most 50 MB)" },
  deleteWelcomeVideo: { method: "DELETE", path: "sites/{siteId}/welcome-video", base: "regional", auth: "bearer", response: SiteDetails, summary: "Remove the welcome video" },
} as const satisfies Record<string, RouteDef>;
