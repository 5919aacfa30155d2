/**
 * Access tokens (HS256 JWT carrying every AccessTokenClaims claim) and opaque refresh tokens
 * (stored as sha256, rotated on every use, grouped in a session = one login's token family).
 */
import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
import type { AccessTokenClaims, TokenPair } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { issuerFor } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { HttpError, unauthorized } from "../http/errors.ts";
import { globalId, type ClientRow, type MembershipRow, type UserRow } from "../clients/model.ts";
import { randomToken, sha256 } from "./crypto.ts";

export const ACCESS_TOKEN_TYPE = "at+jwt";

const key = (app: App) => new TextEncoder().encode(app.opts.jwtSecret);

export type AccessClaims = AccessTokenClaims & { sid: string };

export function buildClaims(
  app: App,
  user: Pick<UserRow, "id" | "name" | "is_super" | "locale">,
  m: Pick<MembershipRow, "is_primary" | "is_billing" | "site_ids">,
  client: Pick<ClientRow, "region" | "number">,
  sessionId: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): AccessClaims {
  return {
    sub: String(user.id),
    name: user.name,
    aud: globalId(client),
    iss: issuerFor(app, client.region),
    iat: nowSeconds,
    exp: nowSeconds + app.opts.accessTokenTtl,
    "user:primary": m.is_primary,
    "user:billing": m.is_billing,
    "user:is_super": user.is_super,
    "user:site_id": (m.site_ids ?? []).join(","),
    locale: user.locale,
    sid: sessionId,
  };
}

export async function signAccessToken(app: App, claims: AccessClaims): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256", typ: ACCESS_TOKEN_TYPE })
    .sign(key(app));
}

/**
 * Verify an access token. `issuer` pins the regional API (a token of the other region -> 401).
 * `allowExpired` is for logout, which should work with an expired access token.
 */
export async function verifyAccessToken(
  app: App,
  token: string,
  opts: { issuer?: string; allowExpired?: boolean } = {},
): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, key(app), {
      algorithms: ["HS256"],
      typ: ACCESS_TOKEN_TYPE,
      ...(opts.issuer ? { issuer: opts.issuer } : {}),
      ...(opts.allowExpired ? { clockTolerance: app.opts.refreshTokenTtl } : {}),
      requiredClaims: ["sub", "aud", "iss", "exp", "iat", "sid"],
    });
    return payload as unknown as AccessClaims;
  } catch (err) {
    if (err instanceof joseErrors.JOSEError || err instanceof TypeError) {
      throw unauthorized("session_expired", "Your session has expired, please login.");
    }
    throw err;
  }
}

export async function createSession(q: Queryable, userId: number, viaSso = false): Promise<string> {
  const id = randomToken(18);
  await q.query("INSERT INTO sessions (id, user_id, via_sso) VALUES ($1, $2, $3)", [id, userId, viaSso]);
  return id;
}

/** Issue an access token and a fresh refresh token for a session and client. */
export async function issueTokenPair(
  app: App,
  q: Queryable,
  sessionId: string,
  user: UserRow,
  m: MembershipRow & { client: ClientRow },
): Promise<TokenPair> {
  const refresh = randomToken(32);
  await q.query(
    `INSERT INTO refresh_tokens (token_hash, session_id, client_id, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [sha256(refresh), sessionId, m.client_id, app.opts.refreshTokenTtl],
  );
  const claims = buildClaims(app, user, m, m.client, sessionId);
  return {
    access_token: await signAccessToken(app, claims),
    refresh_token: refresh,
    token_type: "Bearer",
    expires_in: app.opts.accessTokenTtl,
  };
}

export const invalidGrant = (message: string) => new HttpError(401, { code: "invalid_grant", message });

/**
 * Consume a refresh token atomically (rotation): the first use wins, any second use gets 401
 * invalid_grant. Returns the row; throws on unknown/used/expired/revoked.
 */
export async function consumeRefreshToken(q: Queryable, token: string) {
  const row = await one<{ session_id: string; client_id: number; user_id: number; expired: boolean; used: boolean; revoked: boolean }>(
    q,
    `SELECT rt.session_id, rt.client_id, s.user_id, rt.expires_at <= now() AS expired,
            rt.used_at IS NOT NULL AS used, s.revoked_at IS NOT NULL AS revoked
       FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id
      WHERE rt.token_hash = $1`,
    [sha256(token)],
  );
  if (!row) throw invalidGrant("The refresh token is invalid.");
  if (row.revoked) throw invalidGrant("The refresh token has been revoked.");
  if (row.used) throw invalidGrant("The refresh token has already been used.");
  if (row.expired) throw invalidGrant("The refresh token has expired.");
  return {
    ...row,
    /** Mark used; false when a concurrent request used it first. */
    async markUsed(): Promise<boolean> {
      const updated = await q.query(
        "UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING token_hash",
        [sha256(token)],
      );
      return updated.length === 1;
    },
  };
}

export async function revokeSession(q: Queryable, sessionId: string): Promise<void> {
  await q.query("UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL", [sessionId]);
}

export async function revokeUserSessions(q: Queryable, userId: number): Promise<number> {
  const rows = await q.query("UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id", [userId]);
  return rows.length;
}

export async function sessionActive(q: Queryable, sessionId: string): Promise<boolean> {
  const row = await one(q, "SELECT 1 AS ok FROM sessions WHERE id = $1 AND revoked_at IS NULL", [sessionId]);
  return !!row;
}
