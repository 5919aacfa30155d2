// ---------------------------------------------------------------------------------------------
// Add-ons (issue 26 item 8; platform §2, §4, §9; groups spec §4, §9; ADR 036 "The Spaces add-on"):
// the Spaces add-on of the caller's client — not started, on a 15-day trial, its trial over, or
// purchased — its price per site per year, the sites it is on at, starting the trial and turning
// Spaces on or off at a site. Purchase and approval are issue 29's.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import type { RouteDef } from "./common.ts";
import { CURRENCIES } from "./account-values.ts";
import { ADDON_MESSAGES, ADDON_SITES_MAX, ADDON_STATES } from "./addon-values.ts";

/** A site as the add-on pages list it: only standard and remote sites take spaces. */
export const AddonSite = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Spaces is on at this site (its bookings and designer work there). */
  spaces_enabled: z.boolean(),
  /** The site has at least one space (the designer has added one). */
  space_exists: z.boolean(),
});
export type AddonSite = z.infer<typeof AddonSite>;

/** GET addons/spaces: the Spaces add-on of the caller's client. */
export const SpacesAddon = z.object({
  state: z.enum(ADDON_STATES),
  /** The client's Spaces feature as the config answers it now (off once a trial has ended unpurchased). */
  enabled: z.boolean(),
  trial: z
    .object({
      started_at: z.string(),
      /** The instant the trial ends: the end of its 15th day in the client's time zone. */
      ends_at: z.string(),
      /** Its last day (YYYY-MM-DD) in that zone. */
      last_day: z.string(),
      time_zone: z.string(),
      /** Days left, today included (15 on the first day, 0 once over). */
      days_left: z.number().int(),
    })
    .nullable(),
  trial_days: z.number().int(),
  price: z.object({ currency: z.enum(CURRENCIES), cents_per_site_per_year: z.number().int() }),
  sites: z.array(AddonSite),
});
export type SpacesAddon = z.infer<typeof SpacesAddon>;

const siteIds = z.array(z.number().int().positive(), { error: ADDON_MESSAGES.chooseSites }).min(1, ADDON_MESSAGES.chooseSites).max(ADDON_SITES_MAX, ADDON_MESSAGES.siteUnknown);
export const SpacesTrialInput = z.object({ site_ids: siteIds });
export const SpacesAtSiteInput = z.object({ enabled: z.boolean() });

export const addonRoutes = {
  spacesAddon: { method: "GET", path: "addons/spaces", base: "regional", auth: "bearer", response: SpacesAddon, summary: "The Spaces add-on of the caller's client: not started, trial (days left, its end), trial expired or purchased; the price per site per year; the sites with spaces_enabled and space_exists (Spaces.editor)" },
  startSpacesTrial: {
    method: "POST",
    path: "addons/spaces/trial",
    base: "regional",
    auth: "bearer",
    body: SpacesTrialInput,
    response: SpacesAddon,
    errors: { "409": "The trial was already started, or Spaces is purchased" },
    summary: "Start the 15-day Spaces trial (Spaces.editor; once per client): it ends at the end of its 15th day in the client's time zone; Spaces is turned on for the client and at the chosen sites",
  },
  setSpacesAtSite: {
    method: "PATCH",
    path: "addons/spaces/sites/{siteId}",
    base: "regional",
    auth: "bearer",
    body: SpacesAtSiteInput,
    response: SpacesAddon,
    errors: { "409": "Turning Spaces on needs a trial under way or a purchase" },
    summary: "Turn Spaces on or off at a site (Spaces.editor); on only during the trial or once purchased. Its zones, spaces and bookings are kept either way",
  },
} as const satisfies Record<string, RouteDef>;
