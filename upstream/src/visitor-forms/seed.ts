/**
 * Revision 27 (migration 036; ADR 030): Acme's visitor form "Contractor sign-up", which lets
 * contractors pre-register at Head Office as Visitors; its link is on /manage/features/forms. Only
 * while Acme has no form of that name. (Its client API credential is `api-clients/seed.ts`.)
 */
import { randomToken } from "../auth/crypto.ts";
import { one, type Queryable } from "../db/index.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { perDemoClient } from "../clients/seed.ts";

export const DEMO_FORM = "Contractor sign-up";

export async function seedVisitorForm(q: Queryable, gid: string, clientId: number, siteIds: Map<string, number>, from: number): Promise<void> {
  const hq = siteIds.get("acme-hq");
  if (gid !== "eu:1" || from >= 27 || hq === undefined) return;
  const admin = await one<{ id: number }>(q, "SELECT id FROM users WHERE email = 'admin@example.com'");
  const visitors = await one<{ id: number }>(q, "SELECT id FROM groups WHERE client_id = $1 AND name = 'Visitors' AND type = 'standard' ORDER BY id LIMIT 1", [clientId]);
  if (visitors && !(await one(q, "SELECT 1 FROM forms WHERE client_id = $1 AND name = $2", [clientId, DEMO_FORM]))) {
    await q.query("INSERT INTO forms (client_id, name, site_ids, group_ids, intro, token, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)", [
      clientId,
      DEMO_FORM,
      [hq],
      [visitors.id],
      "<p>Working at <strong>Head Office</strong>? Tell us when you arrive and reception will have your badge ready.</p>",
      randomToken(24),
      admin?.id ?? null,
    ]);
  }
}

/** After Acme's sites and groups. */
export const seedSteps: SeedStep[] = [
  perDemoClient("visitor-forms.contractor-sign-up", 27, ({ q, from }, gid, clientId, ids) => seedVisitorForm(q, gid, clientId, ids.sites, from)),
];
