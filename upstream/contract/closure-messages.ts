/**
 * Closure days' plain values (issue 27 item 2), without zod: the limits and the words of every
 * refusal. ./index re-exports them; the portal's forms import them (ADR 010, as ./spaces-messages).
 */
import type { Catalogue } from "./catalogue.ts";
import { CLOSURE_KEYS } from "./message-keys.ts";

export const CLOSURE_LIMITS = {
  reason: 100,
  /** One closure lasts at most this many days (a year, leap day included). */
  days: 366,
  /** Sites one closure names. */
  sites: 100,
  /** Public holidays imported by one call. */
  holidays: 50,
  /** Dates and years: platform §5's date pickers stop before 2038. */
  firstYear: 2000,
  lastYear: 2037,
} as const;

export const CLOSURE_MESSAGES = {
  /** Platform §5: "Closure day needs a reason and a date." */
  reasonRequired: "A reason is required",
  dateRequired: "A date is required",
  reasonTooLong: "A reason has at most 100 characters",
  reasonOneLine: "A reason is one line of text",
  date: "Enter a date as YYYY-MM-DD, before 2038",
  endBeforeStart: "The end date cannot be before the start date",
  tooLong: "A closure lasts at most 366 days",
  sites: "Choose the whole organisation or sites of it that you manage",
  year: "Choose a year between 2000 and 2037",
  unauthorised: "You are not authorised to manage closure days.",
  notFound: "This closure no longer exists",
  notYours: "You can only change closures of your own sites",
  country: "Choose a country whose public holidays are known",
  region: "Choose a region of the chosen country",
  holidays: "Choose public holidays of the list",
} as const;

export const CLOSURE_CATALOGUE: Catalogue = {
  tables: [{ branch: CLOSURE_KEYS, messages: CLOSURE_MESSAGES }],
};
