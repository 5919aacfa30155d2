/**
 * The payload every channel sends (`{type, timestamp, data}`, documented in
 * contract/notification-deliveries.ts). Here, below the channels, so that events.ts (which builds
 * it) and the channels (which send it) both import it without one importing the other.
 */
import type { NotificationTrigger } from "../../../contract/notification-messages.ts";

/** The payload's `type` of each trigger. */
export const EVENT_TYPES = {
  sign_in: "visit.signed_in",
  sign_out: "visit.signed_out",
  automatic_sign_out: "visit.automatically_signed_out",
  pre_registration: "pre_registration.created",
  evacuation_started: "evacuation.started",
  evacuation_completed: "evacuation.completed",
  sign_in_rejected: "visit.sign_in_rejected",
} as const satisfies Record<NotificationTrigger, string>;
export type EventType = (typeof EVENT_TYPES)[NotificationTrigger];

export interface EventPayload {
  type: EventType;
  timestamp: string;
  test?: true;
  data: Record<string, unknown>;
}
