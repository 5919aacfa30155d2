/**
 * A notification's validation (groups spec §5; ADR 028 "Validation"), as pure functions: the
 * recipients per channel (emails; phone numbers stored E.164; Slack channel ids are checked live by
 * api.ts), the URL's shape (http/https, no credentials, ≤ 2,000 characters; Teams refuses the
 * retired Office 365 connectors), the webhook secret (Standard Webhooks `whsec_`), the subject,
 * the filters. The address check (private networks, `channels/ssrf.ts`) needs DNS and is api.ts's.
 * Every problem is collected, by the field it belongs to, so the form shows them all at once.
 */
import { randomBytes } from "node:crypto";
import type { CountryCode } from "libphonenumber-js";
import {
  CUSTOM_FIELD_PREFIX,
  FILTER_FIELDS,
  NOTIFICATION_LIMITS as L,
  NOTIFICATION_MESSAGES as M,
  WEBHOOK_SECRET,
  channelHasRecipients,
  channelHasUrl,
  isRetiredTeamsConnector,
  operatorTakesValue,
  type NotificationChannel,
  type NotificationFilter,
  type NotificationInput,
} from "../../contract/index.ts";
import { EMAIL } from "../../contract/shared.ts";
import { toE164 } from "../members/core.ts";

export type Problems = Record<string, string[]>;
const add = (p: Problems, field: string, message: string) => {
  (p[field] ??= []).includes(message) || p[field].push(message);
};

/** A new Standard Webhooks secret: whsec_ + base64 of 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/** A typed secret is whsec_ + base64 decoding to 24–64 bytes. */
export function validSecret(s: string): boolean {
  if (!WEBHOOK_SECRET.test(s)) return false;
  const n = Buffer.from(s.slice(6), "base64").length;
  return n >= 24 && n <= 64;
}

/** Recipients trimmed, blanks dropped, repeats dropped (first kept). */
const cleanList = (xs: readonly string[]) => [...new Set(xs.map((x) => x.trim()).filter(Boolean))];

/** Recipients for the channel (email lower-cased, phones E.164), or problems under `recipients`. */
export function checkRecipients(channel: NotificationChannel, raw: readonly string[], country: CountryCode, p: Problems): string[] {
  if (!channelHasRecipients(channel)) return [];
  const list = cleanList(raw);
  if (list.length > L.recipients) {
    add(p, "recipients", M.tooManyRecipients);
    return [];
  }
  if (channel === "email") {
    if (list.length === 0) add(p, "recipients", M.email);
    else if (list.some((e) => e.length > L.recipient || !EMAIL.test(e))) add(p, "recipients", M.invalidEmail);
    return [...new Set(list.map((e) => e.toLowerCase()))];
  }
  if (channel === "sms" || channel === "phone") {
    if (list.length === 0) {
      add(p, "recipients", M.phone);
      return [];
    }
    const numbers = list.map((n) => toE164(n, country));
    if (numbers.some((n) => n === null)) add(p, "recipients", M.invalidPhone);
    return [...new Set(numbers.filter((n): n is string => n !== null))];
  }
  // slack: channel ids, checked against the workspace by the caller.
  if (list.length === 0) add(p, "recipients", M.slackChannelRequired);
  return list;
}

/** The URL's shape for a Teams or webhook notification (null for other channels), or problems under `url`. */
export function checkUrlShape(channel: NotificationChannel, raw: string | null, p: Problems): string | null {
  if (!channelHasUrl(channel)) return null;
  const url = (raw ?? "").trim();
  if (!url) {
    add(p, "url", channel === "teams" ? M.teamsUrl : M.webhookUrl);
    return null;
  }
  if (url.length > L.url) {
    add(p, "url", M.urlTooLong);
    return null;
  }
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    add(p, "url", M.url);
    return null;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") add(p, "url", M.url);
  else if (u.username || u.password) add(p, "url", M.urlCredentials);
  else if (channel === "teams" && isRetiredTeamsConnector(url)) add(p, "url", M.teamsConnector);
  return url;
}

/** The subject: trimmed, ≤ 200 characters, one line; blank is null. */
export function checkSubject(raw: string | null, p: Problems): string | null {
  if (raw === null) return null;
  if (/[\r\n]/.test(raw) || raw.trim().length > L.subject) add(p, "subject", M.subject);
  const s = raw.trim();
  return s === "" ? null : s;
}

/** The filters: at most 10, a known field (or a custom field's label), a value unless the operator takes none. */
export function checkFilters(raw: readonly NotificationFilter[], customLabels: readonly string[], p: Problems): NotificationFilter[] {
  if (raw.length > L.filters) add(p, "filters", M.tooManyFilters);
  const labels = new Set(customLabels);
  return raw.slice(0, L.filters).map((f) => {
    const field = f.field.trim();
    const known =
      (FILTER_FIELDS as readonly string[]).includes(field) ||
      (field.startsWith(CUSTOM_FIELD_PREFIX) && labels.has(field.slice(CUSTOM_FIELD_PREFIX.length)));
    if (!known) add(p, "filters", M.filterField);
    const value = operatorTakesValue(f.operator) ? f.value.trim() : "";
    if (operatorTakesValue(f.operator) && value === "") add(p, "filters", M.filterValue);
    if (/[\r\n]/.test(f.value)) add(p, "filters", M.filterValue);
    return { field, operator: f.operator, value };
  });
}

/**
 * The secret to store for a webhook: a new one when asked (`generated`), a typed one when valid,
 * else the stored one (update); problems under `secret`. Not a webhook: none.
 */
export function checkSecret(
  channel: NotificationChannel,
  input: Pick<NotificationInput, "secret" | "generate_secret">,
  stored: string | null,
  p: Problems,
): { secret: string | null; generated: boolean } {
  if (channel !== "webhook") return { secret: null, generated: false };
  if (input.generate_secret) return { secret: newWebhookSecret(), generated: true };
  const typed = (input.secret ?? "").trim();
  if (typed) {
    if (!validSecret(typed)) add(p, "secret", M.secretFormat);
    return { secret: typed, generated: false };
  }
  if (!stored) add(p, "secret", M.webhookSecret);
  return { secret: stored, generated: false };
}
