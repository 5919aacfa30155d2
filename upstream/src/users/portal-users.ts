/**
 * Portal users (platform §3, §6, §8; issue 16 item 1; ADR 020): list (search, 15 a page), read,
 * invite (an email in the outbox with a link to choose a password), change (name, role, flags,
 * sites), delete, remove two-factor authentication, send the invitation again.
 *
 * Rules, all enforced here: ManageUser.viewer / .editor / .delete / .remove2fa; the primary user
 * cannot be deleted, nor can oneself; nobody gives a role holding rights they do not hold, nor
 * changes a user who holds such rights (no escalation: an Administrator holds every right); with
 * the client's `group-visibility` flag a user restricted to listed sites sees and manages only
 * users whose sites are a subset of theirs, and gives only their own sites. A user outside what the
 * caller may see is "Failed to find existing user", as one that does not exist.
 *
 * The tenant boundary (issue 24; ADR 009): an invitation waits for its owner (./invitations.ts) and
 * is listed as pending, the same whether the address has an account or not; the account's name and
 * two-factor are changed here only while it belongs to this client alone, or by the person; the
 * flags follow ./account-rules.ts; nobody leaves themselves without a site.
 */
import { USER_LIMITS, USER_MESSAGES, notificationDefault, type InvitePortalUser, type PortalUser, type PortalUserOptions, type UpdatePortalUser } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { notFound, validation } from "../http/errors.ts";
import { likePattern, pageParam, parseId } from "../sites/manage.ts";
import { abilities, type Principal } from "../clients/regional.ts";
import { checkEmail, normalizeEmail } from "../auth/email.ts";
import { requireRight } from "../auth/policy.ts";
import { ssoConfigForDomain } from "../sso/rp.ts";
import { auditInEveryClient } from "../audit/every-client.ts";
import { INVITATION_TTL, issuePasswordLink } from "./passwords.ts";
import { flagRefusals, leavesWithoutSite, requireAccountChange } from "./account-rules.ts";
import { ensureAccount, sendInvitation } from "./invitations.ts";
import { jsonSitesClause, requireSitesInScope, scopeOf, scopeSiteIds } from "../scope/scope.ts";

const FORBIDDEN = {
  "ManageUser.viewer": "You are not authorised to view portal users.",
  "ManageUser.editor": "You are not authorised to change portal users.",
  "ManageUser.delete": "You are not authorised to delete portal users.",
  "ManageUser.remove2fa": "You are not authorised to remove two-factor authentication.",
} as const;

/**
 * Not active-only (ADR 034): an expired client's users still see and change who has access, as the
 * access table opens the account pages (/manage/account/users) to them; it is how they let their
 * billing contact in, remove a leaver, or reach the subscriptions page to renew.
 */
const USERS_RULE = { activeOnly: false, message: FORBIDDEN } as const;

/**
 * The sites a caller restricted under group visibility manages users of (theirs), else null: every
 * user of the client — the scope module's rule for portal users (ADR 031).
 */
export function visibilityScope(p: Pick<Principal, "client" | "m">): number[] | null {
  return scopeSiteIds(scopeOf(p, "portal-user"));
}

/** Rights of `rights` the caller does not hold (none: no escalation). */
export const rightsBeyond = (p: Pick<Principal, "m" | "user">, rights: readonly string[]) => {
  const held = new Set(abilities(p));
  return rights.filter((r) => !held.has(r));
};

interface Row {
  id: number;
  /** null for an invitation: it is kept by address, never by account. */
  user_id: number | null;
  name: string;
  email: string;
  role_id: number;
  role_name: string;
  rights: string[];
  is_primary: boolean;
  is_billing: boolean;
  is_technical: boolean;
  notifications: Record<string, boolean>;
  site_ids: number[] | null;
  two_factor: boolean;
  sso: boolean;
  invited: boolean;
  pending: boolean;
}

/**
 * The client's people as one list, `cu`: its members, and its invitations not yet accepted
 * (`pending`). An invitation shows only what the inviter gave — name, address, role, flags, sites —
 * with no two-factor and the address's domain's single sign-on: the same whether the address has an
 * account or not.
 */
const PEOPLE = `(
  SELECT cu.id, cu.client_id, cu.user_id, u.name, u.email, cu.role_id, cu.is_primary, cu.is_billing, cu.is_technical, cu.notifications, cu.site_ids,
         u.totp_secret IS NOT NULL AS two_factor, u.sso, (u.password_hash IS NULL AND NOT u.sso) AS invited, false AS pending
    FROM client_users cu JOIN users u ON u.id = cu.user_id
  UNION ALL
  SELECT i.id, i.client_id, NULL, i.name, i.email, i.role_id, false, i.is_billing, i.is_technical, i.notifications, i.site_ids,
         false, i.sso, false, true
    FROM account_invitations i
) cu`;
const SELECT = `SELECT cu.*, r.name AS role_name, r.rights FROM ${PEOPLE} JOIN roles r ON r.id = cu.role_id`;

/**
 * Users of the client the caller may see, as a WHERE clause over `cu` and its parameters ($1 the
 * client, then the scope's): under group visibility, a restricted caller sees the users whose sites
 * are all theirs (scope.ts `jsonSitesClause`: a user with every site, or none, is outside).
 */
function visible(p: Principal): { sql: string; params: unknown[] } {
  const params: unknown[] = [p.client.id];
  return { sql: `cu.client_id = $1 AND ${jsonSitesClause(scopeOf(p, "portal-user"), "cu.site_ids", params)}`, params };
}

const deviceAlerts = (n: Record<string, boolean>) => n.device_alerts ?? notificationDefault("device_alerts");

function toPortalUser(p: Principal, r: Row): PortalUser {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    role: { id: r.role_id, name: r.role_name },
    primary: r.is_primary,
    billing: r.is_billing,
    technical: r.is_technical,
    device_alerts: deviceAlerts(r.notifications ?? {}),
    site_ids: r.site_ids,
    two_factor: r.two_factor,
    sso: r.sso,
    invited: r.invited,
    pending: r.pending,
    self: !r.pending && r.id === p.m.id,
  };
}

/** The portal user `idParam` the caller may see (`lock`: its row, in a transaction), else 404 "Failed to find existing user". */
async function visibleUser(q: Queryable, p: Principal, idParam: string, lock = false): Promise<Row> {
  const id = parseId(idParam);
  if (!Number.isNaN(id) && lock) {
    // A member or an invitation (one id, one of the two): lock whichever it is.
    await q.query("SELECT 1 FROM client_users WHERE id = $1 AND client_id = $2 FOR UPDATE", [id, p.client.id]);
    await q.query("SELECT 1 FROM account_invitations WHERE id = $1 AND client_id = $2 FOR UPDATE", [id, p.client.id]);
  }
  const v = visible(p);
  const row = Number.isNaN(id) ? undefined : await one<Row>(q, `${SELECT} WHERE ${v.sql} AND cu.id = $${v.params.length + 1}`, [...v.params, id]);
  if (!row) throw notFound(USER_MESSAGES.notFound);
  return row;
}

/** A user holding rights the caller lacks is not theirs to change, delete or take two-factor from. */
function requireNotOutranked(p: Principal, target: Row): void {
  if (rightsBeyond(p, target.rights ?? []).length) throw validation({ user: [USER_MESSAGES.outranks] });
}

/** GET portal-users?search=&page= */
export async function listPortalUsers(app: App, p: Principal, query: URLSearchParams) {
  requireRight(p, "ManageUser.viewer", USERS_RULE);
  const search = (query.get("search") ?? "").trim().slice(0, USER_LIMITS.search);
  const page = pageParam(query);
  const v = visible(p);
  const params = [...v.params, search, likePattern(search)];
  const [q1, q2] = [params.length - 1, params.length];
  const where = `${v.sql} AND ($${q1}::text = '' OR cu.name ILIKE $${q2} ESCAPE '\\' OR cu.email ILIKE $${q2} ESCAPE '\\')`;
  const [count, rows] = await Promise.all([
    one<{ n: number }>(app.db, `SELECT count(*)::int AS n FROM ${PEOPLE} WHERE ${where}`, params),
    app.db.query<Row>(`${SELECT} WHERE ${where} ORDER BY lower(cu.name), cu.id LIMIT ${USER_LIMITS.perPage} OFFSET ${(page - 1) * USER_LIMITS.perPage}`, params),
  ]);
  return { users: rows.map((r) => toPortalUser(p, r)), page, per_page: USER_LIMITS.perPage, total: count?.n ?? 0 };
}

/** GET portal-users/{userId} */
export async function getPortalUser(app: App, p: Principal, idParam: string) {
  requireRight(p, "ManageUser.viewer", USERS_RULE);
  return toPortalUser(p, await visibleUser(app.db, p, idParam));
}

/** GET portal-user-options: the roles (grantable or not) and the sites the caller may give. */
export async function portalUserOptions(app: App, p: Principal): Promise<PortalUserOptions> {
  requireRight(p, "ManageUser.viewer", USERS_RULE);
  const scope = visibilityScope(p);
  const [roles, sites] = await Promise.all([
    app.db.query<{ id: number; name: string; rights: string[] }>("SELECT id, name, rights FROM roles WHERE client_id = $1 ORDER BY id", [p.client.id]),
    app.db.query<{ id: number; name: string }>("SELECT id, name FROM sites WHERE client_id = $1 ORDER BY position, id", [p.client.id]),
  ]);
  return {
    roles: roles.map((r) => ({ id: r.id, name: r.name, grantable: rightsBeyond(p, r.rights ?? []).length === 0 })),
    sites: sites.filter((s) => scope === null || scope.includes(s.id)),
    sites_only: scope !== null,
    may_transfer_primary: p.m.is_primary || p.user.is_super,
    may_set_flags: p.m.is_primary || p.user.is_super,
  };
}

/** The role `roleId` of the client, if the caller may give it (422 on `role_id` otherwise). */
async function grantableRole(q: Queryable, p: Principal, roleId: number) {
  const role = await one<{ id: number; rights: string[] }>(q, "SELECT id, rights FROM roles WHERE id = $1 AND client_id = $2", [roleId, p.client.id]);
  if (!role) throw validation({ role_id: [USER_MESSAGES.role] });
  if (rightsBeyond(p, role.rights ?? []).length) throw validation({ role_id: [USER_MESSAGES.escalation] });
  return role;
}

/** Site access as given (null = every site), checked: the client's sites, and under group visibility the caller's own. */
async function checkedSites(q: Queryable, p: Principal, siteIds: number[] | null): Promise<number[] | null> {
  const scope = scopeOf(p, "portal-user");
  if (siteIds === null) {
    requireSitesInScope(scope, null, "site_ids", USER_MESSAGES.ownSites);
    return null;
  }
  const ids = [...new Set(siteIds)];
  const known = await q.query<{ id: number }>("SELECT id FROM sites WHERE client_id = $1 AND id = ANY($2::int[])", [p.client.id, ids]);
  if (known.length !== ids.length) throw validation({ site_ids: [USER_MESSAGES.sites] });
  requireSitesInScope(scope, ids, "site_ids", USER_MESSAGES.ownSites);
  return ids.sort((a, b) => a - b);
}

const cleanName = (raw: string) => {
  const name = raw.trim();
  if (!name) throw validation({ name: [USER_MESSAGES.nameRequired] });
  return name;
};

/** Making `targetId` primary moves the flag from whoever has it (who may: `flagRefusals`). */
async function makePrimary(q: Queryable, p: Principal, targetId: number): Promise<void> {
  await q.query("UPDATE client_users SET is_primary = false WHERE client_id = $1 AND is_primary AND id <> $2", [p.client.id, targetId]);
  await q.query("UPDATE client_users SET is_primary = true WHERE id = $1", [targetId]);
}

const caller = (p: Principal) => ({ primary: p.m.is_primary, super: p.user.is_super });

/** 422 on the flags the caller may not change on `target` (./account-rules.ts `flagRefusals`). */
function requireFlags(p: Principal, target: { self: boolean; pending: boolean; primary: boolean; billing: boolean; technical: boolean }, body: { primary?: boolean; billing?: boolean; technical?: boolean }): void {
  const errors = flagRefusals(caller(p), target, { primary: body.primary, billing: body.billing, technical: body.technical });
  if (Object.keys(errors).length) throw validation(errors);
}

/**
 * POST portal-users: an invitation of the address, waiting for its owner (./invitations.ts). The
 * answer, the email's subject, the list's row and the audit log's entry are the same whether the
 * address has an account or not; an address without one gets an account (unaudited: it is theirs).
 */
export async function invitePortalUser(app: App, p: Principal, body: InvitePortalUser): Promise<{ id: number }> {
  requireRight(p, "ManageUser.editor", USERS_RULE);
  const name = cleanName(body.name);
  const email = normalizeEmail(body.email);
  try {
    checkEmail(email);
  } catch {
    throw validation({ email: [USER_MESSAGES.email] });
  }
  const sso = !!(await ssoConfigForDomain(app.db, email.split("@")[1]!));
  return app.db.tx(async (q) => {
    const role = await grantableRole(q, p, body.role_id);
    const siteIds = await checkedSites(q, p, body.site_ids);
    requireFlags(p, { self: false, pending: true, primary: false, billing: false, technical: false }, body);
    if (await one(q, "SELECT 1 FROM client_users cu JOIN users u ON u.id = cu.user_id WHERE u.email = $1 AND cu.client_id = $2", [email, p.client.id])) {
      throw validation({ email: [USER_MESSAGES.emailTaken] });
    }
    if (await one(q, "SELECT 1 FROM account_invitations WHERE email = $1 AND client_id = $2", [email, p.client.id])) {
      throw validation({ email: [USER_MESSAGES.alreadyInvited] });
    }
    const notifications = body.device_alerts === undefined ? {} : { device_alerts: body.device_alerts };
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO account_invitations (client_id, email, name, role_id, is_billing, is_technical, site_ids, notifications, sso, invited_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10) RETURNING id`,
      [p.client.id, email, name, role.id, body.billing ?? false, body.technical ?? false, siteIds === null ? null : JSON.stringify(siteIds), JSON.stringify(notifications), sso, p.user.id],
    );
    // After the invitation (the transaction's first audited write): see ensureAccount.
    await ensureAccount(q, email, name, sso, p.user.locale);
    await sendInvitation(q, app, p, email);
    return { id };
  });
}

/**
 * PATCH portal-users/{userId}: only what is given changes. An invitation changes itself (its name
 * is the inviter's); a member's name is the account's, global: see `requireAccountChange`.
 */
export async function updatePortalUser(app: App, p: Principal, idParam: string, body: UpdatePortalUser): Promise<PortalUser> {
  requireRight(p, "ManageUser.editor", USERS_RULE);
  return app.db.tx(async (q) => {
    const target = await visibleUser(q, p, idParam, true);
    requireNotOutranked(p, target);
    const self = !target.pending && target.id === p.m.id;
    const name = body.name === undefined ? undefined : cleanName(body.name);
    const role = body.role_id === undefined || body.role_id === target.role_id ? undefined : await grantableRole(q, p, body.role_id);
    if (leavesWithoutSite(self, body.site_ids)) throw validation({ site_ids: [USER_MESSAGES.ownSitesEmpty] });
    const siteIds = body.site_ids === undefined ? undefined : await checkedSites(q, p, body.site_ids);
    requireFlags(p, { self, pending: target.pending, primary: target.is_primary, billing: target.is_billing, technical: target.is_technical }, body);
    const notifications = JSON.stringify(body.device_alerts === undefined ? {} : { device_alerts: body.device_alerts });
    const sites = [siteIds !== undefined, siteIds ? JSON.stringify(siteIds) : null];
    if (target.pending) {
      await q.query(
        `UPDATE account_invitations SET name = coalesce($2, name), role_id = coalesce($3, role_id), is_billing = coalesce($4, is_billing), is_technical = coalesce($5, is_technical),
           site_ids = CASE WHEN $6 THEN $7::jsonb ELSE site_ids END, notifications = notifications || $8::jsonb WHERE id = $1`,
        [target.id, name ?? null, role?.id ?? null, body.billing ?? null, body.technical ?? null, ...sites, notifications],
      );
    } else {
      if (body.primary === true && !target.is_primary) await makePrimary(q, p, target.id);
      if (name !== undefined && name !== target.name) {
        await requireAccountChange(q, p, target.user_id!, "name", USER_MESSAGES.sharedName);
        await q.query("UPDATE users SET name = $2 WHERE id = $1", [target.user_id, name]);
        await auditInEveryClient(q, target.user_id!);
      }
      await q.query(
        `UPDATE client_users SET role_id = coalesce($2, role_id), is_billing = coalesce($3, is_billing), is_technical = coalesce($4, is_technical),
           site_ids = CASE WHEN $5 THEN $6::jsonb ELSE site_ids END, notifications = notifications || $7::jsonb WHERE id = $1`,
        [target.id, role?.id ?? null, body.billing ?? null, body.technical ?? null, ...sites, notifications],
      );
    }
    return toPortalUser(p, (await one<Row>(q, `${SELECT} WHERE cu.id = $1`, [target.id]))!);
  });
}

/**
 * DELETE portal-users/{userId}: the user's access to this client goes, and their sessions' tokens
 * for it; their account stays for their other clients (and their history) — without a client left,
 * they cannot sign in. An invitation is withdrawn.
 */
export async function deletePortalUser(app: App, p: Principal, idParam: string) {
  requireRight(p, "ManageUser.delete", USERS_RULE);
  return app.db.tx(async (q) => {
    const target = await visibleUser(q, p, idParam, true);
    if (!target.pending && target.id === p.m.id) throw validation({ user: [USER_MESSAGES.deleteSelf] });
    if (target.is_primary) throw validation({ user: [USER_MESSAGES.deletePrimary] });
    requireNotOutranked(p, target);
    if (target.pending) {
      await q.query("DELETE FROM account_invitations WHERE id = $1", [target.id]);
      return { message: `${target.name} deleted` };
    }
    await q.query("DELETE FROM client_users WHERE id = $1", [target.id]);
    await q.query("DELETE FROM refresh_tokens WHERE client_id = $1 AND session_id IN (SELECT id FROM sessions WHERE user_id = $2)", [p.client.id, target.user_id]);
    if (!(await one(q, "SELECT 1 FROM client_users WHERE user_id = $1", [target.user_id]))) {
      await q.query("UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL", [target.user_id]);
    }
    return { message: `${target.name} deleted` };
  });
}

/**
 * DELETE portal-users/{userId}/two-factor: they set it up again at their next sign-in if their
 * client forces it. Two-factor is the account's: only while it belongs to this client alone, and
 * recorded in every client the person belongs to.
 */
export async function removePortalUser2fa(app: App, p: Principal, idParam: string) {
  requireRight(p, "ManageUser.remove2fa", USERS_RULE);
  return app.db.tx(async (q) => {
    const target = await visibleUser(q, p, idParam, true);
    if (!target.pending && target.id === p.m.id) throw validation({ user: [USER_MESSAGES.own2fa] });
    requireNotOutranked(p, target);
    if (!target.two_factor) throw validation({ user: [USER_MESSAGES.no2fa] });
    await requireAccountChange(q, p, target.user_id!, "user", USER_MESSAGES.shared2fa);
    await q.query("UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_pending_at = NULL WHERE id = $1", [target.user_id]);
    await auditInEveryClient(q, target.user_id!);
    return { message: `Two-factor authentication removed for ${target.name}` };
  });
}

/**
 * POST portal-users/{userId}/invitation: the invitation again (an invitation not yet accepted), or a
 * new link for a member who has not chosen a password yet.
 */
export async function resendInvitation(app: App, p: Principal, idParam: string) {
  requireRight(p, "ManageUser.editor", USERS_RULE);
  return app.db.tx(async (q) => {
    const target = await visibleUser(q, p, idParam, true);
    if (target.pending) {
      await sendInvitation(q, app, p, target.email);
      return { message: `Invitation sent to ${target.email}` };
    }
    if (!target.invited) throw validation({ user: [USER_MESSAGES.notInvited] });
    const link = await issuePasswordLink(q, app.opts.portalUrl, { id: target.user_id!, email: target.email }, "invitation", INVITATION_TTL);
    app.log({ msg: "invitation", to: target.email, link });
    await q.query("INSERT INTO outbox (to_email, subject, body) VALUES ($1, $2, $3)", [
      target.email,
      `You have been invited to ${p.client.name} on Gatehouse`,
      `Hello ${target.name},\n\n${p.user.name} has invited you to ${p.client.name} on Gatehouse.\nUse this link within 7 days to choose your password, then sign in:\n\n${link}\n`,
    ]);
    return { message: `Invitation sent to ${target.email}` };
  });
}
