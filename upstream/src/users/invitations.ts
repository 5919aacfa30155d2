/**
 * Invitations wait for their owner (issue 24 item 1; ADR 009 "Tenant boundary", ADR 020 addendum).
 *
 * Inviting an address records an invitation of the client (`account_invitations`, kept by address:
 * migration 037), never a membership. The account joins the client when its owner takes the
 * invitation up: on My profile (accept or decline), or — for an account that belongs to no client
 * yet, a new one made for the invitation or one every client has left — at its sign-in, which is
 * the only thing such an account can do. Until then nothing of the client applies to it.
 *
 * The membership keeps the invitation's id (both come from client_users' sequence), and its
 * creation is recorded in the inviting client's audit log, with the person as its author.
 */
import { PROFILE_MESSAGES, type MyInvitation } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { notFound } from "../http/errors.ts";
import { parseId } from "../sites/manage.ts";
import type { Principal } from "../clients/regional.ts";
import { auditActor, auditSetting, withAuditActor, type AuditActor } from "../audit/context.ts";
import { globalId, type UserRow } from "../clients/model.ts";
import { INVITATION_TTL, issuePasswordLink } from "./passwords.ts";

interface Invitation {
  id: number;
  client_id: number;
  client_name: string;
  region: string;
  number: number;
}

const INVITATION = `SELECT i.id, i.client_id, c.name AS client_name, c.region, c.number
  FROM account_invitations i JOIN clients c ON c.id = i.client_id`;

/** The invitation `id` becomes the person's membership of its client (the same id); the invitation goes. */
async function join(q: Queryable, id: number, userId: number): Promise<void> {
  await q.query(
    `INSERT INTO client_users (id, user_id, client_id, role_id, is_billing, is_technical, site_ids, notifications, invited_by)
     SELECT id, $2, client_id, role_id, is_billing, is_technical, site_ids, notifications, invited_by FROM account_invitations WHERE id = $1
     ON CONFLICT (user_id, client_id) DO NOTHING`,
    [id, userId],
  );
  await q.query("DELETE FROM account_invitations WHERE id = $1", [id]);
}

/** Run `fn` with the writes recorded in the inviting client's audit log (the person acting there). */
const inClient = <T>(actor: AuditActor, clientId: number, fn: () => Promise<T>) => withAuditActor({ ...actor, client_id: clientId }, fn);

/**
 * An email to the owner of `email`: an account that has never chosen a password (a new one) gets a
 * link to choose it (a sign-in then takes the invitation up); anyone else is asked to sign in and
 * accept or decline on My profile. What the inviter is answered does not depend on which.
 */
export async function sendInvitation(q: Queryable, app: App, p: Principal, email: string): Promise<void> {
  const account = await one<{ id: number; name: string; needs_password: boolean }>(
    q,
    "SELECT id, name, (password_hash IS NULL AND NOT sso) AS needs_password FROM users WHERE email = $1",
    [email],
  );
  const org = p.client.name;
  const profile = `${app.opts.portalUrl}/my-profile`;
  const hello = account ? `Hello ${account.name},\n\n` : "Hello,\n\n";
  let body: string;
  let link = profile;
  if (account?.needs_password) {
    link = await issuePasswordLink(q, app.opts.portalUrl, { id: account.id, email }, "invitation", INVITATION_TTL);
    body =
      `${hello}${p.user.name} has invited you to ${org} on Gatehouse.\nUse this link within 7 days to choose your password, then sign in:\n\n${link}\n\n` +
      `If you already use Gatehouse for another organisation, accept the invitation on My profile instead: ${profile}\n`;
  } else {
    body =
      `${hello}${p.user.name} has invited you to ${org} on Gatehouse.\n` +
      `Sign in and accept or decline the invitation on My profile (nothing changes for your account until you accept):\n\n${profile}\n`;
  }
  // As the reset link is (auth/service.ts): the demo has no mail server.
  app.log({ msg: "invitation", to: email, link });
  await q.query("INSERT INTO outbox (to_email, subject, body) VALUES ($1, $2, $3)", [email, `You have been invited to ${org} on Gatehouse`, body]);
}

/**
 * The account of `email`, made when the address has none (no password: the invitation's link
 * chooses it; by single sign-on when its domain has it). Made outside the audit log — it is the
 * person's, not the inviting client's, and recording it would tell the inviter the address had no
 * account; the client's log records the invitation, the same either way. Call it after the
 * transaction's first audited write (the invitation), so the actor is restored for what follows.
 */
export async function ensureAccount(q: Queryable, email: string, name: string, sso: boolean, locale: string): Promise<void> {
  if (await one(q, "SELECT 1 FROM users WHERE email = $1", [email])) return;
  const actor = auditActor();
  await q.query("SELECT set_config('gatehouse.audit', '', true)");
  await q.query("INSERT INTO users (email, name, password_hash, locale, sso) VALUES ($1, $2, NULL, $3, $4) ON CONFLICT (email) DO NOTHING", [email, name, locale, sso]);
  if (actor) await q.query("SELECT set_config('gatehouse.audit', $1, true)", [auditSetting(actor)]);
}

/** GET me/invitations: what waits for the signed-in person, oldest first. */
export async function myInvitations(app: App, p: Principal): Promise<MyInvitation[]> {
  const rows = await app.db.query<Invitation & { invited_by: string | null; role: string; created_at: Date | string }>(
    `SELECT i.id, i.client_id, c.name AS client_name, c.region, c.number, u.name AS invited_by, r.name AS role, i.created_at
       FROM account_invitations i JOIN clients c ON c.id = i.client_id JOIN roles r ON r.id = i.role_id LEFT JOIN users u ON u.id = i.invited_by
      WHERE i.email = $1 ORDER BY i.created_at, i.id`,
    [p.user.email],
  );
  return rows.map((r) => ({
    id: r.id,
    client: { id: globalId(r), name: r.client_name },
    invited_by: r.invited_by,
    role: r.role,
    created_at: new Date(r.created_at).toISOString(),
  }));
}

/** The person's invitation `idParam`, locked; anyone else's, or one gone, is "no longer there" (404). */
async function mine(q: Queryable, p: Principal, idParam: string): Promise<Invitation> {
  const id = parseId(idParam);
  const row = Number.isNaN(id) ? undefined : await one<Invitation>(q, `${INVITATION} WHERE i.id = $1 AND i.email = $2 FOR UPDATE OF i`, [id, p.user.email]);
  if (!row) throw notFound(PROFILE_MESSAGES.invitationGone);
  return row;
}

/** POST me/invitations/{id}: the person joins the client (recorded in that client's audit log). */
export async function acceptInvitation(app: App, p: Principal, idParam: string) {
  const id = parseId(idParam);
  const found = Number.isNaN(id) ? undefined : await one<Invitation>(app.db, `${INVITATION} WHERE i.id = $1 AND i.email = $2`, [id, p.user.email]);
  if (!found) throw notFound(PROFILE_MESSAGES.invitationGone);
  return inClient(auditActor()!, found.client_id, () =>
    app.db.tx(async (q) => {
      const inv = await mine(q, p, idParam);
      await join(q, inv.id, p.user.id);
      return { message: `You now have access to ${inv.client_name}`, client: { id: globalId(inv), name: inv.client_name } };
    }),
  );
}

/** DELETE me/invitations/{id}: declined; the inviting client's list no longer shows it. */
export async function declineInvitation(app: App, p: Principal, idParam: string) {
  const id = parseId(idParam);
  const found = Number.isNaN(id) ? undefined : await one<Invitation>(app.db, `${INVITATION} WHERE i.id = $1 AND i.email = $2`, [id, p.user.email]);
  if (!found) throw notFound(PROFILE_MESSAGES.invitationGone);
  return inClient(auditActor()!, found.client_id, () =>
    app.db.tx(async (q) => {
      const inv = await mine(q, p, idParam);
      await q.query("DELETE FROM account_invitations WHERE id = $1", [inv.id]);
      return { message: `Invitation to ${inv.client_name} declined` };
    }),
  );
}

/**
 * At a sign-in (the password or the identity provider checked): an account that belongs to no
 * client takes up every invitation waiting for it — a new account made for an invitation, or one
 * every client has left, can do nothing else. An account of a client accepts on My profile.
 */
export async function takeUpInvitations(app: App, user: Pick<UserRow, "id" | "name" | "email">, operation: string): Promise<void> {
  if (await one(app.db, "SELECT 1 FROM client_users WHERE user_id = $1 LIMIT 1", [user.id])) return;
  const waiting = await app.db.query<{ id: number; client_id: number }>("SELECT id, client_id FROM account_invitations WHERE email = $1 ORDER BY created_at, id", [user.email]);
  const actor: AuditActor = { client_id: 0, user_id: user.id, user_name: user.name, address: null, operation };
  for (const inv of waiting) await inClient(actor, inv.client_id, () => app.db.tx((q) => join(q, inv.id, user.id)));
}
