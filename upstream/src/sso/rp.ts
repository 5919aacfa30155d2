/**
 * The relying-party side of single sign-on: build the authorization URL (state, nonce, PKCE S256,
 * login_hint), then exchange the code at the provider's token endpoint and verify the id_token.
 */
import { createHash } from "node:crypto";
import { createRemoteJWKSet, jwtVerify, SignJWT } from "jose";
import type { SsoAccessRequestData, TokenPair } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { oidcIssuer, ssoRedirectUri } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { HttpError, unauthorized, validation } from "../http/errors.ts";
import { findUserByEmail, globalId, loginClient, parseGlobalId } from "../clients/model.ts";
import { randomToken, sha256 } from "../auth/crypto.ts";
import { createSession, issueTokenPair } from "../auth/tokens.ts";
import { grantAccess, nameFromEmail } from "./sso-users.ts";
import { takeUpInvitations } from "../users/invitations.ts";

export const SSO_STATE_TTL = 600;
export const ACCESS_REQUEST_TTL = 900;
export const ACCESS_REQUEST_TYPE = "sso_access_request";
export const SSO_CLIENT_ID = "gatehouse-portal";

export interface SsoConfigRow {
  id: number;
  client_id: number;
  type: string;
  domain: string;
  domain_verified: boolean;
  provider: { client_id: string; provider_host: string };
  default_role_id: number | null;
  default_site_ids: number[];
  enforced: boolean;
  break_glass_user_id: number | null;
  auto_approve: boolean;
  [k: string]: unknown;
}

export async function ssoConfigForDomain(q: Queryable, domain: string): Promise<SsoConfigRow | undefined> {
  // Only an enabled configuration (of a verified domain, ADR 024) sends people to the identity provider.
  return one<SsoConfigRow>(q, "SELECT * FROM sso_configs WHERE lower(domain) = lower($1) AND enabled AND domain_verified ORDER BY id LIMIT 1", [domain]);
}

const invalidState = () =>
  new HttpError(400, { error: "invalid_state", error_description: "The sign-in request has expired, please try again." });
const failed = (detail?: string) =>
  new HttpError(400, {
    error: "invalid_grant",
    error_description: "The sign-in could not be completed, please try again.",
    ...(detail ? { message: detail } : {}),
  });

/** Store state + nonce + PKCE verifier; return the provider's authorization URL. */
export async function startSso(app: App, q: Queryable, email: string, cfg: SsoConfigRow): Promise<string> {
  const state = randomToken(24);
  const nonce = randomToken(24);
  const verifier = randomToken(48);
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  await q.query(
    `INSERT INTO sso_states (state_hash, nonce, code_verifier, email, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [sha256(state), nonce, verifier, email, SSO_STATE_TTL],
  );
  // The demo has one identity provider: the one this upstream runs at {PUBLIC_URL}/oidc.
  const host = oidcIssuer(app);
  const params = new URLSearchParams({
    client_id: cfg.provider?.client_id || SSO_CLIENT_ID,
    response_type: "code",
    scope: "openid email profile",
    redirect_uri: ssoRedirectUri(app),
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: "S256",
    login_hint: email,
    // Always show the provider's sign-in form, so another address can be used next time.
    prompt: "login",
  });
  return `${host}/auth?${params.toString()}`;
}

/** Exchange the code over HTTP and verify the id_token; returns the verified email and name. */
async function exchange(app: App, code: string, verifier: string, nonce: string): Promise<{ email: string; name: string }> {
  const base = `${app.internalUrl}/oidc`;
  const basic = Buffer.from(`${encodeURIComponent(SSO_CLIENT_ID)}:${encodeURIComponent(app.opts.ssoClientSecret)}`).toString("base64");
  let res: Response;
  try {
    res = await fetch(`${base}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${basic}`, accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: ssoRedirectUri(app),
        code_verifier: verifier,
      }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    app.log({ level: "error", msg: "sso token endpoint unreachable", error: String(err) });
    throw failed();
  }
  const json = (await res.json().catch(() => ({}))) as { id_token?: string; error?: string; error_description?: string };
  if (!res.ok || !json.id_token) {
    app.log({ level: "warn", msg: "sso code exchange failed", status: res.status, error: json.error, error_description: json.error_description });
    throw failed(json.error_description);
  }
  try {
    const { payload } = await jwtVerify(json.id_token, jwks(app), { issuer: oidcIssuer(app), audience: SSO_CLIENT_ID });
    if (payload.nonce !== nonce) throw new Error("nonce mismatch");
    if (typeof payload.email !== "string" || !payload.email.includes("@")) throw new Error("no email claim");
    return { email: payload.email.toLowerCase(), name: typeof payload.name === "string" ? payload.name.slice(0, 100) : "" };
  } catch (err) {
    app.log({ level: "warn", msg: "sso id_token rejected", error: String(err) });
    throw failed();
  }
}

const jwksCache = new WeakMap<App, ReturnType<typeof createRemoteJWKSet>>();
function jwks(app: App) {
  let set = jwksCache.get(app);
  if (!set) {
    set = createRemoteJWKSet(new URL(`${app.internalUrl}/oidc/jwks`));
    jwksCache.set(app, set);
  }
  return set;
}

/** Clients a user of this email's domain may request access to. */
async function clientsForDomain(q: Queryable, domain: string) {
  // The configuration's own client and the others it applies to (ADR 024).
  const rows = await q.query<{ id: number; region: string; number: number; name: string }>(
    `SELECT DISTINCT c.id, c.region, c.number, c.name FROM sso_configs s JOIN clients c
         ON c.id = s.client_id OR s.applies_to @> to_jsonb(c.id)
      WHERE lower(s.domain) = lower($1) AND s.enabled AND s.domain_verified ORDER BY c.id`,
    [domain],
  );
  return rows;
}

/**
 * A new person of a verified, enabled domain whose configuration auto-approves (off by default)
 * gets the default role at once (ADR 024); without a default role nobody is auto-approved.
 */
async function autoApprove(db: App["db"], domain: string, email: string, name: string) {
  const cfg = await one<{ client_id: number; default_role_id: number | null; default_site_ids: number[] }>(
    db,
    "SELECT client_id, default_role_id, default_site_ids FROM sso_configs WHERE lower(domain) = lower($1) AND enabled AND domain_verified AND auto_approve",
    [domain],
  );
  if (!cfg?.default_role_id) return undefined;
  await db.tx((q) => grantAccess(q, email, name || nameFromEmail(email), cfg.client_id, cfg.default_role_id!, cfg.default_site_ids ?? []));
  return findUserByEmail(db, email);
}

/** POST auth/sso/login */
export async function ssoLogin(app: App, body: { code: string; state: string }): Promise<TokenPair> {
  const { db } = app;
  const st = await one<{ nonce: string; code_verifier: string; email: string }>(
    db,
    `UPDATE sso_states SET used_at = now()
      WHERE state_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING nonce, code_verifier, email`,
    [sha256(body.state)],
  );
  if (!st) throw invalidState();
  const { email, name } = await exchange(app, body.code, st.code_verifier, st.nonce);
  const domain = email.split("@")[1];
  // A successful sign-in through the provider: the configuration is tested (enforcing needs it).
  await db.query("UPDATE sso_configs SET tested_at = now() WHERE lower(domain) = lower($1) AND enabled", [domain]);

  let user = await findUserByEmail(db, email);
  if (!user) user = await autoApprove(db, domain, email, name);
  // The identity provider vouched for the address: an account of no client takes up its invitations (issue 24).
  if (user) await takeUpInvitations(app, user, "ssoLogin");
  const target = user && (await loginClient(db, user));
  if (user && target) {
    return db.tx(async (q) => {
      const sessionId = await createSession(q, user.id, true);
      if (user.last_client_id !== target.client_id)
        await q.query("UPDATE users SET last_client_id = $2 WHERE id = $1", [user.id, target.client_id]);
      return issueTokenPair(app, q, sessionId, user, target);
    });
  }

  const clients = (await clientsForDomain(db, domain)).map((c) => ({ id: globalId(c), name: c.name }));
  const requested = (
    await db.query<{ region: string; number: number }>(
      `SELECT c.region, c.number FROM sso_access_requests r JOIN clients c ON c.id = r.client_id WHERE r.email = $1 ORDER BY r.id`,
      [email],
    )
  ).map(globalId);
  const declined = (
    await db.query<{ region: string; number: number }>(
      `SELECT c.region, c.number FROM sso_access_requests r JOIN clients c ON c.id = r.client_id WHERE r.email = $1 AND r.status = 'declined' ORDER BY r.id`,
      [email],
    )
  ).map(globalId);
  const token = await new SignJWT({ type: ACCESS_REQUEST_TYPE, email, name })
    .setProtectedHeader({ alg: "HS256", typ: ACCESS_REQUEST_TYPE })
    .setIssuedAt()
    .setIssuer(app.opts.publicUrl)
    .setSubject(email)
    .setExpirationTime(`${ACCESS_REQUEST_TTL}s`)
    .sign(new TextEncoder().encode(app.opts.jwtSecret));
  const data: SsoAccessRequestData = { token, email, clients, requested, declined };
  throw unauthorized("sso_request_access", "You do not have access to any client yet. You can request access below.", data);
}

/** POST auth/sso/access-requests (Bearer = the sso_access_request token). */
export async function ssoAccessRequest(app: App, bearer: string | null, body: { client_id: string }) {
  let email: string;
  let name = "";
  try {
    if (!bearer) throw new Error("missing token");
    const { payload } = await jwtVerify(bearer, new TextEncoder().encode(app.opts.jwtSecret), {
      algorithms: ["HS256"],
      typ: ACCESS_REQUEST_TYPE,
      issuer: app.opts.publicUrl,
    });
    if (payload.type !== ACCESS_REQUEST_TYPE || typeof payload.email !== "string") throw new Error("wrong token type");
    email = payload.email;
    if (typeof payload.name === "string") name = payload.name.slice(0, 100);
  } catch {
    throw unauthorized("session_expired", "Your access request has expired, please sign in again.");
  }
  const allowed = await clientsForDomain(app.db, email.split("@")[1]);
  const p = parseGlobalId(body.client_id);
  const client = p && allowed.find((c) => c.region === p.region && c.number === p.number);
  if (!client) throw validation({ client_id: ["You cannot request access to this client."] });
  const inserted = await app.db.query(
    "INSERT INTO sso_access_requests (email, client_id, name) VALUES ($1, $2, $3) ON CONFLICT (email, client_id) DO NOTHING RETURNING id",
    [email, client.id, name || null],
  );
  if (inserted.length) {
    // Tell the client's administrators.
    const admins = await app.db.query<{ email: string }>(
      `SELECT u.email FROM client_users cu JOIN users u ON u.id = cu.user_id JOIN roles r ON r.id = cu.role_id
        WHERE cu.client_id = $1 AND (cu.is_primary OR r.rights ? 'ManageUser.viewer') ORDER BY cu.id`,
      [client.id],
    );
    for (const a of admins) {
      await app.db.query("INSERT INTO outbox (to_email, subject, body) VALUES ($1, $2, $3)", [
        a.email,
        `Access request for ${client.name}`,
        `${email} signed in with single sign-on and asked for access to ${client.name}.\n\nDecide it: ${app.opts.portalUrl}/manage/account/sso/access-requests`,
      ]);
    }
  }
  return { message: "Your request has been sent to the administrators." };
}
