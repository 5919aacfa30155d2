/**
 * Notification events (ADR 028 "Delivery"): what happened (a sign-in, a sign-out, an automatic
 * sign-out, a pre-registration, an evacuation started or completed, a rejected sign-in) becomes one
 * delivery per matching enabled notification of the client. `emitEvent` is called AFTER the change
 * committed and works in the background (`background.ts`): the call that caused it is never slowed
 * or failed by it. The worker (`delivery.ts`) then sends what was queued.
 *
 * Matching: the client; the notification's site and group (null = every one); its trigger; its
 * advanced filters, all or any, over the event's fields (visitor name, company, host, group, site,
 * custom field answers `custom:<label>`). The payload (`{type, timestamp, data}`) is documented in
 * contract/notification-deliveries.ts.
 */
import { randomBytes } from "node:crypto";
import { CUSTOM_FIELD_PREFIX, type FilterMatch, type FilterOperator, type NotificationTrigger } from "../../contract/notification-messages.ts";
import type { App } from "../runtime/app.ts";
import { inBackground } from "../runtime/background.ts";
import type { Queryable } from "../db/index.ts";
import { EVENT_TYPES, type EventPayload } from "./channels/payload.ts";
import { wakeDeliveries } from "./delivery.ts";

/** What filters look at. Custom field answers by label. */
export interface EventFields {
  visitor_name?: string | null;
  company?: string | null;
  host?: string | null;
  group?: string | null;
  site?: string | null;
  custom?: Record<string, string>;
}

export interface NotifyEvent {
  trigger: NotificationTrigger;
  client_id: number;
  /** null: not about one site (never matched by a site-scoped notification). */
  site_id: number | null;
  group_id: number | null;
  fields: EventFields;
  /** The payload's `data`. */
  data: Record<string, unknown>;
  /** When it happened (default now). */
  at?: Date;
  /** A synthetic event (the "Send test event" button). */
  test?: boolean;
}

export interface Filter {
  field: string;
  operator: FilterOperator;
  value: string;
}

/** The value of a filter's field in the event ("" when absent). */
function fieldValue(fields: EventFields, field: string): string {
  if (field.startsWith(CUSTOM_FIELD_PREFIX)) {
    const label = field.slice(CUSTOM_FIELD_PREFIX.length).trim().toLowerCase();
    const hit = Object.entries(fields.custom ?? {}).find(([k]) => k.trim().toLowerCase() === label);
    return hit?.[1] ?? "";
  }
  const v = (fields as Record<string, unknown>)[field];
  return typeof v === "string" ? v : "";
}

/** One filter against the event: case-insensitive, trimmed. An unknown operator never matches. */
export function filterMatches(fields: EventFields, f: Filter): boolean {
  const actual = fieldValue(fields, f.field).trim().toLocaleLowerCase();
  const wanted = (f.value ?? "").trim().toLocaleLowerCase();
  switch (f.operator) {
    case "equals":
      return actual === wanted;
    case "not_equals":
      return actual !== wanted;
    case "contains":
      return actual.includes(wanted);
    case "starts_with":
      return actual.startsWith(wanted);
    case "is_empty":
      return actual === "";
    case "is_not_empty":
      return actual !== "";
    default:
      return false;
  }
}

/** The notification's filters, all or any; no filters: everything matches. */
export function filtersMatch(fields: EventFields, filters: Filter[], match: FilterMatch): boolean {
  if (!filters.length) return true;
  return match === "any" ? filters.some((f) => filterMatches(fields, f)) : filters.every((f) => filterMatches(fields, f));
}

/** The Standard Webhooks message id of a new delivery (`webhook-id`). */
export const newMessageId = () => `msg_${randomBytes(16).toString("base64url")}`;

export const payloadOf = (e: NotifyEvent): EventPayload => ({
  type: EVENT_TYPES[e.trigger],
  timestamp: (e.at ?? new Date()).toISOString(),
  ...(e.test ? { test: true as const } : {}),
  data: e.data,
});

interface MatchRow {
  id: number;
  filters: Filter[];
  filter_match: FilterMatch;
}

/** Queue one delivery per matching enabled notification; returns their ids. */
export async function queueDeliveries(q: Queryable, e: NotifyEvent): Promise<number[]> {
  const rows = await q.query<MatchRow>(
    `SELECT id, filters, filter_match FROM notifications
      WHERE client_id = $1 AND trigger = $2 AND enabled
        AND (site_id IS NULL OR site_id = $3) AND (group_id IS NULL OR group_id = $4)
      ORDER BY id`,
    [e.client_id, e.trigger, e.site_id, e.group_id],
  );
  const payload = payloadOf(e);
  const ids: number[] = [];
  for (const n of rows) {
    if (!filtersMatch(e.fields, Array.isArray(n.filters) ? n.filters : [], n.filter_match)) continue;
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO notification_deliveries (message_id, notification_id, client_id, event_type, payload, test)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING id`,
      [newMessageId(), n.id, e.client_id, payload.type, JSON.stringify(payload), !!e.test],
    );
    ids.push(id);
  }
  return ids;
}

/**
 * After a change has committed: queue its deliveries in the background and wake the worker. Never
 * throws; a failure is logged (background.ts).
 */
export function emitEvent(app: App, event: NotifyEvent | (() => Promise<NotifyEvent | null>)): void {
  inBackground(app, "notification event", async () => {
    const e = typeof event === "function" ? await event() : event;
    if (!e) return;
    const ids = await queueDeliveries(app.db, e);
    if (ids.length) wakeDeliveries(app);
  });
}

// --- The events of each kind, from the rows the API already holds -------------------------------

/** The visit columns an event is built from (a VisitRow has them all). */
export interface VisitEventRow {
  id: number;
  site_id: number;
  group_id: number;
  client_id: number;
  name: string;
  company: string | null;
  host: string | null;
  status: string;
  source: string;
  signed_in_at: Date | string | null;
  signed_out_at: Date | string | null;
  badge_number?: string | null;
  fields?: { label: string; value: string }[] | null;
  group_name: string;
  site_name: string;
  rejection_reason?: unknown;
}

const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

export function visitEvent(trigger: "sign_in" | "sign_out" | "automatic_sign_out" | "sign_in_rejected", v: VisitEventRow, extra: Record<string, unknown> = {}): NotifyEvent {
  const answers = v.fields ?? [];
  return {
    trigger,
    client_id: v.client_id,
    site_id: v.site_id,
    group_id: v.group_id,
    fields: {
      visitor_name: v.name,
      company: v.company,
      host: v.host,
      group: v.group_name,
      site: v.site_name,
      custom: Object.fromEntries(answers.map((a) => [a.label, a.value])),
    },
    data: {
      visit: {
        id: v.id,
        name: v.name,
        company: v.company,
        host: v.host,
        status: v.status,
        source: v.source,
        signed_in_at: iso(v.signed_in_at),
        signed_out_at: iso(v.signed_out_at),
        badge_number: v.badge_number ?? null,
        fields: answers,
      },
      site: { id: v.site_id, name: v.site_name },
      group: { id: v.group_id, name: v.group_name },
      ...extra,
    },
  };
}

/** Sign in (portal, kiosk, approval), sign out, automatic sign-out of visit rows. */
export function emitVisitEvent(app: App, trigger: "sign_in" | "sign_out" | "automatic_sign_out", v: VisitEventRow): void {
  emitEvent(app, visitEvent(trigger, v));
}

/** Read the visit (after the change committed) and emit its event: for callers that hold only an id. */
export function emitVisitEventById(app: App, trigger: "sign_in" | "sign_out" | "automatic_sign_out", visitId: number): void {
  emitEvent(app, async () => {
    const [v] = await app.db.query<VisitEventRow>(
      `SELECT v.*, g.name AS group_name, s.name AS site_name, s.client_id
         FROM visits v JOIN groups g ON g.id = v.group_id JOIN sites s ON s.id = v.site_id WHERE v.id = $1`,
      [visitId],
    );
    return v ? visitEvent(trigger, v) : null;
  });
}

/**
 * A sign-in the safety check refused (called by `signInAt` after the rejected visit is committed):
 * `reason` says why, in the payload as `data.rejection`.
 */
export function emitRejectedSignIn(app: App, v: VisitEventRow, reason: string | null = null): void {
  emitEvent(app, visitEvent("sign_in_rejected", v, { rejection: { reason } }));
}

/** A pre-registration created: the expected visitor, the site and group. */
export function emitPreRegistration(app: App, preRegistrationId: number): void {
  emitEvent(app, async () => {
    const [r] = await app.db.query<{
      id: number;
      name: string;
      company: string | null;
      host: string | null;
      arrive_at: Date | string | null;
      site_id: number;
      group_id: number;
      client_id: number;
      site_name: string;
      group_name: string;
    }>(
      `SELECT p.id, p.name, p.company, p.host, p.arrive_at, p.site_id, p.group_id, p.client_id, s.name AS site_name, g.name AS group_name
         FROM pre_registrations p JOIN sites s ON s.id = p.site_id JOIN groups g ON g.id = p.group_id WHERE p.id = $1`,
      [preRegistrationId],
    );
    if (!r) return null;
    return {
      trigger: "pre_registration",
      client_id: r.client_id,
      site_id: r.site_id,
      group_id: r.group_id,
      fields: { visitor_name: r.name, company: r.company, host: r.host, group: r.group_name, site: r.site_name },
      data: {
        pre_registration: { id: r.id, name: r.name, company: r.company ?? null, host: r.host ?? null, arrive_at: iso(r.arrive_at) },
        site: { id: r.site_id, name: r.site_name },
        group: { id: r.group_id, name: r.group_name },
      },
    };
  });
}

/** An evacuation started or completed at a site. */
export function emitEvacuation(app: App, trigger: "evacuation_started" | "evacuation_completed", evacuationId: number): void {
  emitEvent(app, async () => {
    const [r] = await app.db.query<{ id: number; site_id: number; client_id: number; site_name: string; started_at: Date | string | null; completed_at: Date | string | null }>(
      `SELECT e.*, s.name AS site_name, s.client_id FROM evacuations e JOIN sites s ON s.id = e.site_id WHERE e.id = $1`,
      [evacuationId],
    );
    if (!r) return null;
    return {
      trigger,
      client_id: r.client_id,
      site_id: r.site_id,
      group_id: null,
      fields: { site: r.site_name },
      data: {
        evacuation: { id: r.id, started_at: iso(r.started_at), completed_at: iso(r.completed_at) },
        site: { id: r.site_id, name: r.site_name },
      },
    };
  });
}
