// ---------------------------------------------------------------------------------------------
// Manage sites and events (platform §2 /manage/overview and /manage/site/{id} with its tabs, §3 the
// site entity, §5 validation, §6 rules, §8 the site limit message, §9 limits; groups spec §3 custom
// fields, evacuation points, messages, badge elements; §4 device states). The spec leaves these
// calls "not shown"; this is the reference design.
//
// Rights: ManageSite.viewer / .editor for standard and remote sites, ManageEvent.viewer / .editor
// for events: reads need the viewer right of the site's kind, every change (deletion, devices and
// uploads included) the editor right. Active clients only (super users excepted), like the other
// site calls. A site the user may not see (another client's, outside their `site_id` list, unknown)
// answers 404 "Site not found.", the same for all three. Validation errors are 422 `{message,
// errors}` whose `message` is the first field message.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";

/** The 19 portal locales (platform §9); a site's kiosk language is one of them. */
export const SUPPORTED_LOCALES = ["ca", "da", "de", "en_GB", "en_AU", "en_US", "es", "fr", "it", "uk", "nl", "pl", "pt", "ja", "sv", "zh_HK", "ru", "tr", "hr"] as const;

/** Limits of this area (platform §5, §9; groups spec §5). */
export const MANAGE_LIMITS = {
  /** The overview's page size (platform §9, pagination default). */
  perPage: 15,
  /** Every date must fall before this instant (date pickers, platform §9). */
  datesBefore: "2038-01-01T00:00:00.000Z",
  /** Geofence radius in metres: hard bounds, and the minimum the portal recommends (platform §9). */
  geofenceRadius: { min: 50, recommendedMin: 150, max: 10_000 },
  /** On-site report times are HH:mm in steps of this many minutes. */
  onSiteReportStepMinutes: 10,
  favouriteFields: 4,
  deviceCodeDigits: 7,
  /** Welcome video: .mov or .mp4, at most 50 MB (platform §9). */
  welcomeVideoBytes: 50 * 1024 * 1024,
  /** Branding image and evacuation point photos: PNG, JPEG, GIF or WebP (checked by content). */
  imageBytes: 10 * 1024 * 1024,
  /** A message's attachment: a PDF or an image, at most 50 MB (groups spec §5, §9). */
  messageAttachmentBytes: 50 * 1024 * 1024,
  /** A device is offline when it has not called in for this long. */
  deviceOfflineAfterMinutes: 5,
} as const;

/** Reorder: every id of the list exactly once, in the new order. */
export const ReorderRequest = z.object({ ids: z.array(z.number().int().positive()).max(500) });
