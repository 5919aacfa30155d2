/**
 * The add-ons' plain values without zod (issue 26 item 8; ADR 036): the trial's length, Spaces'
 * price, the states and the words of every refusal, for the portal's forms and the upstream.
 * ./index re-exports them.
 */
import type { Catalogue } from "./catalogue.ts";
import type { Currency } from "./account-values.ts";
import { ADDON_KEYS } from "./message-keys.ts";

/** Platform §4 and groups spec §9: Spaces and Time & Attendance trials last 15 days. */
export const ADDON_TRIAL_DAYS = 15;
/** Spaces, per site per year, in the client's currency (cents). The demo's Acme pays GBP 360.00 for its one site. */
export const SPACES_PRICE_CENTS: Record<Currency, number> = { GBP: 36_000, EUR: 42_000, USD: 45_000 };
/** A trial is started at this many sites at most in one call. */
export const ADDON_SITES_MAX = 100;

export const ADDON_STATES = ["not_started", "trial", "trial_expired", "purchased"] as const;
export type AddonState = (typeof ADDON_STATES)[number];

export const ADDON_MESSAGES = {
  unauthorised: "You are not authorised to manage the Spaces add-on.",
  trialStarted: "The Spaces trial has already been started for your organisation.",
  purchased: "Your organisation has already purchased Spaces.",
  chooseSites: "Choose at least one site",
  siteUnknown: "Choose sites of your organisation",
  notActive: "Start the Spaces trial or purchase Spaces first: your trial has ended or has not started.",
} as const;

/** The add-ons' catalogue (ADR 035); "Choose sites of your organisation" is the users area's words too: its catalogue translates them. */
export const ADDON_CATALOGUE: Catalogue = { tables: [{ branch: ADDON_KEYS, messages: ADDON_MESSAGES, except: ["siteUnknown"] }] };

