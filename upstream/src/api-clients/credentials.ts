/**
 * Client API credentials (ADR 030): create (the secret answered once), list, revoke; and checking
 * a presented secret or token. A secret is 32 random bytes; only HMAC-SHA256(pepper, secret) is
 * stored, the pepper derived from the upstream's signing secret (never in the database), compared in
 * constant time. A slow hash (scrypt) buys nothing for 256 random bits and would make every call of
 * the client API pay for it.
 *
 * Scope (issue 24 item 3; ADR 030 "Scope"): a credential records its creator's membership and reads
 * only what that membership reaches at each call (the creator's current sites; none once the creator
 * is removed from the client: the credential then answers 401). A user restricted to sites lists and
 * revokes only the credentials whose reach is within their sites (their own, or a colleague's of
 * their sites); one reaching every site or another site is 404 "API client not found.", as another
 * organisation's.
 */
import { createHmac } from "node:crypto";
import {
  API_CLIENT_LIMITS,
  API_CLIENT_MESSAGES as M,
  API_CLIENT_SCOPES,
  CLIENT_API_PATH,
  type ApiClient,
  type ApiClientList,
  type ApiClientScope,
  type CreateApiClient,
  type CreatedApiClient,
} from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { randomToken, safeEqual, sha256 } from "../auth/crypto.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden, HttpError, notFound, validation } from "../http/errors.ts";
import { iso } from "../clients/model.ts";
import { parseId } from "../sites/manage.ts";
import { abilities, requireActive, type Principal } from "../clients/regional.ts";
import { scopeOfMembership } from "../scope/reach.ts";
import { jsonSitesClause, scopeOf, type Scope } from "../scope/scope.ts";

/** The pepper: derived from the upstream's signing secret, so it lives in configuration, not in the database. */
const pepperOf = (app: App) => createHmac("sha256", app.opts.jwtSecret).update("gatehouse client API pepper v1").digest();

export const hashSecret = (app: App, secret: string) => createHmac("sha256", pepperOf(app)).update(secret).digest("hex");

/** Whether `secret` is the one whose hash is `stored` (constant time). */
export const secretMatches = (app: App, secret: string, stored: string) => safeEqual(hashSecret(app, secret), stored);

/** The problems of a new client's name and scopes (422 field errors; empty when none). */
export function apiClientProblems(input: CreateApiClient): { name: string; scopes: ApiClientScope[]; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const name = input.name.replace(/[\u0000-\u001f\u007f]/g, " ").trim();
  if (!name) errors.name = [M.nameRequired];
  else if (name.length > API_CLIENT_LIMITS.name) errors.name = [M.nameTooLong];
  const scopes = [...new Set(input.scopes)];
  if (scopes.length === 0) errors.scopes = [M.scopesRequired];
  else if (scopes.some((s) => !(API_CLIENT_SCOPES as readonly string[]).includes(s))) errors.scopes = [M.unknownScope];
  return { name, scopes: API_CLIENT_SCOPES.filter((s) => scopes.includes(s)), errors };
}

function requireClientApi(p: Principal): void {
  requireActive(p);
  if (!abilities(p).includes("ManageClientApi.viewer")) throw forbidden();
}

interface Row {
  id: number;
  name: string;
  key: string;
  scopes: string[];
  created_by_name: string | null;
  created_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
  /** The creator's membership is still there. */
  creator_member: boolean;
  /** The sites it reads now (NULL: every site), named; [] when it reads none. */
  sites: { id: number; name: string }[] | null;
}

/** `cm`: the creator's membership (absent once the creator is removed from the client). */
const SELECT = `SELECT a.id, a.name, a.key, a.scopes, u.name AS created_by_name, a.created_at, us.last_used_at, a.revoked_at,
    cm.id IS NOT NULL AS creator_member,
    CASE WHEN cm.id IS NULL THEN '[]'::json WHEN cm.site_ids IS NULL THEN NULL
      ELSE (SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.position, s.id), '[]'::json)
              FROM sites s WHERE s.client_id = a.client_id AND cm.site_ids @> to_jsonb(s.id)) END AS sites
  FROM api_clients a LEFT JOIN users u ON u.id = a.created_by LEFT JOIN api_client_usage us ON us.api_client_id = a.id
    LEFT JOIN client_users cm ON cm.id = a.created_by_membership`;

const toApiClient = (r: Row): ApiClient => ({
  id: r.id,
  name: r.name,
  client_id: r.key,
  scopes: API_CLIENT_SCOPES.filter((s) => r.scopes.includes(s)),
  created_by: r.created_by_name,
  created_at: iso(r.created_at)!,
  last_used_at: iso(r.last_used_at),
  revoked_at: iso(r.revoked_at),
  sites: r.sites,
  creator_removed: !r.creator_member,
});

/** "The credential's reach (its creator's sites now) lies within the user's scope", as SQL on `cm` (see SELECT). */
const inScope = (p: Principal, params: unknown[]) => jsonSitesClause(scopeOf(p, "api-client"), "cm.site_ids", params);

/** The client API's base for a region: the upstream's own public URL (its configuration), never a claim. */
export const clientApiBase = (app: App, region: string) => `${app.opts.publicUrl}/${region}/${CLIENT_API_PATH}`;

export async function listApiClients(app: App, p: Principal): Promise<ApiClientList> {
  requireClientApi(p);
  const params: unknown[] = [p.client.id];
  const rows = await app.db.query<Row>(`${SELECT} WHERE a.client_id = $1 AND ${inScope(p, params)} ORDER BY a.revoked_at IS NOT NULL, a.created_at DESC, a.id DESC`, params);
  const base = clientApiBase(app, p.client.region);
  return { clients: rows.map(toApiClient), base_url: base, token_url: `${base}/token` };
}

export async function createApiClient(app: App, p: Principal, body: CreateApiClient): Promise<CreatedApiClient> {
  requireClientApi(p);
  const { name, scopes, errors } = apiClientProblems(body);
  if (Object.keys(errors).length) throw validation(errors);
  const secret = `ghs_${randomToken(32)}`;
  const key = `gh_${randomToken(12)}`;
  const id = await app.db.tx(async (q) => {
    await q.query("SELECT pg_advisory_xact_lock(727030, $1)", [p.client.id]);
    const count = await one<{ n: number }>(q, "SELECT count(*)::int AS n FROM api_clients WHERE client_id = $1 AND revoked_at IS NULL", [p.client.id]);
    if ((count?.n ?? 0) >= API_CLIENT_LIMITS.perClient) throw validation({ name: [M.tooMany] });
    const [row] = await q.query<{ id: number }>(
      "INSERT INTO api_clients (client_id, name, key, secret_hash, scopes, created_by, created_by_membership) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
      [p.client.id, name, key, hashSecret(app, secret), scopes, p.user.id, p.m.id],
    );
    return row!.id;
  });
  const row = (await one<Row>(app.db, `${SELECT} WHERE a.id = $1`, [id]))!;
  return { ...toApiClient(row), secret };
}

export async function revokeApiClient(app: App, p: Principal, idParam: string) {
  requireClientApi(p);
  const id = parseId(idParam);
  const params: unknown[] = [id, p.client.id];
  const row = Number.isNaN(id)
    ? undefined
    : await one<{ revoked_at: unknown }>(app.db, `SELECT a.revoked_at FROM api_clients a LEFT JOIN client_users cm ON cm.id = a.created_by_membership WHERE a.id = $1 AND a.client_id = $2 AND ${inScope(p, params)}`, params);
  if (!row) throw notFound(M.notFound);
  if (row.revoked_at) throw new HttpError(409, { message: M.alreadyRevoked });
  await app.db.tx(async (q) => {
    await q.query("UPDATE api_clients SET revoked_at = now(), revoked_by = $2 WHERE id = $1", [id, p.user.id]);
    await q.query("DELETE FROM api_client_tokens WHERE api_client_id = $1", [id]);
  });
  return { message: "API client revoked." };
}

// ---------------------------------------------------------------------------------------------
// Checking what a caller of the client API presents
// ---------------------------------------------------------------------------------------------

export interface Caller {
  id: number;
  clientId: number;
  region: string;
  scopes: ApiClientScope[];
  /** What it reads: its creator's sites at this call. */
  scope: Scope;
}

interface CallerRow {
  id: number;
  client_id: number;
  region: string;
  scopes: string[];
  secret_hash: string;
  trial_ends_on: string | null;
  membership_id: number;
  site_ids: number[] | null;
}

/** A live credential: not revoked, and its creator still a member of the client (whose sites it reads). */
const CALLER = `SELECT a.id, a.client_id, c.region, a.scopes, a.secret_hash, c.trial_ends_on::text AS trial_ends_on, cm.id AS membership_id, cm.site_ids
  FROM api_clients a JOIN clients c ON c.id = a.client_id JOIN client_users cm ON cm.id = a.created_by_membership AND cm.client_id = a.client_id
  WHERE a.revoked_at IS NULL`;

const toCaller = (r: CallerRow): Caller => ({
  id: r.id,
  clientId: r.client_id,
  region: r.region,
  scopes: API_CLIENT_SCOPES.filter((s) => r.scopes.includes(s)),
  scope: scopeOfMembership(r.membership_id, r.site_ids),
});

/** A live (not revoked) client by its id and secret, or null. The hash is compared even when the id is unknown. */
export async function clientBySecret(app: App, q: Queryable, key: string, secret: string): Promise<Caller | null> {
  const row = key.length <= 100 ? await one<CallerRow>(q, `${CALLER} AND a.key = $1`, [key]) : undefined;
  const ok = secretMatches(app, secret, row?.secret_hash ?? "0".repeat(64));
  return row && ok ? toCaller(row) : null;
}

/** Issue a bearer token for a live client (its SHA-256 stored; expired ones swept on the way). */
export async function issueToken(app: App, caller: Caller): Promise<{ token: string; expiresIn: number }> {
  const token = `ght_${randomToken(32)}`;
  const expiresIn = API_CLIENT_LIMITS.tokenSeconds;
  await app.db.query("DELETE FROM api_client_tokens WHERE expires_at < now() - interval '1 hour'");
  await app.db.query("INSERT INTO api_client_tokens (token_hash, api_client_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))", [sha256(token), caller.id, expiresIn]);
  return { token, expiresIn };
}

/** The live client of an unexpired bearer token, or null (a revoked client's tokens fail with it). */
export async function clientByToken(app: App, token: string): Promise<Caller | null> {
  if (token.length > 200) return null;
  const row = await one<CallerRow>(
    app.db,
    `${CALLER} AND a.id = (SELECT t.api_client_id FROM api_client_tokens t WHERE t.token_hash = $1 AND t.expires_at > now())`,
    [sha256(token)],
  );
  return row ? toCaller(row) : null;
}

/**
 * Count one call in the client's one-minute window and note its use (last_used_at written at most
 * once a minute). Returns the seconds to wait when the limit is passed, else 0.
 */
export async function countCall(app: App, caller: Caller, limit: number = API_CLIENT_LIMITS.perMinute): Promise<number> {
  const row = await one<{ window_count: number; wait: number }>(
    app.db,
    `INSERT INTO api_client_usage AS u (api_client_id, last_used_at, window_start, window_count) VALUES ($1, now(), date_trunc('minute', now()), 1)
     ON CONFLICT (api_client_id) DO UPDATE SET
       window_count = CASE WHEN u.window_start = date_trunc('minute', now()) THEN u.window_count + 1 ELSE 1 END,
       window_start = date_trunc('minute', now()),
       last_used_at = CASE WHEN u.last_used_at IS NULL OR u.last_used_at < now() - interval '1 minute' THEN now() ELSE u.last_used_at END
     RETURNING window_count, ceil(extract(epoch FROM date_trunc('minute', now()) + interval '1 minute' - now()))::int AS wait`,
    [caller.id],
  );
  return row && row.window_count > limit ? Math.max(1, row.wait) : 0;
}
