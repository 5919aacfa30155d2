/**
 * SSO self-service (ADR 024), the people: who signs in by SSO here (listed, moved back to a
 * password, removed) and the access requests of people at the domain (approved with a role and
 * sites, or declined). Who may: self-service-rules.ts.
 */
import { SSO_MESSAGES as M, type SsoAccessRequest, type SsoUser, USER_MESSAGES } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { HttpError, notFound, validation } from "../http/errors.ts";
import { forgot } from "../auth/service.ts";
import type { Principal } from "../clients/regional.ts";
import { jsonSitesClause, requireSitesInScope, scopeOf } from "../scope/scope.ts";
import { requireAccountChange } from "../users/account-rules.ts";
import { configRow, grantableRole, iso, requireSsoEditor, requireSsoViewer } from "./self-service-rules.ts";

// --- who signs in by SSO ---------------------------------------------------------------------

/**
 * Who signs in by SSO here: SSO users, and, while SSO is enforced, the password users of the
 * domain (not the break-glass account).
 */
const SSO_USERS_SQL = `
  SELECT cu.id, u.id AS user_id, u.name, u.email, r.name AS role, cu.is_primary,
         (SELECT max(s.created_at) FROM sessions s WHERE s.user_id = u.id AND s.via_sso) AS last_sso_sign_in
    FROM client_users cu JOIN users u ON u.id = cu.user_id JOIN roles r ON r.id = cu.role_id
    LEFT JOIN sso_configs c ON c.client_id = cu.client_id AND c.enabled AND c.enforced
   WHERE cu.client_id = $1
     AND (u.sso OR (c.id IS NOT NULL AND lower(split_part(u.email, '@', 2)) = lower(c.domain) AND u.id IS DISTINCT FROM c.break_glass_user_id))`;

/**
 * Who signs in by SSO here that the caller may see: the scope module's rule for SSO users (ADR 031;
 * as portal users: under group visibility a restricted caller sees those whose sites are all theirs).
 */
function ssoUsersInScope(p: Principal): { sql: string; params: unknown[] } {
  const params: unknown[] = [p.client.id];
  return { sql: `${SSO_USERS_SQL} AND ${jsonSitesClause(scopeOf(p, "sso-user"), "cu.site_ids", params)}`, params };
}

/** GET sso/{clientId}/users */
export async function listSsoUsers(app: App, p: Principal, clientIdParam: string): Promise<SsoUser[]> {
  requireSsoViewer(p, clientIdParam);
  const q = ssoUsersInScope(p);
  const rows = await app.db.query<SsoUser & { last_sso_sign_in: Date | string | null }>(`${q.sql} ORDER BY lower(u.name), cu.id`, q.params);
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, role: r.role, last_sso_sign_in: iso(r.last_sso_sign_in) }));
}

async function ssoUser(q: Queryable, p: Principal, idParam: string) {
  const id = /^\d{1,9}$/.test(idParam) ? Number(idParam) : 0;
  const scoped = ssoUsersInScope(p);
  const row = await one<{ id: number; user_id: number; email: string; is_primary: boolean }>(q, `${scoped.sql} AND cu.id = $${scoped.params.length + 1}`, [...scoped.params, id]);
  if (!row) throw notFound(M.userGone);
  return row;
}

/** POST sso/{clientId}/users/{userId}/require-password: the user signs in with a password again (a reset link is mailed). */
export async function requirePassword(app: App, p: Principal, clientIdParam: string, userIdParam: string) {
  requireSsoEditor(p, clientIdParam);
  const row = await ssoUser(app.db, p, userIdParam);
  // How the account signs in is global (issue 24): only while it belongs to this client alone.
  await requireAccountChange(app.db, p, row.user_id, "user", USER_MESSAGES.sharedPassword);
  await app.db.query("UPDATE users SET sso = false WHERE id = $1", [row.user_id]);
  await forgot(app, { email: row.email });
  return { message: "The user signs in with a password again: a link to set one has been emailed." };
}

/** DELETE sso/{clientId}/users/{userId}: their access to this client goes (not the primary user's, not one's own). */
export async function removeSsoUser(app: App, p: Principal, clientIdParam: string, userIdParam: string) {
  requireSsoEditor(p, clientIdParam);
  const row = await ssoUser(app.db, p, userIdParam);
  if (row.is_primary) throw validation({ user: [M.removePrimary] });
  if (row.user_id === p.user.id) throw validation({ user: [M.removeSelf] });
  await app.db.query("DELETE FROM client_users WHERE id = $1", [row.id]);
  return { message: "Removed." };
}

// --- access requests -------------------------------------------------------------------------

/** GET sso/{clientId}/access-requests: pending first, then the decided ones (newest first). */
export async function listAccessRequests(app: App, p: Principal, clientIdParam: string): Promise<SsoAccessRequest[]> {
  requireSsoViewer(p, clientIdParam);
  const rows = await app.db.query<{ id: number; email: string; name: string | null; status: SsoAccessRequest["status"]; created_at: Date; decided_at: Date | null; role: string | null }>(
    `SELECT a.id, a.email, a.name, a.status, a.created_at, a.decided_at, r.name AS role
       FROM sso_access_requests a LEFT JOIN roles r ON r.id = a.role_id
      WHERE a.client_id = $1 ORDER BY (a.status = 'pending') DESC, a.created_at DESC, a.id DESC LIMIT 200`,
    [p.client.id],
  );
  return rows.map((r) => ({ ...r, name: r.name || nameFromEmail(r.email), created_at: iso(r.created_at)!, decided_at: iso(r.decided_at) }));
}

/** "jo.bloggs@x" → "Jo Bloggs" (as the demo identity provider names people). */
export function nameFromEmail(email: string): string {
  return email.split("@")[0].replace(/[._-]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase()).trim() || email;
}

async function pendingRequest(q: Queryable, p: Principal, idParam: string) {
  const id = /^\d{1,9}$/.test(idParam) ? Number(idParam) : 0;
  const row = await one<{ id: number; email: string; name: string | null; status: string }>(
    q,
    "SELECT id, email, name, status FROM sso_access_requests WHERE id = $1 AND client_id = $2 FOR UPDATE",
    [id, p.client.id],
  );
  if (!row) throw notFound(M.requestGone);
  if (row.status !== "pending") throw new HttpError(409, { message: M.requestGone });
  return row;
}

/** Give `email` access to `clientId` with `roleId` (a new SSO user when unknown). */
export async function grantAccess(q: Queryable, email: string, name: string, clientId: number, roleId: number, siteIds: number[]): Promise<void> {
  let user = await one<{ id: number }>(q, "SELECT id FROM users WHERE lower(email) = lower($1)", [email]);
  user ??= (
    await q.query<{ id: number }>("INSERT INTO users (email, name, sso, terms_accepted_at) VALUES ($1, $2, true, now()) RETURNING id", [email.toLowerCase(), name])
  )[0];
  await q.query(
    `INSERT INTO client_users (user_id, client_id, role_id, site_ids) VALUES ($1, $2, $3, $4::jsonb) ON CONFLICT (user_id, client_id) DO NOTHING`,
    [user.id, clientId, roleId, siteIds.length ? JSON.stringify(siteIds) : null],
  );
}

/** POST sso/{clientId}/access-requests/{requestId}/approve */
/**
 * The sites an approval gives (null: every site): those asked for, else the configuration's default
 * ([] there: every site). Known sites of the client only; an approver restricted to some sites gives
 * only theirs — never every site (ADR 031), else a 422 on `site_ids`.
 */
async function approvedSites(q: Queryable, p: Principal, asked: number[] | null | undefined): Promise<number[] | null> {
  const cfg = await configRow(q, p.client.id);
  const chosen = asked !== undefined ? asked : cfg?.default_site_ids?.length ? cfg.default_site_ids : null;
  if (chosen !== null) {
    const ids = [...new Set(chosen)];
    if (ids.length === 0) throw validation({ site_ids: [M.sitesRequired] });
    const known = await q.query<{ id: number }>("SELECT id FROM sites WHERE client_id = $1 AND id = ANY($2::int[])", [p.client.id, ids]);
    if (known.length !== ids.length) throw validation({ site_ids: [M.sitesUnknown] });
  }
  requireSitesInScope(scopeOf(p, "access-request"), chosen, "site_ids", M.ownSites);
  return chosen === null ? null : [...new Set(chosen)].sort((a, b) => a - b);
}

export async function approveAccessRequest(app: App, p: Principal, clientIdParam: string, requestIdParam: string, body: { role_id: number; site_ids?: number[] | null }) {
  requireSsoEditor(p, clientIdParam);
  return app.db.tx(async (q) => {
    const req = await pendingRequest(q, p, requestIdParam);
    const role = await grantableRole(q, p, body.role_id, "role_id");
    const sites = await approvedSites(q, p, body.site_ids);
    await grantAccess(q, req.email, req.name || nameFromEmail(req.email), p.client.id, role.id, sites ?? []);
    await q.query("UPDATE sso_access_requests SET status = 'approved', role_id = $2, decided_by = $3, decided_at = now() WHERE id = $1", [req.id, role.id, p.user.id]);
    await q.query("INSERT INTO outbox (to_email, subject, body) VALUES ($1, $2, $3)", [
      req.email,
      `Your access to ${p.client.name} was approved`,
      `You can now sign in to ${p.client.name} with single sign-on: ${app.opts.portalUrl}/login\n`,
    ]);
    return { message: "Approved." };
  });
}

/** POST sso/{clientId}/access-requests/{requestId}/decline: the person is told (an email, and the request-access page). */
export async function declineAccessRequest(app: App, p: Principal, clientIdParam: string, requestIdParam: string) {
  requireSsoEditor(p, clientIdParam);
  return app.db.tx(async (q) => {
    const req = await pendingRequest(q, p, requestIdParam);
    await q.query("UPDATE sso_access_requests SET status = 'declined', decided_by = $2, decided_at = now() WHERE id = $1", [req.id, p.user.id]);
    await q.query("INSERT INTO outbox (to_email, subject, body) VALUES ($1, $2, $3)", [
      req.email,
      `Your access request for ${p.client.name} was declined`,
      `The administrators of ${p.client.name} declined your request for access. Contact them if you think this is a mistake.\n`,
    ]);
    return { message: "Declined." };
  });
}
