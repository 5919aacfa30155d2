/**
 * Visitor forms' limits and messages (groups spec §3 "Form link", §5 "Form: name required, at least
 * 1 site and 1 group", §8 "Form no longer exists"; ADR 030), without zod, for the browser too.
 */
import type { Catalogue } from "./catalogue.ts";
import { FORM_KEYS } from "./message-keys.ts";
export const FORM_LIMITS = {
  name: 100,
  intro: 2000,
  sites: 200,
  groups: 200,
  perPage: 15,
  visitorName: 100,
  email: 255,
} as const;

export const FORM_MESSAGES = {
  nameRequired: "A form name is required.",
  nameTooLong: "The form name must be at most 100 characters.",
  sitesRequired: "Choose at least one site.",
  groupsRequired: "Choose at least one group.",
  unknownSite: "Choose among your standard sites.",
  unknownGroup: "Choose among your standard groups.",
  groupNotAtSites: "Each group must be offered at one of the form's sites.",
  introTooLong: "The introduction must be at most 2000 characters.",
  notFound: "Form not found.",
  /** groups spec §8: a deleted or disabled form's link. */
  gone: "Form no longer exists.",
  visitorSite: "Choose one of the form's sites.",
  visitorGroup: "Choose one of the form's groups offered at that site.",
  visitorNameTooLong: "Your name must be at most 100 characters.",
} as const;

/** The visitor's form link below the portal: `/magic-link/form/{token}`. */
export const FORM_LINK_PATH = "/magic-link/form";

export const FORM_CATALOGUE: Catalogue = { tables: [{ branch: FORM_KEYS, messages: FORM_MESSAGES }] };
