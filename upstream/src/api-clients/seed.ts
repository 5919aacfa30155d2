/**
 * Revision 27 (migration 036; ADR 030): Acme's client API credential and visitor form. "Reception
 * display" reads sites and visits; its secret was made at random and never shown (secrets are
 * answered once: create a new client at /manage/features/api-clients to try the client API). The
 * form "Contractor sign-up" lets contractors pre-register at Head Office as Visitors; its link is on
 * /manage/features/forms. Each only while Acme has none of that name.
 */
import type { App } from "./app.ts";
import { randomToken } from "./auth/crypto.ts";
import { hashSecret } from "./api-clients/credentials.ts";
import { one, type Queryable } from "./db/index.ts";

export const DEMO_API_CLIENT = "Reception display";
export const DEMO_FORM = "Contractor sign-up";

export async function seedFeatures(app: App, q: Queryable, gid: string, clientId: number, siteIds: Map<string, number>, from: number): Promise<void> {
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
