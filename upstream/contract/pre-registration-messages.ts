/**
 * The pre-registration area's constants and words (ADR 019) as plain values without zod: the
 * portal's known-messages table and its forms import them (ADR 010, as ./today-messages).
 * ./index re-exports them; ./pre-registrations holds the schemas and routes.
 */
import type { Catalogue } from "./catalogue.ts";
import { PRE_REG_KEYS } from "./message-keys.ts";
export const PRE_REG_STATUSES = ["pending", "expected", "declined", "cancelled", "signed_in"] as const;
export type PreRegStatus = (typeof PRE_REG_STATUSES)[number];

/** A one-off visit, or a scheduled (recurring) visit with an employee and a service. */
export const PRE_REG_KINDS = ["visit", "scheduled"] as const;

/** Scheduled-visit redisplay options (groups spec §9), in the spec's order. */
export const REDISPLAY_OPTIONS = ["12_hours", "1_day", "3_days", "5_days", "1_week", "1_month", "3_months", "6_months", "1_year", "when_updated", "every_time"] as const;
export type Redisplay = (typeof REDISPLAY_OPTIONS)[number];

/** The services a scheduled visit is for when the client has set none (`clients.settings.pre_reg_services`). */
export const DEFAULT_PRE_REG_SERVICES = ["Meeting", "Interview", "Maintenance", "Cleaning", "Training"] as const;

export const MAGIC_LINK_PURPOSES = ["pre-registration-form", "visitor-change-request"] as const;
export type MagicLinkPurpose = (typeof MAGIC_LINK_PURPOSES)[number];

export const PRE_REG_LIMITS = {
  perPage: 15,
  name: 100,
  email: 254,
  company: 100,
  host: 100,
  notes: 1000,
  message: 1000,
  /** The CSV text of one import (the portal refuses larger files with 413). */
  csvBytes: 512 * 1024,
  csvRows: 500,
  /** The visitor's documents (groups spec §9: files 30 MB in general). */
  documents: 3,
  documentBytes: 30 * 1024 * 1024,
  /** One custom field's answer. */
  fieldAnswer: 500,
} as const;

/**
 * The custom-field types the visitor's form asks (ADR 019 "Fields and documents"); signature and
 * photo fields are completed at the kiosk, a notify list is the host's.
 */
export const PRE_REG_FIELD_TYPES = ["text", "uppercase", "email", "phone", "number", "url", "yes_no", "dropdown", "dropdown_other", "checkboxes", "date"] as const;
export const KIOSK_FIELD_TYPES = ["signature", "photo"] as const;

/** The upstream's words (the portal translates them through known-messages). */
export const PRE_REG_MESSAGES = {
  nameRequired: "The visitor's name is required",
  email: "A valid email is required",
  arrivalFuture: "The time of arrival must be in the future",
  before2038: "The time of arrival must be before 2038",
  employeeRequired: "Scheduled visits require an employee",
  serviceRequired: "Scheduled visits require a service",
  redisplayRequired: "Choose when the visit is shown again",
  standardOnly: "Only standard groups take pre-registrations",
  groupNotAtSite: "The selected group is not available at this site",
  siteRequired: "Choose a site",
  notPending: "This pre-registration is not waiting for approval",
  notExpected: "This pre-registration cannot be signed in",
  notOpen: "This pre-registration is no longer open",
  csvEmpty: "The file has no rows to import",
  csvHeader: "The file needs a header row with name, email and arrival",
  csvTooMany: `A file may hold at most ${PRE_REG_LIMITS.csvRows} rows`,
  csvUnreadable: "The file could not be read as CSV",
  csvControl: "A cell of the row holds a control character (such as NUL): remove it",
  mobile: "The mobile number is not valid",
  changeKind: "Choose a new time or cancel",
  /** A throttled magic-link submit (429). */
  tooMany: "Too many attempts. Please wait and try again.",
  /** The link is unknown (never issued, or altered). */
  linkInvalid: "This link is not valid",
  /** A custom field's answer (the visitor's form). */
  fieldRequired: "This field is required",
  fieldPhone: "The phone number is not valid",
  fieldNumber: "Enter a number",
  fieldUrl: "Enter a web address starting with http:// or https://",
  fieldOption: "Choose one of the options",
  fieldDate: "Enter a date",
  fieldTooLong: "The answer is too long",
  documentsFull: `You can send at most ${PRE_REG_LIMITS.documents} documents`,
} as const;

/** The catalogue (ADR 035): its email rule is the reply-to email's words (the groups'). */
export const PRE_REG_CATALOGUE: Catalogue = { tables: [{ branch: PRE_REG_KEYS, messages: PRE_REG_MESSAGES, except: ["email"] }] };
