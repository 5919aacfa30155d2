/**
 * The delivery API (contract/notification-deliveries.ts; ADR 028 "Delivery"): the log of one
 * notification, replay, the test event. ManageNotification.viewer, active accounts, the caller's
 * client's notifications only (another client's: 404, as one that does not exist).
 */
import { DELIVERY_LIMITS, DELIVERY_MESSAGES as M, type NotificationDelivery, type NotificationDeliveryLog } from "../../contract/index.ts";
import type { NotificationTrigger } from "../../contract/notification-messages.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { notFound, validation } from "../http/errors.ts";
import type { Principal } from "../clients/regional.ts";
import { requireRight } from "../auth/policy.ts";
import { scopeOf, siteClause } from "../scope/scope.ts";
import { wakeDeliveries } from "./delivery.ts";
import { EVENT_TYPES } from "./channels/payload.ts";
import { newMessageId, payloadOf, type NotifyEvent } from "./events.ts";

const RIGHT = "ManageNotification.viewer";

/** The notifications' right, active accounts only (ADR 028), as the notifications' own calls. */
const RULE = { activeOnly: true, message: M.forbidden } as const;

const parseId = (raw: string): number | null => (/^\d{1,9}$/.test(raw) ? Number(raw) : null);

interface NotificationRow {
  id: number;
  client_id: number;
  site_id: number | null;
  group_id: number | null;
  trigger: NotificationTrigger;
  channel: NotificationDeliveryLog["notification"]["channel"];
  recipients: string[];
  url: string | null;
  enabled: boolean;
}

async function notificationOf(q: Queryable, p: Principal, idParam: string): Promise<NotificationRow> {
  requireRight(p, RIGHT, RULE);
  const id = parseId(idParam);
  const params: unknown[] = [id, p.client.id];
  const inScope = siteClause(scopeOf(p, "delivery"), "site_id", params);
  const n = id === null ? undefined : await one<NotificationRow>(q, `SELECT * FROM notifications WHERE id = $1 AND client_id = $2 AND ${inScope}`, params);
  if (!n) throw notFound(M.notFound);
  return n;
}

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

interface DeliveryDbRow {
  id: number;
  message_id: string;
  event_type: NotificationDelivery["event_type"];
  status: NotificationDelivery["status"];
  test: boolean;
  replay_of: number | null;
  attempt_count: number;
  next_attempt_at: Date | string;
  last_error: string | null;
  created_at: Date | string;
  payload: Record<string, unknown>;
}

interface AttemptDbRow {
  delivery_id: number;
  attempt: number;
  at: Date | string;
  status_code: number | null;
  response_excerpt: string | null;
  error: string | null;
  duration_ms: number;
}

async function present(q: Queryable, rows: DeliveryDbRow[]): Promise<NotificationDelivery[]> {
  const attempts = rows.length
    ? await q.query<AttemptDbRow>("SELECT * FROM notification_delivery_attempts WHERE delivery_id = ANY($1::int[]) ORDER BY delivery_id, attempt", [rows.map((r) => r.id)])
    : [];
  return rows.map((r) => ({
    id: r.id,
    message_id: r.message_id,
    event_type: r.event_type,
    status: r.status,
    test: r.test,
    replay_of: r.replay_of,
    attempt_count: r.attempt_count,
    next_attempt_at: r.status === "retrying" || r.status === "pending" ? iso(r.next_attempt_at) : null,
    last_error: r.last_error,
    created_at: iso(r.created_at)!,
    payload: r.payload,
    attempts: attempts
      .filter((a) => a.delivery_id === r.id)
      .map((a) => ({ attempt: a.attempt, at: iso(a.at)!, status_code: a.status_code, response_excerpt: a.response_excerpt, error: a.error, duration_ms: a.duration_ms })),
  }));
}

const targetOf = (n: NotificationRow) => {
  if (n.url) {
    try {
      return new URL(n.url).host;
    } catch {
      return "";
    }
  }
  return (n.recipients ?? []).join(", ");
};

/** GET notifications/{id}/deliveries?page= */
export async function listDeliveries(app: App, p: Principal, idParam: string, pageParam: string | null): Promise<NotificationDeliveryLog> {
  const n = await notificationOf(app.db, p, idParam);
  const page = Math.max(1, Math.min(100000, Number.parseInt(pageParam ?? "1", 10) || 1));
  const per = DELIVERY_LIMITS.perPage;
  const [{ total }] = await app.db.query<{ total: number }>("SELECT count(*)::int AS total FROM notification_deliveries WHERE notification_id = $1", [n.id]);
  const rows = await app.db.query<DeliveryDbRow>("SELECT * FROM notification_deliveries WHERE notification_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3", [n.id, per, (page - 1) * per]);
  return {
    notification: { id: n.id, trigger: n.trigger, channel: n.channel, enabled: n.enabled, target: targetOf(n) },
    deliveries: await present(app.db, rows),
    page,
    per_page: per,
    total,
  };
}

async function deliveryById(q: Queryable, id: number): Promise<NotificationDelivery> {
  const rows = await q.query<DeliveryDbRow>("SELECT * FROM notification_deliveries WHERE id = $1", [id]);
  return (await present(q, rows))[0];
}

/**
 * POST notifications/{id}/deliveries/{deliveryId}/replay: a NEW delivery with the same payload and
 * the same message id (webhook-id; ADR 028), sent by the worker like any other.
 */
export async function replayDelivery(app: App, p: Principal, idParam: string, deliveryParam: string): Promise<NotificationDelivery> {
  const n = await notificationOf(app.db, p, idParam);
  const deliveryId = parseId(deliveryParam);
  const original = deliveryId === null ? undefined : await one<DeliveryDbRow>(app.db, "SELECT * FROM notification_deliveries WHERE id = $1 AND notification_id = $2", [deliveryId, n.id]);
  if (!original) throw notFound(M.deliveryNotFound);
  if (original.status === "pending") throw validation({ delivery: [M.replayPending] });
  const [{ id }] = await app.db.query<{ id: number }>(
    `INSERT INTO notification_deliveries (message_id, notification_id, client_id, event_type, payload, test, replay_of)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) RETURNING id`,
    [original.message_id, n.id, n.client_id, original.event_type, JSON.stringify(original.payload), original.test, original.id],
  );
  wakeDeliveries(app);
  return deliveryById(app.db, id);
}

/** A synthetic event of the trigger, made of demo words (never anyone's data). */
export function testEvent(n: Pick<NotificationRow, "trigger" | "client_id" | "site_id" | "group_id">, site: { id: number; name: string } | null, group: { id: number; name: string } | null): NotifyEvent {
  const s = site ?? { id: 0, name: "Test site" };
  const g = group ?? { id: 0, name: "Test group" };
  const now = new Date().toISOString();
  const visit = { id: 0, name: "Test Visitor", company: "Example Ltd", host: "Test Host", status: "signed_in", source: "portal", signed_in_at: now, signed_out_at: null, badge_number: null, fields: [] };
  const data: Record<string, unknown> = (() => {
    switch (n.trigger) {
      case "pre_registration":
        return { pre_registration: { id: 0, name: visit.name, company: visit.company, host: visit.host, arrive_at: now }, site: s, group: g };
      case "evacuation_started":
      case "evacuation_completed":
        return { evacuation: { id: 0, started_at: now, completed_at: n.trigger === "evacuation_completed" ? now : null }, site: s };
      case "sign_in_rejected":
        return { visit: { ...visit, status: "rejected" }, site: s, group: g, rejection: { reason: "Test" } };
      case "sign_out":
      case "automatic_sign_out":
        return { visit: { ...visit, status: "signed_out", signed_out_at: now }, site: s, group: g };
      default:
        return { visit, site: s, group: g };
    }
  })();
  return { trigger: n.trigger, client_id: n.client_id, site_id: n.site_id, group_id: n.group_id, fields: {}, data, test: true };
}

/** POST notifications/{id}/test: one test delivery for THIS notification (filters do not apply). */
export async function sendTestEvent(app: App, p: Principal, idParam: string): Promise<NotificationDelivery> {
  const n = await notificationOf(app.db, p, idParam);
  const site = n.site_id ? await one<{ id: number; name: string }>(app.db, "SELECT id, name FROM sites WHERE id = $1", [n.site_id]) : await one<{ id: number; name: string }>(app.db, "SELECT id, name FROM sites WHERE client_id = $1 ORDER BY id LIMIT 1", [n.client_id]);
  const group = n.group_id ? await one<{ id: number; name: string }>(app.db, "SELECT id, name FROM groups WHERE id = $1", [n.group_id]) : null;
  const payload = payloadOf(testEvent(n, site ?? null, group ?? null));
  const [{ id }] = await app.db.query<{ id: number }>(
    `INSERT INTO notification_deliveries (message_id, notification_id, client_id, event_type, payload, test) VALUES ($1, $2, $3, $4, $5::jsonb, true) RETURNING id`,
    [newMessageId(), n.id, n.client_id, EVENT_TYPES[n.trigger], JSON.stringify(payload)],
  );
  wakeDeliveries(app);
  return deliveryById(app.db, id);
}
