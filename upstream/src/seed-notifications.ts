/**
 * Demo data of revision 25 (migrations 032/033; ADR 028): Acme's sign-ins at Head Office are sent to
 * the upstream's own demo webhook receiver (`/webhook-receiver/demo`, read back at
 * `GET /webhook-receiver/demo/received`), signed with a secret made at seeding (never shown), and
 * an evacuation started at Head Office is emailed to reception (the outbox). Added once, when a
 * database comes to revision 25. The receiver's URL follows this run's public URL (`pointDemoWebhook`,
 * on every start), like the demo IdP's.
 */
import { randomBytes } from "node:crypto";
import type { App } from "./app.ts";
import type { Queryable } from "./db/index.ts";

export const DEMO_RECEIVER_PATH = "/webhook-receiver/demo";

export async function seedNotifications(q: Queryable, gid: string, clientId: number, siteIds: Map<string, number>, from: number, publicUrl: string): Promise<void> {
  if (gid !== "eu:1" || from >= 25) return;
  const hq = siteIds.get("acme-hq");
  if (hq === undefined) return;
  // A database brought back to an older revision (the seeding tests) keeps the ones it has.
  const [{ n }] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE client_id = $1 AND url LIKE $2`, [clientId, `%${DEMO_RECEIVER_PATH}`]);
  if (n > 0) return;
  await q.query(
    `INSERT INTO notifications (client_id, site_id, trigger, channel, url, secret, subject) VALUES ($1, $2, 'sign_in', 'webhook', $3, $4, NULL)`,
    [clientId, hq, `${publicUrl}${DEMO_RECEIVER_PATH}`, `whsec_${randomBytes(32).toString("base64")}`],
  );
  await q.query(
    `INSERT INTO notifications (client_id, site_id, trigger, channel, recipients, subject) VALUES ($1, $2, 'evacuation_started', 'email', $3, $4)`,
    [clientId, hq, ["reception@acme.example.com"], "Evacuation started at Head Office"],
  );
}

/** The seeded demo webhook calls this run's receiver (the public URL changes with the port). */
export async function pointDemoWebhook(app: App): Promise<void> {
  await app.db.query(
    `UPDATE notifications SET url = $1 WHERE channel = 'webhook' AND url LIKE $2 AND url IS DISTINCT FROM $1`,
    [`${app.opts.publicUrl}${DEMO_RECEIVER_PATH}`, `%${DEMO_RECEIVER_PATH}`],
  );
}
