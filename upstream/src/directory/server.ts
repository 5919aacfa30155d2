/**
 * The demo directory: a small stand-in for Azure AD (Microsoft Graph), Google Apps (Admin SDK
 * Directory) and Brivo, served by the upstream at `{PUBLIC_URL}/directory/{provider}/…` as the demo
 * identity provider is at `/oidc`. It speaks an OAuth code flow and enough of each API for a sync:
 *
 *   GET  authorize?client_id&redirect_uri&state&response_type=code  a consent page (Allow / Deny)
 *   POST authorize                                                 Allow → redirect_uri?code&state
 *   GET  authorize/deny?redirect_uri&state                         Deny → redirect_uri?error=access_denied&state
 *   POST token            authorization_code (single use, 5 minutes) or refresh_token grant
 *   GET  groups                      the directory's groups (Bearer)
 *   GET  groups/{id}/members         one group's people (Bearer); an unknown group → 404
 *
 * Answers are shaped as each provider's (Graph `value`, Google `groups`/`members`, Brivo `data`) and
 * so are its errors. Nothing here touches the database (codes live in memory, tokens are signed), so
 * the upstream may call it while holding a transaction. A fault set through the test hooks
 * (`setDirectoryFault`) makes a provider answer as it would in that failure (see `faultAnswer`).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { SYNC_PROVIDERS, type SyncErrorCode, type SyncProvider } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import type { Ctx, Reply, Router } from "../http/router.ts";
import { escapeHtml, htmlPage, redirectWith } from "../http/pages.ts";
import { DIRECTORY, type DirectoryGroup, type DirectoryPerson } from "./data.ts";
import { allowedRedirectUri, DIRECTORY_CLIENT_ID, directoryClientSecret } from "./client.ts";

export const CODE_TTL = 300;
export const ACCESS_TOKEN_TTL = 3600;

interface CodeEntry {
  provider: SyncProvider;
  redirectUri: string;
  expires: number;
}
interface DirectoryState {
  codes: Map<string, CodeEntry>;
  faults: Map<SyncProvider, SyncErrorCode>;
  /** The directory's groups (a copy of DIRECTORY the test hooks may change). */
  groups: Record<SyncProvider, DirectoryGroup[]>;
}

const states = new WeakMap<App, DirectoryState>();
function stateOf(app: App): DirectoryState {
  let s = states.get(app);
  if (!s) {
    s = { codes: new Map(), faults: new Map(), groups: structuredClone(DIRECTORY) };
    states.set(app, s);
  }
  return s;
}

/** Test hooks: make `provider` fail as in `fault` (null: answer normally). */
export function setDirectoryFault(app: App, provider: SyncProvider, fault: SyncErrorCode | null): void {
  if (fault) stateOf(app).faults.set(provider, fault);
  else stateOf(app).faults.delete(provider);
}
export function clearDirectoryFaults(app: App): void {
  stateOf(app).faults.clear();
}
/** Test hooks: replace one directory group's people (null: back to the demo data); false if unknown. */
export function setDirectoryMembers(app: App, provider: SyncProvider, groupId: string, members: DirectoryPerson[] | null): boolean {
  const g = stateOf(app).groups[provider].find((x) => x.id === groupId);
  if (!g) return false;
  g.members = members ?? structuredClone(DIRECTORY[provider].find((x) => x.id === groupId)!.members);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Tokens: signed, so they outlive a restart (the seed writes some); refresh tokens do not expire.
// ---------------------------------------------------------------------------------------------

const keyOf = (app: App) => createHmac("sha256", app.opts.jwtSecret).update("gatehouse-demo-directory").digest();
const sign = (app: App, body: string) => createHmac("sha256", keyOf(app)).update(body).digest("base64url");

export function issueDirectoryToken(app: App, provider: SyncProvider, kind: "access" | "refresh"): string {
  const payload = { p: provider, e: kind === "access" ? Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL : 0, n: randomBytes(9).toString("base64url") };
  const body = `${kind === "access" ? "dat" : "drt"}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}`;
  return `${body}.${sign(app, body)}`;
}

function verifyToken(app: App, token: string, provider: SyncProvider, kind: "access" | "refresh"): boolean {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== (kind === "access" ? "dat" : "drt")) return false;
  const expected = Buffer.from(sign(app, `${parts[0]}.${parts[1]}`));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  try {
    const payload = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8")) as { p: string; e: number };
    return payload.p === provider && (payload.e === 0 || payload.e > Date.now() / 1000);
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Answers as each provider gives them
// ---------------------------------------------------------------------------------------------

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => ({ status, body, headers });

function unauthorizedAnswer(provider: SyncProvider): Reply {
  const headers = { "www-authenticate": 'Bearer error="invalid_token"' };
  if (provider === "azure-ad") return json(401, { error: { code: "InvalidAuthenticationToken", message: "Access token has expired or is not yet valid." } }, headers);
  if (provider === "google-apps") return json(401, { error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" } }, headers);
  return json(401, { code: 401, message: "Unauthorized: the access token is invalid or expired" }, headers);
}

function notFoundAnswer(provider: SyncProvider): Reply {
  if (provider === "azure-ad") return json(404, { error: { code: "Request_ResourceNotFound", message: "Resource does not exist or one of its queried reference-property objects are not present." } });
  if (provider === "google-apps") return json(404, { error: { code: 404, message: "Resource Not Found: groupKey", errors: [{ reason: "notFound", domain: "global" }] } });
  return json(404, { code: 404, message: "Group not found" });
}

/** An API call's answer under a fault (null: none applies to this call). */
function faultAnswer(provider: SyncProvider, fault: SyncErrorCode, call: "groups" | "members"): Reply | null {
  switch (fault) {
    case "invalid_grant":
      // The grant was revoked: the access token is refused, and refreshing it gives invalid_grant.
      return unauthorizedAnswer(provider);
    case "not_found":
      return call === "members" ? notFoundAnswer(provider) : null;
    case "google_forbidden":
      return json(403, { error: { code: 403, message: "Not Authorized to access this resource/api", errors: [{ reason: "forbidden", domain: "global" }] } });
    case "google_domain":
      return json(403, { error: { code: 403, message: "Domain cannot use apis.", errors: [{ reason: "domainCannotUseApis", domain: "global" }] } });
    case "wonde_removed":
      return json(403, { error: { code: "wonde_removed", message: "Access to this school's data has been removed." } });
    case "central_record_connection":
      return json(502, { error: { code: "central_record_connection", message: "The upstream record system did not answer." } });
  }
}

function groupsAnswer(provider: SyncProvider, groups: DirectoryGroup[]): Reply {
  if (provider === "azure-ad") return json(200, { "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#groups", value: groups.map((g) => ({ id: g.id, displayName: g.name })) });
  if (provider === "google-apps") return json(200, { kind: "admin#directory#groups", groups: groups.map((g) => ({ kind: "admin#directory#group", id: g.id, name: g.name, email: `${g.id}@groups.example.org` })) });
  return json(200, { data: groups.map((g) => ({ id: Number(g.id), name: g.name })), count: groups.length });
}

function membersAnswer(provider: SyncProvider, people: DirectoryPerson[]): Reply {
  if (provider === "azure-ad") return json(200, { value: people.map((m) => ({ "@odata.type": "#microsoft.graph.user", id: m.id, displayName: m.name, mail: m.email, mobilePhone: m.mobile })) });
  if (provider === "google-apps") {
    return json(200, {
      kind: "admin#directory#members",
      members: people.map((m) => ({ kind: "admin#directory#member", id: m.id, email: m.email, name: { fullName: m.name }, phones: m.mobile ? [{ value: m.mobile, type: "mobile" }] : [], type: "USER", status: "ACTIVE" })),
    });
  }
  return json(200, {
    data: people.map((m) => {
      const [firstName, ...rest] = m.name.split(" ");
      return { id: Number(m.id), firstName, lastName: rest.join(" "), emails: [{ address: m.email, type: "Work" }], phoneNumbers: m.mobile ? [{ number: m.mobile, type: "mobile" }] : [] };
    }),
    count: people.length,
  });
}

// ---------------------------------------------------------------------------------------------
// The consent page
// ---------------------------------------------------------------------------------------------

const NAMES: Record<SyncProvider, string> = { "azure-ad": "Microsoft Azure Active Directory", "google-apps": "Google Workspace", brivo: "Brivo" };

const badRequest = (provider: SyncProvider, message: string) =>
  htmlPage(`${NAMES[provider]} (demo)`, `<h1>${escapeHtml(NAMES[provider])} (demo)</h1>\n<p role="alert">${escapeHtml(message)}</p>`, 400);

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

const isProvider = (s: string): s is SyncProvider => (SYNC_PROVIDERS as readonly string[]).includes(s);
const notFound = (): Reply => json(404, { message: "Not found." });

function bearerOf(ctx: Ctx): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(String(ctx.req.headers.authorization ?? ""));
  return m ? m[1] : null;
}

function clientAuthenticated(app: App, ctx: Ctx, form: Record<string, unknown>): boolean {
  let id = typeof form.client_id === "string" ? form.client_id : "";
  let secret = typeof form.client_secret === "string" ? form.client_secret : "";
  const basic = /^Basic\s+(\S+)$/i.exec(String(ctx.req.headers.authorization ?? ""));
  if (basic) {
    const [u, s] = Buffer.from(basic[1], "base64").toString("utf8").split(":");
    id = decodeURIComponent(u ?? "");
    secret = decodeURIComponent(s ?? "");
  }
  return id === DIRECTORY_CLIENT_ID && secret === directoryClientSecret(app);
}

export function registerDirectory(router: Router, app: App): void {
  const st = () => stateOf(app);

  /** The authorize request's parameters, checked (a reason when they cannot be redirected back to). */
  function authorizeParams(provider: SyncProvider, src: Record<string, unknown>): { redirectUri: string; state: string } | { error: string } {
    const s = (k: string) => (typeof src[k] === "string" ? (src[k] as string) : "");
    if (s("client_id") !== DIRECTORY_CLIENT_ID) return { error: "Unknown application (client_id)." };
    if (s("redirect_uri") !== allowedRedirectUri(app, provider)) return { error: "This redirect_uri is not registered for the application." };
    if (s("response_type") !== "code") return { error: "Only response_type=code is supported." };
    if (!s("state") || s("state").length > 500) return { error: "The state parameter is required." };
    return { redirectUri: s("redirect_uri"), state: s("state") };
  }

  router.get("/directory/:provider/authorize", (ctx) => {
    const { provider } = ctx.params;
    if (!isProvider(provider)) return notFound();
    const q = authorizeParams(provider, Object.fromEntries(ctx.url.searchParams));
    if ("error" in q) return badRequest(provider, q.error);
    const deny = `/directory/${provider}/authorize/deny?${new URLSearchParams({ redirect_uri: q.redirectUri, state: q.state })}`;
    const hidden = { client_id: DIRECTORY_CLIENT_ID, redirect_uri: q.redirectUri, state: q.state, response_type: "code" };
    return htmlPage(
      `${NAMES[provider]} (demo): allow access`,
      `<h1>${escapeHtml(NAMES[provider])} (demo)</h1>
<p>Allow Gatehouse to read your directory groups?</p>
<p>Gatehouse will see the names of your groups and the name, email address and mobile number of their members.</p>
<form method="post" action="/directory/${provider}/authorize">
${Object.entries(hidden).map(([k, v]) => `  <input type="hidden" name="${k}" value="${escapeHtml(v)}">`).join("\n")}
  <div class="actions">
    <button type="submit" name="action" value="allow">Allow</button>
    <a href="${escapeHtml(deny)}">Deny</a>
  </div>
</form>`,
    );
  });

  router.post("/directory/:provider/authorize", async (ctx) => {
    const { provider } = ctx.params;
    if (!isProvider(provider)) return notFound();
    const form = (await ctx.readBody()) as Record<string, unknown>;
    const q = authorizeParams(provider, form);
    if ("error" in q) return badRequest(provider, q.error);
    if (form.action !== "allow") return redirectWith(q.redirectUri, { error: "access_denied", state: q.state });
    const code = randomBytes(24).toString("base64url");
    const codes = st().codes;
    for (const [k, v] of codes) if (v.expires < Date.now()) codes.delete(k);
    codes.set(code, { provider, redirectUri: q.redirectUri, expires: Date.now() + CODE_TTL * 1000 });
    return redirectWith(q.redirectUri, { code, state: q.state });
  });

  router.get("/directory/:provider/authorize/deny", (ctx) => {
    const { provider } = ctx.params;
    if (!isProvider(provider)) return notFound();
    const redirectUri = ctx.url.searchParams.get("redirect_uri") ?? "";
    const state = ctx.url.searchParams.get("state") ?? "";
    if (redirectUri !== allowedRedirectUri(app, provider)) return badRequest(provider, "This redirect_uri is not registered for the application.");
    return redirectWith(redirectUri, { error: "access_denied", error_description: "The user declined to allow access.", state });
  });

  router.post("/directory/:provider/token", async (ctx) => {
    const { provider } = ctx.params;
    if (!isProvider(provider)) return notFound();
    const form = (await ctx.readBody()) as Record<string, unknown>;
    if (!clientAuthenticated(app, ctx, form)) return json(401, { error: "invalid_client", error_description: "Client authentication failed." });
    const invalidGrant = (d: string) => json(400, { error: "invalid_grant", error_description: d });
    const fault = st().faults.get(provider);
    if (form.grant_type === "authorization_code") {
      const code = typeof form.code === "string" ? form.code : "";
      const entry = st().codes.get(code);
      st().codes.delete(code); // single use, even when refused
      if (!entry || entry.provider !== provider || entry.expires < Date.now()) return invalidGrant("The authorization code is invalid, expired or was already used.");
      if (form.redirect_uri !== entry.redirectUri) return invalidGrant("The redirect_uri does not match the authorization request.");
      if (fault === "invalid_grant") return invalidGrant("The user or administrator has not consented to use the application.");
    } else if (form.grant_type === "refresh_token") {
      const token = typeof form.refresh_token === "string" ? form.refresh_token : "";
      if (!verifyToken(app, token, provider, "refresh") || fault === "invalid_grant") return invalidGrant("The refresh token has expired or was revoked.");
      return json(200, { token_type: "Bearer", access_token: issueDirectoryToken(app, provider, "access"), expires_in: ACCESS_TOKEN_TTL, refresh_token: token });
    } else {
      return json(400, { error: "unsupported_grant_type" });
    }
    return json(200, {
      token_type: "Bearer",
      access_token: issueDirectoryToken(app, provider, "access"),
      expires_in: ACCESS_TOKEN_TTL,
      refresh_token: issueDirectoryToken(app, provider, "refresh"),
      scope: "directory.read",
    });
  });

  function api(call: "groups" | "members", fn: (provider: SyncProvider, ctx: Ctx) => Reply) {
    return (ctx: Ctx): Reply => {
      const { provider } = ctx.params;
      if (!isProvider(provider)) return notFound();
      const token = bearerOf(ctx);
      if (!token || !verifyToken(app, token, provider, "access")) return unauthorizedAnswer(provider);
      const fault = st().faults.get(provider);
      const failed = fault ? faultAnswer(provider, fault, call) : null;
      return failed ?? fn(provider, ctx);
    };
  }

  router.get(
    "/directory/:provider/groups",
    api("groups", (provider) => groupsAnswer(provider, st().groups[provider])),
  );
  router.get(
    "/directory/:provider/groups/:groupId/members",
    api("members", (provider, ctx) => {
      const g = st().groups[provider].find((x) => x.id === ctx.params.groupId);
      return g ? membersAnswer(provider, g.members) : notFoundAnswer(provider);
    }),
  );
}
