/**
 * THE one place a password is set (ADR 020): accepting an invitation, the reset link, My profile's
 * change and the expired-password step of the login all call `setPassword`. It checks the strength
 * rule (platform §5), refuses a password used before (the current one and the last
 * `REUSE_DEPTH` kept in `password_history`) when one of the user's clients has
 * `prevent_password_reuse` on, hashes, stores, and records the new hash in the history.
 */
import { PROFILE_MESSAGES } from "../../contract/index.ts";
import { one, type Queryable } from "../db/index.ts";
import { validation } from "../http/errors.ts";
import { hashPassword, passwordStrengthErrors, verifyPassword } from "../auth/passwords.ts";
import { randomToken, sha256 } from "../auth/crypto.ts";

/** How many earlier passwords a client that prevents reuse refuses (and the history keeps). */
export const REUSE_DEPTH = 5;

/** Whether any client the user has access to prevents password reuse. */
export async function reusePrevented(q: Queryable, userId: number): Promise<boolean> {
  const row = await one<{ on: boolean }>(
    q,
    "SELECT coalesce(bool_or(c.prevent_password_reuse), false) AS on FROM client_users cu JOIN clients c ON c.id = cu.client_id WHERE cu.user_id = $1",
    [userId],
  );
  return row?.on ?? false;
}

/** Whether `password` is the user's current one or one of their last `REUSE_DEPTH`. */
export async function usedBefore(q: Queryable, userId: number, password: string): Promise<boolean> {
  const current = await one<{ password_hash: string | null }>(q, "SELECT password_hash FROM users WHERE id = $1", [userId]);
  const history = await q.query<{ password_hash: string }>("SELECT password_hash FROM password_history WHERE user_id = $1 ORDER BY id DESC LIMIT $2", [userId, REUSE_DEPTH]);
  const hashes = new Set([...(current?.password_hash ? [current.password_hash] : []), ...history.map((h) => h.password_hash)]);
  for (const hash of hashes) if (await verifyPassword(password, hash)) return true;
  return false;
}

/**
 * Set the user's password: 422 on `field` when it is too weak or (the client preventing reuse) used
 * before; else hashed, stored (the expired flag cleared, the change time now) and recorded.
 */
export async function setPassword(q: Queryable, userId: number, password: string, field: string): Promise<void> {
  const weak = passwordStrengthErrors(password);
  if (weak.length) throw validation({ [field]: weak });
  if ((await reusePrevented(q, userId)) && (await usedBefore(q, userId, password))) throw validation({ [field]: [PROFILE_MESSAGES.reuse] });
  const hash = await hashPassword(password);
  await q.query("UPDATE users SET password_hash = $2, password_changed_at = now(), password_expired = false WHERE id = $1", [userId, hash]);
  await q.query("INSERT INTO password_history (user_id, password_hash) VALUES ($1, $2)", [userId, hash]);
  // Only the last REUSE_DEPTH are ever compared: older hashes are not kept.
  await q.query(
    "DELETE FROM password_history WHERE user_id = $1 AND id NOT IN (SELECT id FROM password_history WHERE user_id = $1 ORDER BY id DESC LIMIT $2)",
    [userId, REUSE_DEPTH],
  );
}

/** How long an invitation's link works (a reset link: auth/service.ts RESET_TTL). */
export const INVITATION_TTL = 7 * 86_400;

/**
 * A single-use link to `/reset/{token}` where the user chooses a password (a reset, or an
 * invitation's first password); only the token's hash is stored.
 */
export async function issuePasswordLink(q: Queryable, portalUrl: string, user: { id: number; email: string }, purpose: "reset" | "invitation", ttlSeconds: number): Promise<string> {
  const token = randomToken(32);
  await q.query(
    "INSERT INTO password_resets (token_hash, user_id, expires_at, purpose) VALUES ($1, $2, now() + make_interval(secs => $3), $4)",
    [sha256(token), user.id, ttlSeconds, purpose],
  );
  return `${portalUrl}/reset/${token}?email=${encodeURIComponent(user.email)}`;
}
