/**
 * The client API (ADR 030): what an organisation's own programs call with an API client's
 * credentials, at `{publicUrl}/{region}/api/client/v1/`:
 *
 *   POST token                 OAuth 2 client credentials (RFC 6749 §4.4): HTTP Basic client_id:secret,
 *                              or client_id and client_secret in the (form or JSON) body, with
 *                              grant_type=client_credentials → { access_token, token_type, expires_in, scope }
 *   GET  sites                 sites:read   the organisation's sites
 *   GET  groups                sites:read   its groups, with the sites that offer them
 *   GET  visits?from&to&page   visits:read  visits signed in between two dates (31 days at most), 100 a page
 *   GET  members?group_id&page members:read a group's members, 100 a page
 *   GET  openapi.json          this API as OpenAPI 3.1 (no credentials needed)
 *
 * Every read is bounded to the credential's creator's sites as they are at the call (issue 24 item
 * 3; ADR 030 "Scope"): the sites themselves; the groups offered at one of them (their `site_ids`
 * narrowed to those sites); the visits at them; the members who may sign in at one of them (a
 * group offered at none of them is 404 like an unknown one). A creator of every site reads all.
 *
 * Each data call takes `Authorization: Bearer <token>` or HTTP Basic directly. 401 invalid_client /
 * invalid_token (unknown, revoked, expired, or its creator no longer a member), 403 insufficient_scope, 403 trial_period_over for an
 * expired account, 429 past the per-client limit (Retry-After) or after 30 failed credentials from
 * one address in 10 minutes, 400 for a bad query. Every answer
 * is `Cache-Control: no-store`.
 */
import type { IncomingMessage } from "node:http";
import { z } from "zod";
import { API_CLIENT_LIMITS, API_CLIENT_SCOPES, CLIENT_API_PATH, ClientApiToken, ClientApiVisits, REGIONS, type ApiClientScope } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { HttpError } from "../http/errors.ts";
import type { Ctx, Reply, Router } from "../http/router.ts";
import { isExpired, iso } from "../clients/model.ts";
import { one } from "../db/index.ts";
import { callerAddress } from "../audit/context.ts";
import { RateLimiter } from "../auth/ratelimit.ts";
import { jsonSitesReachClause } from "../scope/reach.ts";
import { narrowSites, siteClause } from "../scope/scope.ts";
import { clientBySecret, clientByToken, countCall, issueToken, type Caller } from "./credentials.ts";

const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

const invalidClient = () =>
  new HttpError(401, { error: "invalid_client", message: "Unknown or revoked client credentials." }, { "www-authenticate": 'Basic realm="gatehouse-client-api"', ...NO_STORE });
const invalidToken = () =>
  new HttpError(401, { error: "invalid_token", message: "Unknown, expired or revoked credentials." }, { "www-authenticate": 'Bearer realm="gatehouse-client-api", error="invalid_token"', ...NO_STORE });
const badRequest = (message: string) => new HttpError(400, { error: "invalid_request", message }, NO_STORE);

/** HTTP Basic's id and secret (RFC 7617; the OAuth form-encoding of RFC 6749 §2.3.1 is decoded too). */
function basicCredentials(req: IncomingMessage): { key: string; secret: string } | null {
  const h = req.headers.authorization;
  const m = typeof h === "string" ? /^Basic\s+([A-Za-z0-9+/=]{1,1000})\s*$/i.exec(h) : null;
  if (!m) return null;
  const text = Buffer.from(m[1]!, "base64").toString("utf8");
  const colon = text.indexOf(":");
  if (colon < 0) return null;
  const dec = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, " "));
    } catch {
      return s;
    }
  };
  return { key: dec(text.slice(0, colon)), secret: dec(text.slice(colon + 1)) };
}

function bearer(req: IncomingMessage): string | null {
  const h = req.headers.authorization;
  const m = typeof h === "string" ? /^Bearer\s+(\S{1,512})\s*$/i.exec(h) : null;
  return m ? m[1]! : null;
}

async function checkAccount(app: App, caller: Caller): Promise<void> {
  const c = await one<{ trial_ends_on: string | null }>(app.db, "SELECT trial_ends_on::text AS trial_ends_on FROM clients WHERE id = $1", [caller.clientId]);
  if (!c || isExpired(c)) throw new HttpError(403, { error: "trial_period_over", message: "Your trial period is over." }, NO_STORE);
}

// Failed credentials, per caller address (in-process; 30 in 10 minutes, then 429 until they age
// out): guessing is hopeless against 256-bit secrets, but a flood of it is still refused cheaply.
const FAILURES = new RateLimiter(30, 10 * 60, { name: "client-api-failures" });
async function refuseFlood(app: App, ctx: Ctx): Promise<string> {
  const address = callerAddress(ctx.req, app.opts.trustedProxies) ?? "unknown";
  if (!(await FAILURES.check(address)).ok) {
    throw new HttpError(429, { error: "rate_limited", message: "Too many failed attempts: try again later." }, { "retry-after": "600", ...NO_STORE });
  }
  return address;
}
async function failed(address: string, err: HttpError): Promise<HttpError> {
  await FAILURES.count(address);
  return err;
}

/** The caller of a data call in `region` with `scope`, counted against its rate limit. */
async function authorise(app: App, ctx: Ctx, region: string, scope: ApiClientScope): Promise<Caller> {
  const address = await refuseFlood(app, ctx);
  const token = bearer(ctx.req);
  const basic = token ? null : basicCredentials(ctx.req);
  const caller = token ? await clientByToken(app, token) : basic ? await clientBySecret(app, app.db, basic.key, basic.secret) : null;
  if (!caller || caller.region !== region) throw await failed(address, token ? invalidToken() : invalidClient());
  const wait = await countCall(app, caller);
  if (wait > 0) throw new HttpError(429, { error: "rate_limited", message: "Too many requests: try again later." }, { "retry-after": String(wait), ...NO_STORE });
  await checkAccount(app, caller);
  if (!caller.scopes.includes(scope)) {
    throw new HttpError(403, { error: "insufficient_scope", scope, message: `This client may not do this: it needs the ${scope} scope.` }, { "www-authenticate": `Bearer error="insufficient_scope", scope="${scope}"`, ...NO_STORE });
  }
  return caller;
}

function pageOf(url: URL): number {
  const raw = url.searchParams.get("page");
  if (raw === null || raw === "") return 1;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw badRequest("page must be a positive whole number.");
  return Number(raw);
}

/** `from` and `to` as dates (YYYY-MM-DD, to inclusive) or instants; 31 days at most; default the last 7 days. */
export function visitWindow(url: URL, now = new Date()): { from: Date; to: Date } {
  const read = (name: string, endOfDay: boolean): Date | null => {
    const v = url.searchParams.get(name);
    if (v === null || v === "") return null;
    if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
      const d = new Date(`${v}T00:00:00Z`);
      if (Number.isNaN(d.getTime())) throw badRequest(`${name} is not a date.`);
      return endOfDay ? new Date(d.getTime() + 86_400_000) : d;
    }
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) {
      const d = new Date(v);
      if (!Number.isNaN(d.getTime())) return d;
    }
    throw badRequest(`${name} must be a date (YYYY-MM-DD) or an ISO 8601 instant.`);
  };
  const to = read("to", true) ?? now;
  const from = read("from", false) ?? new Date(to.getTime() - 7 * 86_400_000);
  if (from.getTime() >= to.getTime()) throw badRequest("from must be before to.");
  if (to.getTime() - from.getTime() > API_CLIENT_LIMITS.visitDays * 86_400_000) throw badRequest(`At most ${API_CLIENT_LIMITS.visitDays} days a request.`);
  return { from, to };
}

const json = (body: unknown): Reply => ({ body, headers: NO_STORE });

/** This API as an OpenAPI 3.1 document for one region's base. */
export function clientApiOpenApi(base: string) {
  const json = (schema: z.ZodType) => ({ "application/json": { schema: z.toJSONSchema(schema, { unrepresentable: "any" }) } });
  const errors = {
    "400": { description: "A bad query (`invalid_request`)" },
    "401": { description: "Unknown, revoked or expired credentials (`invalid_client`, `invalid_token`)" },
    "403": { description: "The credential lacks the scope (`insufficient_scope`, with `scope`), or the account's trial is over" },
    "429": { description: "Past the per-credential limit (`rate_limited`; Retry-After)" },
  };
  const get = (operationId: string, summary: string, scope: ApiClientScope, params: string[], response?: z.ZodType) => ({
    get: {
      operationId,
      summary: `${summary} (scope ${scope})`,
      security: [{ basic: [] }, { bearer: [] }],
      parameters: params.map((name) => ({ name, in: "query", required: name === "group_id", schema: { type: "string" } })),
      responses: { "200": { description: "OK", ...(response ? { content: json(response) } : {}) }, ...errors },
    },
  });
  return {
    openapi: "3.1.0",
    info: { title: "Gatehouse client API", version: "1", description: `Scopes: ${API_CLIENT_SCOPES.join(", ")}. ${API_CLIENT_LIMITS.perMinute} calls a minute per credential. Every answer is limited to the sites of the person who created the credential, as they are at the call; the credential stops working (401) when that person leaves the organisation.` },
    servers: [{ url: base }],
    components: { securitySchemes: { basic: { type: "http", scheme: "basic" }, bearer: { type: "http", scheme: "bearer" } } },
    paths: {
      "/token": {
        post: {
          operationId: "token",
          summary: "OAuth 2 client credentials: a bearer token of one hour",
          security: [{ basic: [] }],
          requestBody: { required: true, content: { "application/x-www-form-urlencoded": { schema: { type: "object", required: ["grant_type"], properties: { grant_type: { const: "client_credentials" }, client_id: { type: "string" }, client_secret: { type: "string" } } } } } },
          responses: { "200": { description: "OK", content: json(ClientApiToken) }, ...errors },
        },
      },
      "/sites": get("sites", "The organisation's sites", "sites:read", []),
      "/groups": get("groups", "The organisation's groups and the sites that offer them", "sites:read", []),
      "/visits": get("visits", `Visits signed in between from and to (at most ${API_CLIENT_LIMITS.visitDays} days), ${API_CLIENT_LIMITS.perPage} a page`, "visits:read", ["from", "to", "page"], ClientApiVisits),
      "/members": get("members", `A group's members, ${API_CLIENT_LIMITS.perPage} a page`, "members:read", ["group_id", "page"]),
    },
  };
}

export function registerClientApi(router: Router, app: App): void {
  for (const region of REGIONS) {
    const base = `/${region}/${CLIENT_API_PATH}`;
    const openapi = clientApiOpenApi(`${app.opts.publicUrl}${base}`);
    router.get(`${base}/openapi.json`, () => ({ body: openapi }));

    router.post(`${base}/token`, async (ctx) => {
      const body = (await ctx.readBody()) as Record<string, unknown>;
      const str = (k: string) => (typeof body?.[k] === "string" ? (body[k] as string) : null);
      const basic = basicCredentials(ctx.req);
      const key = basic?.key ?? str("client_id");
      const secret = basic?.secret ?? str("client_secret");
      if (str("grant_type") !== "client_credentials") {
        throw new HttpError(400, { error: "unsupported_grant_type", message: "grant_type must be client_credentials." }, NO_STORE);
      }
      const address = await refuseFlood(app, ctx);
      if (!key || !secret) throw await failed(address, invalidClient());
      const caller = await clientBySecret(app, app.db, key, secret);
      if (!caller || caller.region !== region) throw await failed(address, invalidClient());
      const wait = await countCall(app, caller);
      if (wait > 0) throw new HttpError(429, { error: "rate_limited", message: "Too many requests: try again later." }, { "retry-after": String(wait), ...NO_STORE });
      await checkAccount(app, caller);
      const { token, expiresIn } = await issueToken(app, caller);
      return json({ access_token: token, token_type: "Bearer", expires_in: expiresIn, scope: caller.scopes.join(" ") });
    });

    router.get(`${base}/sites`, async (ctx) => {
      const c = await authorise(app, ctx, region, "sites:read");
      const params: unknown[] = [c.clientId];
      const rows = await app.db.query<{ id: number; name: string; type: string; timezone: string; address: string | null }>(
        `SELECT id, name, type, timezone, address FROM sites WHERE client_id = $1 AND ${siteClause(c.scope, "id", params)} ORDER BY position, id`,
        params,
      );
      return json({ data: rows.map((s) => ({ id: s.id, name: s.name, type: s.type, timezone: s.timezone, address: s.address })) });
    });

    router.get(`${base}/groups`, async (ctx) => {
      const c = await authorise(app, ctx, region, "sites:read");
      const params: unknown[] = [c.clientId];
      const rows = await app.db.query<{ id: number; name: string; type: string; site_ids: number[] | null }>(
        `SELECT id, name, type, site_ids FROM groups WHERE client_id = $1 AND ${jsonSitesReachClause(c.scope, "site_ids", params)} ORDER BY position, id`,
        params,
      );
      // A bounded credential sees a group at its own sites only ("every site" is its sites, for it).
      const scope = c.scope;
      const sitesOf = (ids: number[] | null) => (scope.kind === "sites" ? narrowSites(scope, ids ?? scope.siteIds) : ids);
      return json({ data: rows.map((g) => ({ id: g.id, name: g.name, type: g.type, site_ids: sitesOf(g.site_ids) })) });
    });

    router.get(`${base}/visits`, async (ctx) => {
      const c = await authorise(app, ctx, region, "visits:read");
      const { from, to } = visitWindow(ctx.url);
      const page = pageOf(ctx.url);
      const per = API_CLIENT_LIMITS.perPage;
      const params: unknown[] = [c.clientId, from, to];
      const where = `FROM visits v JOIN sites s ON s.id = v.site_id
        WHERE s.client_id = $1 AND v.signed_in_at >= $2 AND v.signed_in_at < $3 AND ${siteClause(c.scope, "v.site_id", params)}`;
      const total = await one<{ n: number }>(app.db, `SELECT count(*)::int AS n ${where}`, params);
      const rows = await app.db.query<{ id: number; site_id: number; group_id: number; name: string; company: string | null; status: string; signed_in_at: Date; signed_out_at: Date | null }>(
        `SELECT v.id, v.site_id, v.group_id, v.name, v.company, v.status, v.signed_in_at, v.signed_out_at ${where}
          ORDER BY v.signed_in_at, v.id LIMIT ${per} OFFSET $${params.length + 1}`,
        [...params, (page - 1) * per],
      );
      return json({
        data: rows.map((v) => ({ id: v.id, site_id: v.site_id, group_id: v.group_id, name: v.name, company: v.company, status: v.status, signed_in_at: iso(v.signed_in_at), signed_out_at: iso(v.signed_out_at) })),
        from: from.toISOString(),
        to: to.toISOString(),
        page,
        per_page: per,
        total: total?.n ?? 0,
      });
    });

    router.get(`${base}/members`, async (ctx) => {
      const c = await authorise(app, ctx, region, "members:read");
      const raw = ctx.url.searchParams.get("group_id") ?? "";
      if (!/^\d{1,9}$/.test(raw)) throw badRequest("group_id is required (a group's id).");
      const groupParams: unknown[] = [Number(raw), c.clientId];
      const group = await one<{ id: number }>(app.db, `SELECT id FROM groups WHERE id = $1 AND client_id = $2 AND ${jsonSitesReachClause(c.scope, "site_ids", groupParams)}`, groupParams);
      if (!group) throw new HttpError(404, { error: "not_found", message: "Group not found." }, NO_STORE);
      const page = pageOf(ctx.url);
      const per = API_CLIENT_LIMITS.perPage;
      // A member signs in at their own sites (NULL: wherever the group is offered, which reaches the scope).
      const params: unknown[] = [group.id];
      const where = `FROM members m WHERE m.group_id = $1 AND ${jsonSitesReachClause(c.scope, "m.site_ids", params)}`;
      const total = await one<{ n: number }>(app.db, `SELECT count(*)::int AS n ${where}`, params);
      const rows = await app.db.query<{ id: number; name: string; email: string | null }>(
        `SELECT m.id, m.name, m.email ${where} ORDER BY lower(m.name), m.id LIMIT ${per} OFFSET $${params.length + 1}`,
        [...params, (page - 1) * per],
      );
      return json({ data: rows, page, per_page: per, total: total?.n ?? 0 });
    });
  }
}
