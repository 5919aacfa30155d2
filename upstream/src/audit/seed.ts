/**
 * Revision 19 (ADR 022): the audit log's demo entries are real changes, made through the same
 * capture path as any other (the triggers of migration 024 and the transaction's actor), by Acme's
 * administrator Alice Admin: she renames Head Office and renames it back, and adds an evacuation
 * point there and removes it again (so one entry shows a deleted thing, still readable). The demo
 * data ends as it was; the log says what happened, with `seed:demo` as the call and no address
 * (no browser made them). Once, while Acme's log is empty.
 */
import { one, type Queryable } from "../db/index.ts";
import { auditSetting } from "./context.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { demoIds } from "../clients/seed.ts";

/** How many entries the demo's changes make. */
export const SEED_AUDIT_CHANGES = 4;

export async function seedAuditLog(q: Queryable, acmeId: number, hqId: number): Promise<void> {
  if (await one(q, "SELECT 1 FROM audit_log WHERE client_id = $1 LIMIT 1", [acmeId])) return;
  const admin = await one<{ id: number; name: string }>(q, "SELECT id, name FROM users WHERE email = 'admin@example.com'");
  const site = await one<{ name: string }>(q, "SELECT name FROM sites WHERE id = $1", [hqId]);
  if (!admin || !site) return;
  const actor = { client_id: acmeId, user_id: admin.id, user_name: admin.name, address: null, operation: "seed:demo" };
  await q.query("SELECT set_config('gatehouse.audit', $1, true)", [auditSetting(actor)]);
  try {
    await q.query("UPDATE sites SET name = $2 WHERE id = $1", [hqId, `${site.name} (London)`]);
    await q.query("UPDATE sites SET name = $2 WHERE id = $1", [hqId, site.name]);
    const [point] = await q.query<{ id: number }>(
      "INSERT INTO evacuation_points (site_id, title, position) VALUES ($1, 'Overflow car park', (SELECT coalesce(max(position), -1) + 1 FROM evacuation_points WHERE site_id = $1)) RETURNING id",
      [hqId],
    );
    await q.query("DELETE FROM evacuation_points WHERE id = $1", [point!.id]);
  } finally {
    // The rest of the seed is nobody's change.
    await q.query("SELECT set_config('gatehouse.audit', '', true)");
  }
}

/** Last: real changes to what the other steps seeded. */
export const seedSteps: SeedStep[] = [
  {
    name: "audit.acme-changes",
    since: 19,
    async run({ q, from }) {
      const ids = await demoIds(q);
      const acme = ids.clients.get("eu:1");
      const hq = ids.sites.get("acme-hq");
      if (from < 19 && acme !== undefined && hq !== undefined) await seedAuditLog(q, acme, hq);
    },
  },
];
