/**
 * The Spaces add-on's forms (issue 26 item 8; ADR 036): starting the trial at one or more sites,
 * and turning Spaces on or off at a site. Shared by the browser and the actions (conform + zod).
 */
import { z } from "zod";
import { ADDON_KEYS, ADDON_SITES_MAX, USER_KEYS } from "@contract";

const CHOOSE = `${ADDON_KEYS}chooseSites`;
/** The upstream's words for a site not of the client are the users area's (its catalogue translates them). */
const UNKNOWN = `${USER_KEYS}sites`;

export const startTrialSchema = z.object({
  site_ids: z.array(z.number({ error: UNKNOWN }).int(UNKNOWN).positive(UNKNOWN), { error: CHOOSE }).min(1, CHOOSE).max(ADDON_SITES_MAX, UNKNOWN),
});
export type StartTrialValues = z.input<typeof startTrialSchema>;

export const siteSwitchSchema = z.object({
  site_id: z.number({ error: UNKNOWN }).int(UNKNOWN).positive(UNKNOWN),
  enabled: z.enum(["on", "off"], { error: "common:fields.invalid_choice" }),
});
