/**
 * The notification form (groups spec §3, §5; ADR 028), shared by the browser (conform) and the
 * server. Messages are translation keys: the contract's rules in the upstream's words
 * (`notifications:errors.*`, the same keys known-messages gives the upstream's refusals), the
 * form's own under `notifications:form.validation.*`. The upstream checks everything again and
 * alone knows the rest (private addresses, the Slack workspace's channels, the client's sites).
 */
import { z } from "zod";
import {
  FILTER_MATCHES,
  FILTER_OPERATORS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_LIMITS as L,
  NOTIFICATION_TRIGGERS,
  isRetiredTeamsConnector,
  operatorTakesValue,
  type FilterOperator,
  type NotificationChannel,
} from "@contract/notification-messages";
import type { NOTIFICATION_MESSAGES, Notification } from "@contract";
import { NOTIFICATION_KEYS } from "@contract/message-keys";
import { singleLine } from "~/forms/control-characters";
import { BLANK_FILTER_ROWS } from "./paths";

const TOO_LONG = "common:validation.too_long";
/** The key the area's catalogue gives the upstream's words of the same rule (`NOTIFICATION_KEYS<name>`, ADR 035; tests/unit/notification-keys.test.ts). */
const E = (name: keyof typeof NOTIFICATION_MESSAGES) => `${NOTIFICATION_KEYS}${name}`;
const CHOICE = "common:fields.invalid_choice";
const id = z.coerce.number({ error: CHOICE }).int().positive(CHOICE).max(999_999_999, CHOICE).optional();
const text = (max: number, message = TOO_LONG) => singleLine(z.string().trim().max(max, message)).optional();

/** One row of the filters: blank rows (no field, no value) are dropped. */
const filterRow = z.object({
  field: text(L.filterField),
  operator: z.enum(FILTER_OPERATORS, { error: CHOICE }).optional(),
  value: text(L.filterValue),
});

/** Email addresses are split on commas, semicolons and white space; phone numbers (which hold spaces) on commas, semicolons and lines. */
export function recipientList(channel: NotificationChannel, raw: string | undefined): string[] {
  const parts = (raw ?? "").split(channel === "email" ? /[\s,;]+/ : /[,;\r\n]+/);
  return parts.map((s) => s.trim()).filter(Boolean);
}

const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;

export const notificationSchema = z
  .object({
    site_id: id,
    group_id: id,
    trigger: z.enum(NOTIFICATION_TRIGGERS, { error: "notifications:form.validation.trigger" }),
    channel: z.enum(NOTIFICATION_CHANNELS, { error: "notifications:form.validation.channel" }),
    /** email, sms, phone: one a line (or separated by commas). */
    recipients: z.string().max(L.recipientsText, TOO_LONG).optional(),
    /** slack: the workspace's channels ticked. */
    slack_channels: z.array(z.string().max(50, CHOICE)).max(L.recipients, E("tooManyRecipients")).optional(),
    url: text(L.url, E("urlTooLong")),
    secret: text(L.secret),
    generate_secret: z.boolean().optional(),
    subject: text(L.subject, E("subject")),
    filter_match: z.enum(FILTER_MATCHES, { error: CHOICE }).optional(),
    filters: z.array(filterRow).max(L.filters + BLANK_FILTER_ROWS + 1, E("tooManyFilters")).optional(),
    enabled: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    if (v.channel === "email" || v.channel === "sms" || v.channel === "phone") {
      const list = recipientList(v.channel, v.recipients);
      if (list.length > L.recipients) problem(["recipients"], E("tooManyRecipients"));
      else if (v.channel === "email") {
        if (list.length === 0) problem(["recipients"], E("email"));
        else if (list.some((e) => !EMAIL.test(e) || e.length > L.recipient)) problem(["recipients"], E("invalidEmail"));
      } else if (list.length === 0) problem(["recipients"], E("phone"));
    }
    if (v.channel === "slack" && !(v.slack_channels ?? []).length) problem(["slack_channels"], E("slackChannelRequired"));
    if (v.channel === "teams" || v.channel === "webhook") {
      if (!v.url) problem(["url"], E(v.channel === "teams" ? "teamsUrl" : "webhookUrl"));
      else if (!/^https?:\/\/[^\s/]+/i.test(v.url)) problem(["url"], E("url"));
      else if (v.channel === "teams" && isRetiredTeamsConnector(v.url)) problem(["url"], E("teamsConnector"));
    }
    const rows = (v.filters ?? []).map((f, i) => ({ ...f, i })).filter((f) => f.field || f.value);
    if (rows.length > L.filters) problem(["filters"], E("tooManyFilters"));
    for (const f of rows) {
      if (!f.field) problem(["filters", f.i, "field"], E("filterField"));
      if (operatorTakesValue(f.operator ?? "equals") && !f.value) problem(["filters", f.i, "value"], E("filterValue"));
    }
  });
export type NotificationValues = z.infer<typeof notificationSchema>;

/** What the upstream takes (create and update): the recipients of the channel chosen, the filters filled in. */
export function notificationRequest(v: NotificationValues, enabled?: boolean) {
  const channel = v.channel;
  return {
    site_id: v.site_id ?? null,
    group_id: v.group_id ?? null,
    trigger: v.trigger,
    channel,
    recipients: channel === "slack" ? [...new Set(v.slack_channels ?? [])] : channel === "teams" || channel === "webhook" ? [] : recipientList(channel, v.recipients),
    url: channel === "teams" || channel === "webhook" ? (v.url ?? null) : null,
    secret: channel === "webhook" && v.secret ? v.secret : null,
    generate_secret: channel === "webhook" && v.generate_secret ? true : undefined,
    subject: v.subject ?? null,
    filters: (v.filters ?? [])
      .filter((f) => f.field || f.value)
      .map((f) => {
        const operator: FilterOperator = f.operator ?? "equals";
        return { field: f.field ?? "", operator, value: operatorTakesValue(operator) ? (f.value ?? "") : "" };
      }),
    filter_match: v.filter_match ?? "all",
    ...(enabled === undefined ? {} : { enabled }),
  };
}

/** A notification as the edit form starts (its filters, then blank rows to add more). */
export function formValuesOf(n: Notification) {
  return {
    site_id: n.site ? String(n.site.id) : "",
    group_id: n.group ? String(n.group.id) : "",
    trigger: n.trigger,
    channel: n.channel,
    recipients: n.channel === "slack" ? "" : n.recipients.join("\n"),
    slack_channels: n.channel === "slack" ? n.recipients : [],
    url: n.url ?? "",
    subject: n.subject ?? "",
    filter_match: n.filter_match,
    filters: [...n.filters, ...blankFilters(BLANK_FILTER_ROWS)],
  };
}

export const blankFilters = (n: number) => Array.from({ length: n }, () => ({ field: "", operator: "equals" as const, value: "" }));

/** A new notification's form. */
export const NEW_VALUES = { trigger: "sign_in", channel: "email", filter_match: "all", enabled: true, filters: blankFilters(BLANK_FILTER_ROWS) };

/** The form's fields by the upstream's field names (a message about any other goes on the form). */
export function formFieldOf(channel: NotificationChannel) {
  return (upstreamField: string): string | null => {
    if (upstreamField === "recipients") return channel === "slack" ? "slack_channels" : "recipients";
    if (upstreamField.startsWith("filters")) return "filters";
    return ["site_id", "group_id", "trigger", "channel", "url", "secret", "subject", "filter_match"].includes(upstreamField) ? upstreamField : null;
  };
}
