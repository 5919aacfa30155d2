/**
 * Revision 21 (ADR 024): SSO self-service. Acme (eu:1) has the `beta.sso-self-service` setting and
 * its verified, enabled demo domain sso.example.com (migration 026 enabled the configurations that
 * were verified); one person of that domain waits for access, so every tab of
 * /manage/account/sso shows something.
 */
import type { Queryable } from "../db/index.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { perDemoClient } from "../clients/seed.ts";

export const PENDING_SSO_REQUEST = { email: "pat.pending@sso.example.com", name: "Pat Pending" } as const;

export async function seedSsoSelfService(q: Queryable, gid: string, clientId: number, from: number): Promise<void> {
  if (gid !== "eu:1" || from >= 21) return;
  await q.query(
    `INSERT INTO sso_access_requests (email, client_id, name) VALUES ($1, $2, $3) ON CONFLICT (email, client_id) DO NOTHING`,
    [PENDING_SSO_REQUEST.email, clientId, PENDING_SSO_REQUEST.name],
  );
}

/** After Acme's SSO configuration (`clients.demo-accounts`). */
export const seedSteps: SeedStep[] = [perDemoClient("sso.pending-request", 21, ({ q, from }, gid, clientId) => seedSsoSelfService(q, gid, clientId, from))];
