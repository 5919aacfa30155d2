/**
 * The delivery worker (ADR 028 "Delivery"): sends the due deliveries (migration 033) through their
 * notification's channel and records every attempt.
 *
 * - Claiming: a short transaction takes due rows `FOR UPDATE SKIP LOCKED`, counts the attempt and
 *   leases them (`next_attempt_at` = now + LEASE_MS), then commits; the send happens outside any
 *   transaction. Several upstream processes (or two workers of one) never take the same row, and a
 *   process that dies mid-send leaves a lease that expires: another takes the delivery again.
 * - Outcome: delivered; failed at once (4xx other than 408/429, a refused private address, no SMS
 *   tokens, …: the channel says so); else retried after `backoffMs` (exponential, with up to 20 %
 *   upward jitter so the schedule never shrinks) until `maxAttempts`, then failed.
 * - Defaults: 6 attempts, 30 s base: retries after ~30 s, 1 m, 2 m, 4 m, 8 m (15.5 min and more);
 *   `NOTIFY_RETRY_BASE_MS`, `NOTIFY_MAX_ATTEMPTS`, `NOTIFY_POLL_MS` shorten it (tests).
 * - Started with the server (`startDeliveryWorker`), polled every `pollMs` and woken at once when an
 *   event queued deliveries (`wakeDeliveries`); stopped cleanly on close (the run in flight ends first).
 */
import type { App } from "../runtime/app.ts";
import { withoutAuditActor } from "../audit/context.ts";
import { CHANNELS } from "./channels/index.ts";
import { retry, type AttemptResult, type DeliveryRow, type NotificationRow } from "./channels/types.ts";
import { SEND_TIMEOUT_MS } from "./channels/http.ts";

export const DEFAULT_RETRY_BASE_MS = 30_000;
export const DEFAULT_MAX_ATTEMPTS = 6;
export const DEFAULT_POLL_MS = 2_000;
/** Longer than any one attempt (10 s send timeout), so a lease only expires when its process died. */
export const LEASE_MS = Math.max(60_000, SEND_TIMEOUT_MS * 3);
const BATCH = 10;

export interface DeliverySettings {
  retryBaseMs: number;
  maxAttempts: number;
  pollMs: number;
}

export const settingsOf = (app: App): DeliverySettings => ({
  retryBaseMs: app.opts.notifyRetryBaseMs ?? DEFAULT_RETRY_BASE_MS,
  maxAttempts: app.opts.notifyMaxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  pollMs: app.opts.notifyPollMs ?? DEFAULT_POLL_MS,
});

/** The wait after attempt `attempt` (1-based) failed: base · 2^(attempt−1), plus 0–20 % jitter. */
export function backoffMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const plain = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.round(plain * (1 + 0.2 * random()));
}

/** The waits between attempts without jitter (what the ADR and the log's help text quote). */
export const retrySchedule = (baseMs: number, maxAttempts: number) => Array.from({ length: Math.max(0, maxAttempts - 1) }, (_, i) => baseMs * 2 ** i);

type Claimed = DeliveryRow;

/** Take up to `limit` due deliveries (leased, their attempt counted). */
export async function claimDue(app: App, limit = BATCH, leaseMs = LEASE_MS): Promise<Claimed[]> {
  return app.db.tx(async (q) => {
    const due = await q.query<{ id: number }>(
      `SELECT id FROM notification_deliveries
        WHERE status IN ('pending', 'retrying') AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    if (!due.length) return [];
    return q.query<Claimed>(
      `UPDATE notification_deliveries
          SET attempt_count = attempt_count + 1, next_attempt_at = now() + make_interval(secs => $2::double precision / 1000), updated_at = now()
        WHERE id = ANY($1::int[]) RETURNING *`,
      [due.map((d) => d.id), leaseMs],
    );
  });
}

/** Send one claimed delivery and record the attempt and the delivery's new state. */
export async function attemptDelivery(app: App, d: Claimed, settings = settingsOf(app)): Promise<AttemptResult> {
  const started = performance.now();
  const [n] = await app.db.query<NotificationRow & { enabled: boolean }>("SELECT * FROM notifications WHERE id = $1", [d.notification_id]);
  let result: AttemptResult;
  if (!n) result = { outcome: "failed", status_code: null, excerpt: null, error: "The notification no longer exists" };
  else if (!n.enabled && !d.test) result = { outcome: "failed", status_code: null, excerpt: null, error: "The notification is turned off" };
  else {
    try {
      result = await CHANNELS[n.channel](app, n, d);
    } catch (err) {
      result = retry(err instanceof Error ? err.message : String(err));
    }
  }
  const duration = Math.round(performance.now() - started);
  const last = d.attempt_count >= settings.maxAttempts;
  const status = result.outcome === "delivered" ? "delivered" : result.outcome === "failed" || last ? "failed" : "retrying";
  const error =
    result.outcome === "retry" && last ? `${result.error} — no more attempts after ${d.attempt_count}` : result.outcome === "retry" ? `${result.error} — will retry` : result.error;
  const wait = status === "retrying" ? backoffMs(d.attempt_count, settings.retryBaseMs) : 0;
  await app.db.tx(async (q) => {
    await q.query(
      `INSERT INTO notification_delivery_attempts (delivery_id, attempt, status_code, response_excerpt, error, duration_ms) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (delivery_id, attempt) DO NOTHING`,
      [d.id, d.attempt_count, result.status_code, result.excerpt?.slice(0, 500) ?? null, error?.slice(0, 1000) ?? null, duration],
    );
    await q.query(
      `UPDATE notification_deliveries SET status = $2, last_error = $3, updated_at = now(),
              next_attempt_at = CASE WHEN $2 = 'retrying' THEN now() + make_interval(secs => $4::double precision / 1000) ELSE next_attempt_at END
        WHERE id = $1`,
      [d.id, status, status === "delivered" ? null : (error ?? null), wait],
    );
  });
  return result;
}

/** Send everything due now (batch after batch); returns how many attempts were made. */
export async function runDueDeliveries(app: App, settings = settingsOf(app)): Promise<number> {
  let made = 0;
  for (;;) {
    const batch = await claimDue(app);
    if (!batch.length) return made;
    await Promise.all(batch.map((d) => attemptDelivery(app, d, settings).catch((err) => app.log({ level: "warn", msg: "notification delivery failed", delivery: d.id, error: String(err) }))));
    made += batch.length;
  }
}

interface Worker {
  timer: NodeJS.Timeout;
  running: Promise<void> | null;
  again: boolean;
  stopped: boolean;
  run(): void;
}

const workers = new WeakMap<App, Worker>();

/** Start the worker of this upstream; returns its stop (awaits the run in flight). */
export function startDeliveryWorker(app: App): () => Promise<void> {
  const settings = settingsOf(app);
  const w: Worker = {
    timer: setInterval(() => w.run(), settings.pollMs),
    running: null,
    again: false,
    stopped: false,
    run() {
      if (w.stopped) return;
      if (w.running) {
        w.again = true;
        return;
      }
      w.running = withoutAuditActor(async () => {
        do {
          w.again = false;
          await runDueDeliveries(app, settings).catch((err) => app.log({ level: "warn", msg: "notification worker failed", error: String(err) }));
        } while (w.again && !w.stopped);
      }).finally(() => {
        w.running = null;
      });
    },
  };
  w.timer.unref();
  workers.set(app, w);
  return async () => {
    w.stopped = true;
    clearInterval(w.timer);
    await w.running;
    workers.delete(app);
  };
}

/** Something was queued: send it now rather than at the next poll. */
export function wakeDeliveries(app: App): void {
  workers.get(app)?.run();
}

/** Wait until the worker is idle (tests, the test hook). */
export async function deliveriesIdle(app: App): Promise<void> {
  const w = workers.get(app);
  while (w?.running) await w.running;
}
