/**
 * Notification delivery's values and messages without zod (ADR 010, ADR 028 "Delivery"): the
 * portal's delivery log and the known-messages table import them; ./notification-deliveries holds
 * the schemas. ./index re-exports them.
 */
import type { Catalogue } from "./catalogue.ts";

/** A delivery's state: queued, sent (2xx), given up (or refused at once), waiting for its next attempt. */
export const DELIVERY_STATUSES = ["pending", "delivered", "failed", "retrying"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The payload's `type` per trigger (contract/notification-deliveries.ts documents the payload). */
export const DELIVERY_EVENT_TYPES = [
  "visit.signed_in",
  "visit.signed_out",
  "visit.automatically_signed_out",
  "pre_registration.created",
  "evacuation.started",
  "evacuation.completed",
  "visit.sign_in_rejected",
] as const;
export type DeliveryEventType = (typeof DELIVERY_EVENT_TYPES)[number];

export const DELIVERY_LIMITS = { perPage: 15, excerpt: 500 } as const;

/** The upstream's words the portal translates (known-messages). */
export const DELIVERY_MESSAGES = {
  notFound: "Failed to find existing notification",
  deliveryNotFound: "Failed to find this delivery",
  forbidden: "You are not authorised to manage notifications.",
  replayPending: "This delivery is still being sent: replay it once it has finished",
} as const;

/** Notification delivery (ADR 028): the catalogue (ADR 035); "not found" and "forbidden" are the notifications' words. */
export const DELIVERY_CATALOGUE: Catalogue = {
  tables: [{ messages: DELIVERY_MESSAGES, named: { deliveryNotFound: "notifications:deliveries.messages.gone", replayPending: "notifications:deliveries.messages.replay_pending" } }],
};
