// ---------------------------------------------------------------------------------------------
// Notifications (groups spec §3 "Notification", §5, §8; platform §2 /manage/features/notifications
// and its slack-callback; issue 18; ADR 028 "Configuration", "Validation", "Slack workspace").
//
// Per client: optionally narrowed to one site and one group (null = every site / every group), a
// trigger, a channel, its recipients (email addresses, E.164 phone numbers, or Slack channel ids of
// the client's connected workspace), a URL (Teams Workflows, webhook), a subject, advanced filters
// (field, operator, value; all or any), enabled or not. A webhook's Standard Webhooks secret is
// answered ONCE (when generated at create, or rotated), never again: answers carry `has_secret`.
// ManageNotification.viewer for everything; active accounts only. Delivery (sending, the log,
// replay, the test event) is ./notification-deliveries.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import { Ok, type RouteDef } from "./common.ts";
import {
  FILTER_MATCHES,
  FILTER_OPERATORS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_LIMITS as L,
  NOTIFICATION_TRIGGERS,
} from "./notification-messages.ts";
import { SLACK_ERROR_CODES } from "./slack-messages.ts";

export const NotificationTriggerSchema = z.enum(NOTIFICATION_TRIGGERS);
export const NotificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);

/** One advanced filter. `field`: one of FILTER_FIELDS or `custom:<label>`; `value` "" for is_empty / is_not_empty. */
export const NotificationFilter = z.object({
  field: z.string().max(L.filterField),
  operator: z.enum(FILTER_OPERATORS),
  value: z.string().max(L.filterValue),
});
export type NotificationFilter = z.infer<typeof NotificationFilter>;

const Named = z.object({ id: z.number().int(), name: z.string() });

/** A notification as every answer shows it: never its secret. */
export const Notification = z.object({
  id: z.number().int(),
  /** null: every site. */
  site: Named.nullable(),
  /** null: every group. */
  group: Named.nullable(),
  trigger: NotificationTriggerSchema,
  channel: NotificationChannelSchema,
  /** email: addresses; sms/phone: E.164 numbers; slack: channel ids. Empty for teams/webhook. */
  recipients: z.array(z.string()),
  /** slack: the channels' names by id, as Slack answered when the notification was read (absent when Slack failed). */
  recipient_names: z.record(z.string(), z.string()),
  /** teams / webhook: where it is posted. */
  url: z.string().nullable(),
  /** webhook: a secret is stored (it is never answered again). */
  has_secret: z.boolean(),
  subject: z.string().nullable(),
  filters: z.array(NotificationFilter),
  filter_match: z.enum(FILTER_MATCHES),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Notification = z.infer<typeof Notification>;

/** The answer of create (and of rotating a secret): the secret only when it was generated just now. */
export const NotificationSaved = Notification.extend({ secret: z.string().nullable() });
export type NotificationSaved = z.infer<typeof NotificationSaved>;

export const NotificationList = z.object({
  notifications: z.array(Notification),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationList>;

/** GET notifications?page=&search=&site_id=&group_id=&trigger=&channel= (15 a page). */
export const NotificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).optional(),
  search: z.string().max(L.search).optional(),
  site_id: z.coerce.number().int().optional(),
  group_id: z.coerce.number().int().optional(),
  trigger: NotificationTriggerSchema.optional(),
  channel: NotificationChannelSchema.optional(),
});

/** The client's Slack workspace for notifications (one per client). */
export const ClientSlack = z.object({
  status: z.enum(["none", "connected", "error", "reconnect"]),
  workspace: z.string().nullable(),
  /** The workspace's channels (empty when not connected or Slack failed just now). */
  channels: z.array(Named.extend({ id: z.string() })),
  error: z.enum(SLACK_ERROR_CODES).nullable(),
  last_message_at: z.string().nullable(),
  last_error_at: z.string().nullable(),
});
export type ClientSlack = z.infer<typeof ClientSlack>;

/** What the form chooses among: the user's sites, the client's groups, custom field labels, Slack. */
export const NotificationOptions = z.object({
  /** The user's sites. */
  sites: z.array(Named),
  /** Whether the user may choose every site (site_id null): not when they are restricted to some sites. */
  every_site: z.boolean().default(true),
  /** The groups offered at one of the user's sites. */
  groups: z.array(Named),
  /** Labels of the custom fields of the user's sites (filter fields `custom:<label>`). */
  custom_fields: z.array(z.string()),
  slack: ClientSlack,
});
export type NotificationOptions = z.infer<typeof NotificationOptions>;

/**
 * Create (POST) and update (PATCH, the whole notification). `secret`: a Standard Webhooks secret
 * typed by the user (whsec_…), or null to keep the stored one (update) / none; `generate_secret`:
 * make one (answered once, as NotificationSaved.secret). Recipients of another channel are ignored.
 */
export const NotificationInput = z.object({
  site_id: z.number().int().nullable(),
  group_id: z.number().int().nullable(),
  trigger: NotificationTriggerSchema,
  channel: NotificationChannelSchema,
  recipients: z.array(z.string().max(L.recipient)).max(L.recipients * 2),
  url: z.string().max(L.url * 2).nullable(),
  secret: z.string().max(L.secret).nullable().optional(),
  generate_secret: z.boolean().optional(),
  subject: z.string().max(L.subject * 2).nullable(),
  filters: z.array(NotificationFilter).max(L.filters * 2),
  filter_match: z.enum(FILTER_MATCHES),
  enabled: z.boolean().optional(),
});
export type NotificationInput = z.infer<typeof NotificationInput>;

export const NotificationEnabled = z.object({ enabled: z.boolean() });

/** POST notification-slack/connect: where to send the browser for Slack's consent. */
export const ConnectClientSlackRequest = z.object({
  /** The portal's return page, /manage/features/notifications/slack-callback (checked against the upstream's allow-list). */
  redirect_uri: z.string().url().max(500),
});
export const ConnectClientSlackResponse = z.object({ authorize_url: z.string().url() });
export const ClientSlackCallbackRequest = z.object({
  code: z.string().min(1).max(500),
  state: z.string().min(1).max(500),
  redirect_uri: z.string().url().max(500),
});

export const notificationRoutes = {
  notifications: { method: "GET", path: "notifications", base: "regional", auth: "bearer", response: NotificationList, summary: "The client's notifications, 15 a page (page, search, site_id, group_id, trigger, channel) (ManageNotification.viewer)" },
  notificationOptions: { method: "GET", path: "notification-options", base: "regional", auth: "bearer", response: NotificationOptions, summary: "Sites, groups, custom field labels and the Slack workspace a notification can name" },
  notification: { method: "GET", path: "notifications/{notificationId}", base: "regional", auth: "bearer", response: Notification, summary: "One notification (never its secret)" },
  createNotification: { method: "POST", path: "notifications", base: "regional", auth: "bearer", body: NotificationInput, response: NotificationSaved, summary: "Create a notification; a generated webhook secret is answered this once" },
  updateNotification: { method: "PATCH", path: "notifications/{notificationId}", base: "regional", auth: "bearer", body: NotificationInput, response: NotificationSaved, summary: "Change a notification (the whole of it; a null secret keeps the stored one)" },
  setNotificationEnabled: { method: "PATCH", path: "notifications/{notificationId}/enabled", base: "regional", auth: "bearer", body: NotificationEnabled, response: Notification, summary: "Enable or disable a notification" },
  rotateNotificationSecret: { method: "POST", path: "notifications/{notificationId}/secret", base: "regional", auth: "bearer", response: NotificationSaved, summary: "Generate a new webhook secret, answered this once" },
  deleteNotification: { method: "DELETE", path: "notifications/{notificationId}", base: "regional", auth: "bearer", response: Ok, summary: "Delete a notification" },
  clientSlack: { method: "GET", path: "notification-slack", base: "regional", auth: "bearer", response: ClientSlack, summary: "The client's Slack workspace for notifications and its channels; never its token" },
  connectClientSlack: { method: "POST", path: "notification-slack/connect", base: "regional", auth: "bearer", body: ConnectClientSlackRequest, response: ConnectClientSlackResponse, summary: "Start connecting Slack: the consent URL, with a state bound to this user, client and return page, single use, 10 minutes (admin)" },
  completeClientSlack: { method: "POST", path: "notification-slack/callback", base: "regional", auth: "bearer", body: ClientSlackCallbackRequest, response: ClientSlack, summary: "Finish connecting: the state must be this user's, for this client and return page, unused and under 10 minutes old" },
  disconnectClientSlack: { method: "DELETE", path: "notification-slack", base: "regional", auth: "bearer", response: ClientSlack, summary: "Disconnect the client's Slack workspace" },
} as const satisfies Record<string, RouteDef>;
