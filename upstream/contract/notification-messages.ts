/**
 * Notifications' values, limits and messages as plain values, without zod (ADR 010, ADR 028): the
 * portal's forms, its known-messages table and the browser import them; ./notifications holds the
 * schemas. ./index re-exports them.
 */
import type { Catalogue } from "./catalogue.ts";
import { NOTIFICATION_KEYS } from "./message-keys.ts";

/** What a notification is sent for (groups spec §3 "Notification"; migration 032). */
export const NOTIFICATION_TRIGGERS = [
  "sign_in",
  "sign_out",
  "automatic_sign_out",
  "pre_registration",
  "evacuation_started",
  "evacuation_completed",
  "sign_in_rejected",
] as const;
export type NotificationTrigger = (typeof NOTIFICATION_TRIGGERS)[number];

/** How it is sent (groups spec §3: email, Slack, SMS, phone call, Microsoft Teams, webhook). */
export const NOTIFICATION_CHANNELS = ["email", "slack", "sms", "phone", "teams", "webhook"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Which channels have recipients (addresses, E.164 numbers, Slack channel ids) and which a URL. */
export const RECIPIENT_CHANNELS = ["email", "slack", "sms", "phone"] as const satisfies readonly NotificationChannel[];
export const URL_CHANNELS = ["teams", "webhook"] as const satisfies readonly NotificationChannel[];
export const channelHasRecipients = (c: NotificationChannel) => (RECIPIENT_CHANNELS as readonly string[]).includes(c);
export const channelHasUrl = (c: NotificationChannel) => (URL_CHANNELS as readonly string[]).includes(c);
/** Which channels carry a subject (email; the others send one line). */
export const channelHasSubject = (c: NotificationChannel) => c === "email";

/**
 * Advanced filters: the visit's field, an operator, a value. Fixed fields by name; a custom field
 * of the client by `custom:<label>` (its label as the notification was saved with it).
 */
export const FILTER_FIELDS = ["visitor_name", "company", "host", "group", "site"] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
export const CUSTOM_FIELD_PREFIX = "custom:";
export const FILTER_OPERATORS = ["equals", "not_equals", "contains", "starts_with", "is_empty", "is_not_empty"] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
/** Operators that take no value. */
export const VALUELESS_OPERATORS = ["is_empty", "is_not_empty"] as const satisfies readonly FilterOperator[];
export const operatorTakesValue = (o: FilterOperator) => !(VALUELESS_OPERATORS as readonly string[]).includes(o);
export const FILTER_MATCHES = ["all", "any"] as const;
export type FilterMatch = (typeof FILTER_MATCHES)[number];

export const NOTIFICATION_LIMITS = {
  perPage: 15,
  search: 100,
  /** Addresses, numbers or Slack channels of one notification. */
  recipients: 50,
  recipient: 254,
  /** The recipients as one text field in the portal's form (comma or line separated). */
  recipientsText: 5000,
  subject: 200,
  url: 2000,
  secret: 200,
  filters: 10,
  filterField: 110,
  filterValue: 200,
} as const;

/** The upstream's words (groups spec §5 where it has them); the portal translates them (known-messages). */
export const NOTIFICATION_MESSAGES = {
  notFound: "Failed to find existing notification",
  email: "At least one valid email is required",
  invalidEmail: "Each recipient must be a valid email address",
  phone: "At least one valid phone number is required",
  invalidPhone: "Each recipient must be a valid phone number with its country code",
  tooManyRecipients: `At most ${NOTIFICATION_LIMITS.recipients} recipients`,
  teamsUrl: "Teams needs a webhook URL",
  teamsConnector:
    "Office 365 connectors were retired at the end of 2025: create a workflow in Teams (Workflows app) and use its URL",
  webhookUrl: "A webhook needs a URL",
  webhookSecret: "A webhook needs a secret",
  secretFormat: "The secret must be whsec_ followed by base64 of 24 to 64 bytes",
  url: "Enter a URL starting with http:// or https://",
  urlCredentials: "The URL must not contain a user name or password",
  urlTooLong: `The URL must be at most ${NOTIFICATION_LIMITS.url} characters`,
  privateAddress: "This URL points to a private or local network address, which notifications cannot be sent to",
  unresolvable: "This URL's host name could not be found",
  slackNotConnected: "Connect Slack first",
  slackChannel: "Choose channels of the connected Slack workspace",
  slackChannelRequired: "Choose at least one Slack channel",
  subject: `The subject must be at most ${NOTIFICATION_LIMITS.subject} characters on one line`,
  site: "Choose among your sites",
  everySite: "A notification for every site would also reach sites that are not yours: choose one of your sites",
  group: "Choose a group of your organisation",
  tooManyFilters: `At most ${NOTIFICATION_LIMITS.filters} filters`,
  filterField: "Choose a field to filter on",
  filterValue: "This filter needs a value",
  noSecret: "Only a webhook has a secret",
} as const;

/** The portal's words when the upstream fails (groups spec §8 "notification create/update"). */
export const NOTIFICATION_FAILURES = {
  create: "Failed to create the notification. Please try again.",
  update: "Failed to update the notification. Please try again.",
} as const;

/** A Standard Webhooks secret: whsec_ + base64 of 24–64 bytes (ADR 028). */
export const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/;

/**
 * Office 365 connector URLs (retired at the end of 2025): *.webhook.office.com/webhookb2/… and
 * outlook.office.com/webhook/… (also outlook.office365.com). Refused for Teams (ADR 028).
 */
export function isRetiredTeamsConnector(raw: string): boolean {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return false;
  }
  const host = u.hostname.toLowerCase().replace(/\.$/, "");
  const path = u.pathname.toLowerCase();
  if ((host === "webhook.office.com" || host.endsWith(".webhook.office.com")) && path.startsWith("/webhookb2")) return true;
  if ((host === "outlook.office.com" || host === "outlook.office365.com") && path.startsWith("/webhook")) return true;
  return false;
}

/** The catalogue (ADR 035): "Choose among your sites" and "Connect Slack first" are the groups' words. */
export const NOTIFICATION_CATALOGUE: Catalogue = { tables: [{ branch: NOTIFICATION_KEYS, messages: NOTIFICATION_MESSAGES, except: ["site", "slackNotConnected"] }] };
