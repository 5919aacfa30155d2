/**
 * A change to a person's global account is recorded in every client they belong to (issue 24;
 * ADR 009 "Tenant boundary", ADR 022). The trigger of migration 024 records a write once, in the
 * actor's client; an account is shared, so after a change of it (two-factor removed or set up, the
 * name, the password) this copies that entry — the same actor, time, before and after, secrets
 * already redacted — to the person's other clients. Invitations not yet accepted are no membership:
 * nothing is copied there.
 */
import type { Queryable } from "../db/index.ts";
import { auditActor } from "./context.ts";

/**
 * Copy this transaction's newest audit entry of the account `userId` (written by the trigger in the
 * actor's client) to every other client the person belongs to. Call it in the transaction, after
 * the change. Without an actor nothing was recorded, and nothing is copied.
 */
export async function auditInEveryClient(q: Queryable, userId: number): Promise<void> {
  const actor = auditActor();
  if (!actor) return;
  await q.query(
    `INSERT INTO audit_log (client_id, occurred_at, user_id, user_name, address, operation, area, entity, entity_id, label, action, changed, before, after)
     SELECT cu.client_id, a.occurred_at, a.user_id, a.user_name, a.address, a.operation, a.area, a.entity, a.entity_id, a.label, a.action, a.changed, a.before, a.after
       FROM (SELECT * FROM audit_log
              WHERE client_id = $2 AND entity = 'users' AND entity_id = $3 AND occurred_at = now()
              ORDER BY id DESC LIMIT 1) a
       JOIN client_users cu ON cu.user_id = $1 AND cu.client_id <> a.client_id`,
    [userId, actor.client_id, String(userId)],
  );
}
