/**
 * SSO self-service (ADR 024): the configuration, the domain's verification (a DNS TXT record looked
 * up through a configurable DNS-over-HTTPS resolver, or a code mailed to an address at the domain),
 * enabling, the settings (enforce after a test sign-in, a break-glass account, auto-approve), who
 * signs in by SSO, and the access requests. Reading needs ManageUser.viewer, changing
 * ManageUser.editor; changing the configuration also needs the client's `beta.sso-self-service`
 * flag (or a super user). Every rule is here; the portal's checks are for its screens.
 */
import { randomInt } from "node:crypto";
import {
  normalDomain,
  PUBLIC_EMAIL_DOMAINS,
  SSO_LIMITS,
  SSO_MESSAGES as M,
  SSO_TXT_PREFIX,
  type SsoAccessRequest,
  type SsoConfig,
  type SsoConfigSave,
  type SsoUser,
  USER_MESSAGES,
} from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden, HttpError, notFound, validation } from "../http/errors.ts";
import { globalId, memberships, parseGlobalId, SUPER_RIGHT } from "../clients/model.ts";
import { randomToken, sha256 } from "../auth/crypto.ts";
import { forgot } from "../auth/service.ts";
import { abilities, requireActive, type Principal } from "../clients/regional.ts";
import { jsonSitesClause, requireSitesInScope, scopeOf } from "../scope/scope.ts";
import { requireAccountChange } from "../users/account-rules.ts";

export const SELF_SERVICE_FLAG = "beta.sso-self-service";
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SsoRow {
  id: number;
  client_id: number;
  type: "google" | "azure" | "okta";
  domain: string;
  domain_verified: boolean;
  provider: { client_id: string; provider_host: string };
  default_role_id: number | null;
  default_site_ids: number[];
  enabled: boolean;
  verification_method: "dns" | "email" | null;
  verification_token: string | null;
  verification_email: string | null;
  email_code_hash: string | null;
  email_code_expires_at: string | null;
  email_code_attempts: number;
  client_secret: string | null;
  applies_to: number[];
  changed_at: string | Date;
  tested_at: string | Date | null;
  enforced: boolean;
  break_glass_user_id: number | null;
  auto_approve: boolean;
}

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());

// --- who may ---------------------------------------------------------------------------------

/** The path's client must be the token's, and the user a ManageUser viewer (else 403, platform §8). */
export function requireSsoViewer(p: Principal, clientIdParam: string): void {
  const target = parseGlobalId(clientIdParam);
  if (!target || `${target.region}:${target.number}` !== globalId(p.client) || !abilities(p).includes("ManageUser.viewer")) throw forbidden(M.notAuthorised);
}

/** Changing needs ManageUser.editor and an active client (an expired one can still look: the access table's rule). */
export function requireSsoEditor(p: Principal, clientIdParam: string): void {
  requireSsoViewer(p, clientIdParam);
  if (!abilities(p).includes("ManageUser.editor")) throw forbidden(M.notAuthorisedChange);
  requireActive(p);
}

/** Changing the configuration itself: the editor, and the self-service flag or a super user. */
function requireConfigEditor(p: Principal, clientIdParam: string): void {
  requireSsoEditor(p, clientIdParam);
  if (p.client.settings?.[SELF_SERVICE_FLAG] !== true && !abilities(p).includes(SUPER_RIGHT)) throw forbidden(M.notAuthorisedChange);
}

/** Nobody grants a role with rights they don't hold (super users hold them all). */
export function grantable(held: readonly string[], roleRights: readonly string[]): boolean {
  return held.includes(SUPER_RIGHT) || roleRights.every((r) => held.includes(r));
}

async function grantableRole(q: Queryable, p: Principal, roleId: number, field: string) {
  const role = await one<{ id: number; name: string; rights: string[] }>(q, "SELECT id, name, rights FROM roles WHERE id = $1 AND client_id = $2", [roleId, p.client.id]);
  if (!role) throw validation({ [field]: [M.roleUnknown] });
  if (!grantable(abilities(p), role.rights ?? [])) throw validation({ [field]: [M.roleEscalation] });
  return role;
}

// --- the configuration -----------------------------------------------------------------------

async function configRow(q: Queryable, clientId: number, lock = false): Promise<SsoRow | undefined> {
  return one<SsoRow>(q, `SELECT * FROM sso_configs WHERE client_id = $1${lock ? " FOR UPDATE" : ""}`, [clientId]);
}

async function requireConfig(q: Queryable, clientId: number, lock = false): Promise<SsoRow> {
  const row = await configRow(q, clientId, lock);
  if (!row) throw notFound(M.notConfigured);
  return row;
}

export async function viewOf(q: Queryable, row: SsoRow): Promise<SsoConfig> {
  const clients = await q.query<{ region: string; number: number; name: string }>(
    "SELECT region, number, name FROM clients WHERE id = $1 OR id = ANY($2::int[]) ORDER BY (id = $1) DESC, id",
    [row.client_id, row.applies_to ?? []],
  );
  return {
    type: row.type,
    domain: row.domain,
    domain_verified: row.domain_verified,
    provider: { client_id: row.provider.client_id ?? "", provider_host: row.provider.provider_host ?? "" },
    clients: clients.map((c) => ({ id: globalId(c), name: c.name })),
    default_permissions: { role_id: row.default_role_id ?? 0, site_ids: row.default_site_ids ?? [] },
    enabled: row.enabled,
    has_client_secret: !!row.client_secret,
    verification: {
      method: row.verification_method,
      record_name: row.domain,
      record_value: row.verification_method === "dns" && row.verification_token ? `${SSO_TXT_PREFIX}${row.verification_token}` : null,
      email: row.domain_verified ? null : row.verification_email,
    },
    settings: {
      enforced: row.enforced,
      auto_approve: row.auto_approve,
      break_glass_user_id: await breakGlassLocalId(q, row),
      tested_at: iso(row.tested_at),
      changed_at: iso(row.changed_at)!,
      break_glass_candidates: await q.query<{ id: number; name: string; email: string }>(
        `SELECT cu.id, u.name, u.email FROM client_users cu JOIN users u ON u.id = cu.user_id
          WHERE cu.client_id = $1 AND NOT u.sso AND u.password_hash IS NOT NULL ORDER BY lower(u.name), cu.id LIMIT 500`,
        [row.client_id],
      ),
    },
  };
}

/** GET sso/{clientId}/config */
export async function getSsoConfig(app: App, p: Principal, clientIdParam: string): Promise<SsoConfig> {
  requireSsoViewer(p, clientIdParam);
  return viewOf(app.db, await requireConfig(app.db, p.client.id));
}

/** A host the RP may talk to: https, or http on this machine (the demo identity provider). */
export function validHost(raw: string): boolean {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  if (u.protocol === "https:") return true;
  return u.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(u.hostname);
}

/** Is this domain verified by another client? */
async function claimedElsewhere(q: Queryable, domain: string, clientId: number): Promise<boolean> {
  return !!(await one(q, "SELECT 1 FROM sso_configs WHERE lower(domain) = lower($1) AND domain_verified AND client_id <> $2", [domain, clientId]));
}

/** PATCH sso/{clientId}/config: create or change. A new domain is unverified (and so disabled); a new provider must be tested again before enforcing. */
export async function saveSsoConfig(app: App, p: Principal, clientIdParam: string, body: SsoConfigSave): Promise<SsoConfig> {
  requireConfigEditor(p, clientIdParam);
  const errors: Record<string, string[]> = {};
  const domain = normalDomain(body.domain);
  if (!domain) errors.domain = [M.domainInvalid];
  else if (PUBLIC_EMAIL_DOMAINS.includes(domain)) errors.domain = [M.domainPublic];
  const clientIdValue = body.provider.client_id.trim();
  if (!clientIdValue) errors["provider.client_id"] = [M.clientIdRequired];
  if (!validHost(body.provider.provider_host)) errors["provider.provider_host"] = [M.hostInvalid];
  // Other clients: only those this user manages the users of.
  const mine = await memberships(app.db, p.user.id);
  const others: number[] = [];
  for (const gid of new Set(body.clients)) {
    const m = mine.find((x) => globalId(x.client) === gid);
    if (m?.client_id === p.client.id) continue;
    if (!m || !(m.rights ?? []).includes("ManageUser.editor")) {
      errors.clients = [M.clientNotYours];
      break;
    }
    others.push(m.client_id);
  }
  if (Object.keys(errors).length) throw validation(errors);
  return app.db.tx(async (q) => {
    await grantableRole(q, p, body.default_role_id, "default_role_id");
    if (await claimedElsewhere(q, domain!, p.client.id)) throw validation({ domain: [M.domainClaimed] });
    const provider = { client_id: clientIdValue, provider_host: body.provider.provider_host.trim() };
    const secret = body.provider.client_secret?.trim() || null;
    const row = await configRow(q, p.client.id, true);
    if (!row) {
      await q.query(
        `INSERT INTO sso_configs (client_id, type, domain, provider, client_secret, applies_to, default_role_id)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6::jsonb, $7)`,
        [p.client.id, body.type, domain, JSON.stringify(provider), secret, JSON.stringify(others), body.default_role_id],
      );
    } else {
      const newDomain = row.domain.toLowerCase() !== domain;
      const newProvider =
        newDomain || row.type !== body.type || row.provider.client_id !== provider.client_id || row.provider.provider_host !== provider.provider_host || (secret !== null && secret !== row.client_secret);
      await q.query(
        `UPDATE sso_configs SET type = $2, domain = $3, provider = $4::jsonb, client_secret = coalesce($5, client_secret),
                applies_to = $6::jsonb, default_role_id = $7,
                changed_at = CASE WHEN $9 THEN now() ELSE changed_at END,
                enforced = CASE WHEN $9 THEN false ELSE enforced END,
                domain_verified = domain_verified AND NOT $8, verified_at = CASE WHEN $8 THEN NULL ELSE verified_at END,
                enabled = enabled AND NOT $8,
                verification_method = CASE WHEN $8 THEN NULL ELSE verification_method END,
                verification_token = CASE WHEN $8 THEN NULL ELSE verification_token END,
                verification_email = CASE WHEN $8 THEN NULL ELSE verification_email END,
                email_code_hash = CASE WHEN $8 THEN NULL ELSE email_code_hash END
          WHERE id = $1`,
        [row.id, body.type, domain, JSON.stringify(provider), secret, JSON.stringify(others), body.default_role_id, newDomain, newProvider],
      );
    }
    return viewOf(q, (await configRow(q, p.client.id))!);
  });
}

// --- verification ----------------------------------------------------------------------------

/** POST sso/{clientId}/config/verification: a new TXT token, or a new code mailed to an address at the domain. */
export async function startSsoVerification(app: App, p: Principal, clientIdParam: string, body: { method: "dns" | "email"; email?: string }): Promise<SsoConfig> {
  requireConfigEditor(p, clientIdParam);
  return app.db.tx(async (q) => {
    const row = await requireConfig(q, p.client.id, true);
    if (body.method === "dns") {
      await q.query("UPDATE sso_configs SET verification_method = 'dns', verification_token = $2, email_code_hash = NULL WHERE id = $1", [row.id, randomToken(18)]);
    } else {
      const email = (body.email ?? "").trim().toLowerCase();
      if (!EMAIL_RE.test(email) || email.split("@")[1] !== row.domain.toLowerCase()) throw validation({ email: [M.emailNotAtDomain] });
      const code = String(randomInt(0, 10 ** SSO_LIMITS.codeDigits)).padStart(SSO_LIMITS.codeDigits, "0");
      await q.query(
        `UPDATE sso_configs SET verification_method = 'email', verification_email = $2, email_code_hash = $3,
                email_code_expires_at = now() + make_interval(secs => $4), email_code_attempts = 0 WHERE id = $1`,
        [row.id, email, sha256(code), SSO_LIMITS.codeTtlSeconds],
      );
      await q.query("INSERT INTO outbox (to_email, subject, body) VALUES ($1, $2, $3)", [
        email,
        `Your Gatehouse verification code: ${code}`,
        `${p.user.name} is setting up single sign-on for ${p.client.name} and asked to verify ${row.domain}.\n\n` +
          `Your verification code is ${code}. It expires in 15 minutes.\n\nIf you did not expect this, you can ignore this email.\n`,
      ]);
    }
    return viewOf(q, (await configRow(q, p.client.id))!);
  });
}

/** TXT records of `name` through a DNS-over-HTTPS JSON resolver (`?name=&type=TXT`, as dns.google answers). */
export async function lookupTxt(resolverUrl: string, name: string): Promise<string[]> {
  const url = new URL(resolverUrl);
  url.searchParams.set("name", name);
  url.searchParams.set("type", "TXT");
  const res = await fetch(url, { headers: { accept: "application/dns-json" }, signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`resolver answered ${res.status}`);
  const json = (await res.json()) as { Status?: number; Answer?: { type?: number; data?: unknown }[] };
  if (json.Status !== 0 && json.Status !== 3) throw new Error(`resolver status ${json.Status}`);
  return (json.Answer ?? [])
    .filter((a) => a.type === 16 && typeof a.data === "string")
    .map((a) => {
      const data = a.data as string;
      // A TXT record may come as quoted chunks: "abc" "def" → abcdef.
      const chunks = [...data.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1].replace(/\\(.)/g, "$1"));
      return chunks.length ? chunks.join("") : data;
    });
}

export const resolverUrl = (app: App) => app.opts.dnsResolverUrl ?? `${app.internalUrl}/demo/dns/resolve`;

/** POST sso/{clientId}/config/verification/check */
export async function checkSsoVerification(app: App, p: Principal, clientIdParam: string, body: { code?: string }): Promise<SsoConfig> {
  requireConfigEditor(p, clientIdParam);
  const row = await requireConfig(app.db, p.client.id);
  if (row.domain_verified) return viewOf(app.db, row);
  if (row.verification_method === "dns" && row.verification_token) {
    let records: string[];
    try {
      records = await lookupTxt(resolverUrl(app), row.domain);
    } catch (err) {
      app.log({ level: "warn", msg: "sso dns lookup failed", error: String(err) });
      // A 422 on the verification, so the page says what happened (ADR 024), never a 500.
      throw validation({ verification: [M.dnsUnavailable] });
    }
    if (!records.includes(`${SSO_TXT_PREFIX}${row.verification_token}`)) throw validation({ verification: [M.dnsNotFound] });
  } else if (row.verification_method === "email" && row.email_code_hash) {
    const code = (body.code ?? "").trim();
    if (row.email_code_attempts >= SSO_LIMITS.codeAttempts) throw validation({ code: [M.codeAttempts] });
    if (row.email_code_expires_at && new Date(row.email_code_expires_at).getTime() < Date.now()) throw validation({ code: [M.codeExpired] });
    if (sha256(code) !== row.email_code_hash) {
      await app.db.query("UPDATE sso_configs SET email_code_attempts = email_code_attempts + 1 WHERE id = $1", [row.id]);
      throw validation({ code: [M.codeInvalid] });
    }
  } else {
    throw validation({ verification: [M.verifyFirst] });
  }
  return app.db.tx(async (q) => {
    if (await claimedElsewhere(q, row.domain, p.client.id)) throw validation({ domain: [M.domainClaimed] });
    try {
      await q.query(
        "UPDATE sso_configs SET domain_verified = true, verified_at = now(), email_code_hash = NULL, verification_email = NULL WHERE id = $1",
        [row.id],
      );
    } catch (err) {
      // Two clients verifying one domain at once: the unique index decides, the other is refused.
      if ((err as { code?: string }).code === "23505") throw validation({ domain: [M.domainClaimed] });
      throw err;
    }
    return viewOf(q, (await configRow(q, p.client.id))!);
  });
}

/** POST sso/{clientId}/config/enabled: only a verified domain is enabled; disabling lifts enforcement. */
export async function setSsoEnabled(app: App, p: Principal, clientIdParam: string, body: { enabled: boolean }): Promise<SsoConfig> {
  requireConfigEditor(p, clientIdParam);
  const row = await requireConfig(app.db, p.client.id);
  if (body.enabled && !row.domain_verified) throw validation({ enabled: [M.enableUnverified] });
  await app.db.query("UPDATE sso_configs SET enabled = $2, enforced = enforced AND $2 WHERE id = $1", [row.id, body.enabled]);
  return viewOf(app.db, (await configRow(app.db, p.client.id))!);
}

// --- settings --------------------------------------------------------------------------------

/** Enforcing needs SSO enabled, a successful test sign-in since the last change, and a break-glass account. */
export function enforcementProblem(row: Pick<SsoRow, "enabled" | "tested_at" | "changed_at">, breakGlass: number | null): string | null {
  if (!row.enabled) return M.enforceDisabled;
  if (!row.tested_at || new Date(row.tested_at).getTime() < new Date(row.changed_at).getTime()) return M.enforceUntested;
  if (breakGlass === null) return M.breakGlassRequired;
  return null;
}

/** PATCH sso/{clientId}/settings */
export async function saveSsoSettings(app: App, p: Principal, clientIdParam: string, body: { enforced: boolean; auto_approve: boolean; break_glass_user_id: number | null }): Promise<SsoConfig> {
  requireSsoEditor(p, clientIdParam);
  const row = await requireConfig(app.db, p.client.id);
  let breakGlassUser: number | null = null;
  if (body.break_glass_user_id !== null) {
    const bg = await one<{ user_id: number }>(
      app.db,
      `SELECT cu.user_id FROM client_users cu JOIN users u ON u.id = cu.user_id
        WHERE cu.id = $1 AND cu.client_id = $2 AND NOT u.sso AND u.password_hash IS NOT NULL`,
      [body.break_glass_user_id, p.client.id],
    );
    if (!bg) throw validation({ break_glass_user_id: [M.breakGlassInvalid] });
    breakGlassUser = bg.user_id;
  }
  if (body.enforced) {
    const problem = enforcementProblem(row, breakGlassUser);
    if (problem) throw validation({ [problem === M.breakGlassRequired ? "break_glass_user_id" : "enforced"]: [problem] });
  }
  await app.db.query("UPDATE sso_configs SET enforced = $2, auto_approve = $3, break_glass_user_id = $4 WHERE id = $1", [
    row.id,
    body.enforced,
    body.auto_approve,
    breakGlassUser,
  ]);
  return viewOf(app.db, (await configRow(app.db, p.client.id))!);
}

/** The break-glass account as the settings show it: the client user's local id. */
export async function breakGlassLocalId(q: Queryable, row: SsoRow): Promise<number | null> {
  if (row.break_glass_user_id === null) return null;
  return (await one<{ id: number }>(q, "SELECT id FROM client_users WHERE user_id = $1 AND client_id = $2", [row.break_glass_user_id, row.client_id]))?.id ?? null;
}

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
