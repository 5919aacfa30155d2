/** What a channel answers for one attempt (delivery.ts decides retry or not from `outcome`). */
import type { App } from "../../runtime/app.ts";
import type { EventPayload } from "./payload.ts";

export interface AttemptResult {
  /** delivered: done; retry: try again later (until the last attempt); failed: never retried. */
  outcome: "delivered" | "retry" | "failed";
  status_code: number | null;
  /** The start of the receiver's answer (≤ 500 characters). */
  excerpt: string | null;
  error: string | null;
}

/** A notification as the worker reads it (migration 032). */
export interface NotificationRow {
  id: number;
  client_id: number;
  channel: "email" | "slack" | "sms" | "phone" | "teams" | "webhook";
  recipients: string[];
  url: string | null;
  secret: string | null;
  subject: string | null;
}

export interface DeliveryRow {
  id: number;
  message_id: string;
  notification_id: number;
  client_id: number;
  event_type: string;
  payload: EventPayload;
  test: boolean;
  status: string;
  attempt_count: number;
}

export type Channel = (app: App, n: NotificationRow, d: DeliveryRow) => Promise<AttemptResult>;

export const EXCERPT_MAX = 500;
export const excerpt = (s: string | null | undefined) => (s ? s.slice(0, EXCERPT_MAX) : null);
export const delivered = (status_code: number | null = null, body: string | null = null): AttemptResult => ({ outcome: "delivered", status_code, excerpt: excerpt(body), error: null });
export const failed = (error: string, status_code: number | null = null, body: string | null = null): AttemptResult => ({ outcome: "failed", status_code, excerpt: excerpt(body), error });
export const retry = (error: string, status_code: number | null = null, body: string | null = null): AttemptResult => ({ outcome: "retry", status_code, excerpt: excerpt(body), error });
