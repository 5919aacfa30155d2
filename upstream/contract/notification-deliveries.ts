// ---------------------------------------------------------------------------------------------
// Notification delivery (groups spec §3 "Notification", §5; issue 18; ADR 028 "Delivery"): the
// delivery log of one notification (newest first, 15 a page, each delivery with its attempts),
// replaying a delivery, and sending a test event. ManageNotification.viewer; active accounts only.
//
// THE PAYLOAD every channel is built from (a webhook receives it as its JSON body):
//
//   {
//     "type": "visit.signed_in" | "visit.signed_out" | "visit.automatically_signed_out"
//           | "visit.sign_in_rejected" | "pre_registration.created"
//           | "evacuation.started" | "evacuation.completed",
//     "timestamp": "2026-11-27T09:15:00.000Z",       // when it happened (ISO 8601, UTC)
//     "test": true,                                   // only on a test event
//     "data": {
//       // visit.*: the visit, its site and group (custom field answers as [{label, value}])
//       "visit": { "id", "name", "company", "host", "status", "source", "signed_in_at",
//                  "signed_out_at", "badge_number", "fields" },
//       "site":  { "id", "name" },
//       "group": { "id", "name" },
//       // visit.sign_in_rejected also: "rejection": { "reason" }
//       // pre_registration.created: "pre_registration": { "id", "name", "company", "host", "arrive_at" }, "site", "group"
//       // evacuation.*: "evacuation": { "id", "started_at", "completed_at" }, "site"
//     }
//   }
//
// A webhook is signed per Standard Webhooks: headers `webhook-id` (the delivery's message id, the
// same on every retry and on a replay, so receivers can deduplicate), `webhook-timestamp` (Unix
// seconds of this attempt) and `webhook-signature` (`v1,<base64 HMAC-SHA256>` of
// `id.timestamp.body` with the notification's whsec_ secret); verify with the `standardwebhooks`
// library: `new Webhook(secret).verify(rawBody, headers)`.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import type { RouteDef } from "./common.ts";
import { DELIVERY_EVENT_TYPES, DELIVERY_STATUSES } from "./notification-delivery-messages.ts";
import { NOTIFICATION_CHANNELS, NOTIFICATION_TRIGGERS } from "./notification-messages.ts";

export const DeliveryAttempt = z.object({
  attempt: z.number().int(),
  at: z.string(),
  /** The receiver's HTTP status (null: no answer, or a channel without one). */
  status_code: z.number().int().nullable(),
  /** The start of the answer, at most 500 characters. */
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});
export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>;

export const NotificationDelivery = z.object({
  id: z.number().int(),
  /** The Standard Webhooks `webhook-id`. */
  message_id: z.string(),
  event_type: z.enum(DELIVERY_EVENT_TYPES),
  status: z.enum(DELIVERY_STATUSES),
  test: z.boolean(),
  /** The delivery this one replays. */
  replay_of: z.number().int().nullable(),
  attempt_count: z.number().int(),
  /** When the next attempt is due (retrying, pending), else null. */
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  payload: z.record(z.string(), z.unknown()),
  attempts: z.array(DeliveryAttempt),
});
export type NotificationDelivery = z.infer<typeof NotificationDelivery>;

export const NotificationDeliveryLog = z.object({
  notification: z.object({
    id: z.number().int(),
    trigger: z.enum(NOTIFICATION_TRIGGERS),
    channel: z.enum(NOTIFICATION_CHANNELS),
    enabled: z.boolean(),
    /** Where it goes: the URL's host (teams, webhook) or the recipients, comma separated. */
    target: z.string(),
  }),
  deliveries: z.array(NotificationDelivery),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type NotificationDeliveryLog = z.infer<typeof NotificationDeliveryLog>;

export const NotificationDeliveryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).optional(),
});

export const notificationDeliveryRoutes = {
  notificationDeliveries: {
    method: "GET",
    path: "notifications/{notificationId}/deliveries",
    base: "regional",
    auth: "bearer",
    response: NotificationDeliveryLog,
    summary: "The notification's delivery log, newest first, 15 a page (?page=), each delivery with its attempts (ManageNotification.viewer)",
  },
  replayNotificationDelivery: {
    method: "POST",
    path: "notifications/{notificationId}/deliveries/{deliveryId}/replay",
    base: "regional",
    auth: "bearer",
    response: NotificationDelivery,
    summary: "Send a delivery again: a new delivery with the same payload and the same webhook-id (receivers deduplicate); 422 while the original is still being sent",
  },
  testNotification: {
    method: "POST",
    path: "notifications/{notificationId}/test",
    base: "regional",
    auth: "bearer",
    response: NotificationDelivery,
    summary: "Send a test event: a synthetic event of the notification's trigger (`test: true`) through the same pipeline, even when the notification is turned off",
  },
} as const satisfies Record<string, RouteDef>;
