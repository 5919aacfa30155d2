/**
 * Revision 27 (migration 036; ADR 030): Acme's client API credential. "Reception display" reads sites
 * and visits; its secret was made at random and never shown (secrets are answered once: create a new
 * client at /manage/features/api-clients to try the client API). Only while Acme has none of that
 * name. Its visitor form is `visitor-forms/seed.ts`.
 */
import type { App } from "../runtime/app.ts";
import { randomToken } from "../auth/crypto.ts";
import { hashSecret } from "./credentials.ts";
import { one, type Queryable } from "../db/index.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { perDemoClient } from "../clients/seed.ts";

export const DEMO_API_CLIENT = "Reception display";

export async function seedApiClient(app: App, q: Queryable, gid: string, clientId: number, siteIds: Map<string, number>, from: number): Promise<void> {
  const hq = siteIds.get("acme-hq");
  if (gid !== "eu:1" || from >= 27 || hq === undefined) return;
  const admin = await one<{ id: number }>(q, "SELECT id FROM users WHERE email = 'admin@example.com'");
  if (!(await one(q, "SELECT 1 FROM api_clients WHERE client_id = $1 AND name = $2", [clientId, DEMO_API_CLIENT]))) {
    // Made by admin@ (every site): it reads every site (migration 039, ADR 030 "Scope").
    await q.query(
      `INSERT INTO api_clients (client_id, name, key, secret_hash, scopes, created_by, created_by_membership)
       VALUES ($1, $2, $3, $4, $5, $6, (SELECT id FROM client_users WHERE user_id = $6 AND client_id = $1))`,
      [clientId, DEMO_API_CLIENT, `gh_${randomToken(12)}`, hashSecret(app, `ghs_${randomToken(32)}`), ["sites:read", "visits:read"], admin?.id ?? null],
    );
  }
}

/** After Acme's sites and users. */
export const seedSteps: SeedStep[] = [
  perDemoClient("api-clients.reception-display", 27, ({ app, q, from }, gid, clientId, ids) => seedApiClient(app, q, gid, clientId, ids.sites, from)),
];
