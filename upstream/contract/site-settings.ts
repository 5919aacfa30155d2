/** A managed site's settings tab (the rights and rules of the manage area: manage.ts). */
import { z } from "zod";
import type { RouteDef } from "./common.ts";

/** Site settings tab (needs the client's site-settings flag, beta.site-settings). */
export const SiteSettings = z.object({
  /** Everyone still signed in is signed out at this site time (HH:mm), or never. */
  auto_sign_out_at: z.string().nullable(),
  /** Seconds of inactivity before the kiosk returns to its welcome screen. */
  kiosk_idle_timeout: z.number().int(),
  /** The kiosk offers a language choice. */
  language_selection: z.boolean(),
  /** Visitors must name the person they visit. */
  require_host: z.boolean(),
});
export const SITE_SETTINGS_DEFAULTS: z.infer<typeof SiteSettings> = { auto_sign_out_at: null, kiosk_idle_timeout: 60, language_selection: true, require_host: false };
export const UpdateSiteSettingsRequest = z
  .object({
    auto_sign_out_at: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time as HH:mm").nullable(),
    kiosk_idle_timeout: z.number().int().min(15, "The idle timeout must be between 15 and 600 seconds").max(600, "The idle timeout must be between 15 and 600 seconds"),
    language_selection: z.boolean(),
    require_host: z.boolean(),
  })
  .partial();

export const siteSettingRoutes = {
  siteSettings: { method: "GET", path: "sites/{siteId}/settings", base: "regional", auth: "bearer", response: SiteSettings, summary: "Site settings (ManageSite.viewer and the site-settings flag; 403 without the flag)" },
  updateSiteSettings: { method: "PATCH", path: "sites/{siteId}/settings", base: "regional", auth: "bearer", body: UpdateSiteSettingsRequest, response: SiteSettings, summary: "Change site settings (ManageSite.editor and the site-settings flag)" },
} as const satisfies Record<string, RouteDef>;
