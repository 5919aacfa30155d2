/**
 * SSO self-service (ADR 024): the configuration, the domain's verification (a DNS TXT record looked
 * up through a configurable DNS-over-HTTPS resolver, or a code mailed to an address at the domain),
 * enabling, and the settings (enforce after a test sign-in, a break-glass account, auto-approve).
 * Who signs in by SSO and the access requests: sso-users.ts; who may (ManageUser.viewer reads,
 * ManageUser.editor changes, the configuration also needs the client's `beta.sso-self-service` flag
 * or a super user): self-service-rules.ts. Every rule is here; the portal's checks are for its screens.
 */
import { randomInt } from "node:crypto";
import { normalDomain, PUBLIC_EMAIL_DOMAINS, SSO_LIMITS, SSO_MESSAGES as M, SSO_TXT_PREFIX, type SsoConfig, type SsoConfigSave } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { notFound, validation } from "../http/errors.ts";
import { globalId, memberships } from "../clients/model.ts";
import { randomToken, sha256 } from "../auth/crypto.ts";
import { EMAIL_RE } from "../auth/email.ts";
import type { Principal } from "../clients/regional.ts";
import { configRow, grantableRole, iso, requireConfigEditor, requireSsoEditor, requireSsoViewer, type SsoRow } from "./self-service-rules.ts";

// --- the configuration -----------------------------------------------------------------------

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
