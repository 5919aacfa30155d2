/**
 * End-to-end smoke test: starts the upstream on a random port (PGlite in a temp dir, or a
 * throwaway PostgreSQL database when UPSTREAM_SMOKE_PG or DATABASE_URL names a server) and walks the
 * main flows over HTTP, checking answers against the contract schemas.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccessTokenClaims, Config, SsoAccessRequestData, TokenPair, routes } from "../contract/index.ts";
import { decodeJwt } from "jose";
import { startUpstream, type Upstream } from "./server.ts";
import { SEED_REVISION, seedDemoData } from "./seed.ts";
import { ALL_RIGHTS, FRONT_DESK_RIGHTS, STANDARD_RIGHTS } from "./clients/model.ts";
import { totp } from "./auth/totp.ts";
import { pgServerUrl, throwawayPg } from "./test-support.ts";

let up: Upstream;
let dataDir: string | undefined;
let pgCleanup: (() => Promise<void>) | undefined;

beforeAll(async () => {
  let databaseUrl: string | undefined;
  const pgServer = pgServerUrl();
  if (pgServer) {
    const db = await throwawayPg(pgServer);
    databaseUrl = db.url;
    pgCleanup = db.drop;
  } else {
    dataDir = await mkdtemp(path.join(tmpdir(), "gh-upstream-"));
  }
  up = await startUpstream({ port: 0, dataDir, databaseUrl, testHooks: true, log: false, portalUrl: "http://portal.test" });
}, 120_000);

afterAll(async () => {
  await up?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await pgCleanup?.();
}, 60_000);

type Json = Record<string, any>;

async function call(method: string, p: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${up.url}${p}`, {
    method,
    headers: { accept: "application/json", ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: Json = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    /* html */
  }
  return { status: res.status, json, headers: res.headers };
}
const post = (p: string, body?: unknown, headers?: Record<string, string>) => call("POST", p, body, headers);
const get = (p: string, headers?: Record<string, string>) => call("GET", p, undefined, headers);
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
const PW = "Demo-Passw0rd!";

async function loginPair(email: string, password = PW) {
  const r = await post("/api/v2/auth/login", { email, password });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return TokenPair.parse(r.json);
}

/** Minimal cookie jar for the identity provider's cookies. */
class Jar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** Walk the IdP: authorization URL -> interaction form -> post email -> redirects -> portal callback. */
async function throughIdp(authUri: string, email: string): Promise<{ code: string; state: string }> {
  const jar = new Jar();
  let url = authUri;
  for (let i = 0; i < 10; i++) {
    const res = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.store(res);
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get("location")!, url);
      if (next.href.startsWith("http://portal.test/login/sso/callback")) {
        return { code: next.searchParams.get("code")!, state: next.searchParams.get("state")! };
      }
      url = next.href;
      continue;
    }
    const html = await res.text();
    expect(res.status, html).toBe(200);
    expect(html).toContain("<title>Demo identity provider</title>");
    expect(html).toContain('lang="en"');
    expect(html).toMatch(/<label for="email">/);
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1];
    const formUrl = new URL(action, url).href;
    // Another domain is refused.
    const refused = await fetch(formUrl, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "someone@elsewhere.com", action: "login" }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("cannot sign in addresses at @elsewhere.com");
    const submitted = await fetch(formUrl, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, action: "login" }),
    });
    jar.store(submitted);
    expect(submitted.status).toBe(303);
    url = new URL(submitted.headers.get("location")!, formUrl).href;
  }
  throw new Error("too many redirects");
}

describe("upstream smoke", { timeout: 30_000 }, () => {
  it("health, openapi, 404", async () => {
    expect((await get("/healthz")).json).toEqual({ ok: true });
    const doc = (await get("/api/v2/openapi.json")).json;
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/auth/login");
    expect((await get("/eu/api/v2/openapi.json")).status).toBe(200);
    expect((await get("/nowhere")).status).toBe(404);
  });

  it("login admin -> config -> refresh -> reuse of the old refresh token is 401", async () => {
    expect((await post("/api/v2/auth/login", { email: "admin@example.com" })).json.code).toBe("password");
    expect((await post("/api/v2/auth/login", { email: "admin@example.com", password: "nope" })).json).toEqual({
      code: "invalid_credentials",
      message: "Invalid credentials.",
    });
    const pair = await loginPair("admin@example.com");
    const claims = AccessTokenClaims.parse(decodeJwt(pair.access_token));
    expect(claims.aud).toBe("eu:1");
    expect(claims.iss).toBe(`${up.url}/eu`);

    const cfg = await get("/eu/api/v2/config", { ...bearer(pair.access_token), "x-timezone": "Europe/London", "accept-language": "en-GB" });
    expect(cfg.status).toBe(200);
    const config = Config.parse(cfg.json);
    expect(config.client.name).toBe("Acme Ltd");
    expect(config.abilities).toContain("ManageUser.viewer");
    expect(config.abilities).not.toContain("Super.clientUser.create");
    // config.roles = the roles the user holds in the token's client; client/roles = all of the client's.
    expect(config.roles.map((r) => r.name)).toEqual(["Administrator"]);
    const clientRoles = routes.clientRoles.response.parse((await get("/eu/api/v2/client/roles", bearer(pair.access_token))).json);
    expect(clientRoles.map((r) => r.name)).toEqual(["Administrator", "Standard User", "Front Desk", "Reception", "Site Manager"]);
    expect(config.roles[0].id).toBe(clientRoles[0].id);
    expect([...config.abilities].sort()).toEqual([...ALL_RIGHTS].sort());
    expect(config.client.scheduling_status).toBe("activated");
    expect(config.client.settings).toMatchObject({
      tier: "enhanced",
      spaces_enabled: true,
      time_and_attendance_enabled: true,
      central_record: { enabled: false },
      "beta.site-settings": true,
      "beta.sso-self-service": true,
      "beta.site-attendance-report": true,
      "beta.time-and-attendance-discovered": true,
    });
    expect(config.sites.filter((s) => s.space_exists).map((s) => s.name)).toEqual(["Head Office"]);
    const stats = (await get("/__test/stats")).json;
    expect(stats.calls.config).toBeGreaterThanOrEqual(1);
    expect(stats.lastHeaders.config).toEqual({ "x-timezone": "Europe/London", "accept-language": "en-GB" });
    expect((await get("/us/api/v2/config", bearer(pair.access_token))).status).toBe(401);

    const refreshed = await post("/api/v2/auth/access-token", { refresh_token: pair.refresh_token });
    expect(refreshed.status).toBe(200);
    const next = TokenPair.parse(refreshed.json);
    expect(next.refresh_token).not.toBe(pair.refresh_token);
    const reused = await post("/api/v2/auth/access-token", { refresh_token: pair.refresh_token });
    expect(reused.status).toBe(401);
    expect(reused.json.code).toBe("invalid_grant");

    const out = await post("/api/v2/auth/logout", undefined, bearer(next.access_token));
    expect(out.json).toEqual({ redirect_uri: "http://portal.test/login" });
    expect((await get("/eu/api/v2/client", bearer(next.access_token))).json.code).toBe("session_expired");
  });

  it("regional API: every contract route answers for a standard user", async () => {
    const pair = await loginPair("standard@example.com");
    const h = bearer(pair.access_token);
    const sites = (await get("/eu/api/v2/sites", h)).json as Json[];
    const config = Config.parse((await get("/eu/api/v2/config", h)).json);
    expect(config.roles.map((r) => r.name)).toEqual(["Standard User"]);
    expect([...config.abilities].sort()).toEqual([...STANDARD_RIGHTS].sort());
    expect(routes.clients.response.parse((await get("/eu/api/v2/clients", h)).json)[0].roles.map((r) => r.name)).toEqual([
      "Administrator",
      "Standard User",
      "Front Desk",
      "Reception",
      "Site Manager",
    ]);
    expect(sites.map((s) => s.name)).toEqual(["Head Office"]);
    expect(routes.sites.response.parse(sites)).toBeTruthy();
    expect(routes.clients.response.parse((await get("/eu/api/v2/clients", h)).json)).toHaveLength(1);
    expect(routes.client.response.parse((await get("/eu/api/v2/client", h)).json).global_client_id).toBe("eu:1");
    expect(routes.clientRoles.response.parse((await get("/eu/api/v2/client/roles", h)).json).map((r) => r.name)).toContain("Front Desk");
    const fields = routes.siteCustomFields.response.parse((await get(`/eu/api/v2/sites/${sites[0].id}/custom-fields`, h)).json);
    expect(fields.length).toBeGreaterThan(0);
    expect((await get("/eu/api/v2/sites/2/custom-fields", h)).status).toBe(404);
    expect((await get("/eu/api/v2/sso/eu:1/config", h)).status).toBe(403);
    const auth = await post("/eu/api/v2/broadcasting/auth", { socket_id: "1.2", channel_name: [`private-Site.${sites[0].id}`, "private-Site.2", "private-Evacuation.1", "private-Evacuation.999999"] }, h);
    expect(auth.json.channels[`private-Site.${sites[0].id}`].status).toBe(200);
    expect(auth.json.channels["private-Site.2"].status).toBe(403);
    // Evacuation 1 is the demo drill at Head Office, which this report viewer sees; an unknown one is refused.
    expect(auth.json.channels["private-Evacuation.1"].status).toBe(200);
    expect(auth.json.channels["private-Evacuation.999999"].status).toBe(403);
    expect((await post("/eu/api/v2/broadcasting/auth", { socket_id: "x" }, h)).status).toBe(422);
    // The Today view (Standard users hold every Today.* right); the details are in today/visits.test.ts.
    const today = routes.siteToday.response.parse((await get(`/eu/api/v2/sites/${sites[0].id}/visits/today`, h)).json);
    expect(today.site.visitors_signed_in_count).toBe(sites[0].visitors_signed_in_count);
    const options = routes.signInOptions.response.parse((await get(`/eu/api/v2/sites/${sites[0].id}/sign-in-options`, h)).json);
    expect(options.groups.map((g) => g.name)).toEqual(["Visitors", "Staff", "Contractors", "Deliveries", "Candidates"]);
    const visit = today.visits[0];
    routes.visit.response.parse((await get(`/eu/api/v2/visits/${visit.id}`, h)).json);
    routes.visitBadge.response.parse((await get(`/eu/api/v2/visits/${visit.id}/badge`, h)).json);
    routes.visitHistory.response.parse((await get(`/eu/api/v2/visits/${visit.id}/history`, h)).json);
    expect((await get(`/eu/api/v2/visits/${visit.id}/absences`, h)).status).toBe(403);
    expect((await get(`/eu/api/v2/visits/${visit.id}/documents`, h)).status).toBe(403);
  });

  it("forgot -> reset through the outbox", async () => {
    await post("/__test/users", { email: "reset-me@example.com" });
    const f = await post("/api/v2/auth/forgot", { email: "reset-me@example.com" });
    expect(f.json.message).toBe("If that address has an account, we have sent a reset link.");
    const mail = (await get("/__test/outbox?to=reset-me@example.com")).json;
    const link = new URL(/http:\/\/portal\.test\/reset\/\S+/.exec(mail.body)![0]);
    const token = link.pathname.split("/").pop()!;
    expect(link.searchParams.get("email")).toBe("reset-me@example.com");
    const weak = await post("/api/v2/auth/reset", { token, email: "reset-me@example.com", password: "weak", password_confirmation: "weak" });
    expect(weak.status).toBe(422);
    expect(weak.json.errors.password).toBeTruthy();
    const ok = await post("/api/v2/auth/reset", { token, email: "reset-me@example.com", password: "Brand-New1!", password_confirmation: "Brand-New1!" });
    expect(ok.status).toBe(200);
    const again = await post("/api/v2/auth/reset", { token, email: "reset-me@example.com", password: "Brand-New1!", password_confirmation: "Brand-New1!" });
    expect(again.json.errors.token).toEqual(["This password reset link is invalid or has expired."]);
    await loginPair("reset-me@example.com", "Brand-New1!");
  });

  it("two-factor login with a computed code", async () => {
    const first = await post("/api/v2/auth/login", { email: "twofactor@example.com", password: PW });
    expect(first.status).toBe(401);
    expect(first.json.code).toBe("one_time_password");
    const loginToken = first.json.data.login_token as string;
    const wrong = await post("/api/v2/auth/login", { email: "twofactor@example.com", login_token: loginToken, oneTimePassword: "000000" });
    expect(wrong.json.code).toBe("invalid_code");
    const ok = await post("/api/v2/auth/login", { email: "twofactor@example.com", login_token: loginToken, oneTimePassword: totp("JBSWY3DPEHPK3PXP") });
    expect(ok.status).toBe(200);
    TokenPair.parse(ok.json);
  });

  it("SSO: provider round trip -> tokens", async () => {
    const start = await post("/api/v2/auth/login", { email: "sso@sso.example.com" });
    expect(start.status).toBe(401);
    expect(start.json.code).toBe("sso_user");
    const authUri = new URL(start.json.data.auth_uri);
    expect(authUri.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authUri.searchParams.get("login_hint")).toBe("sso@sso.example.com");
    const { code, state } = await throughIdp(authUri.href, "sso@sso.example.com");
    const r = await post("/api/v2/auth/sso/login", { code, state });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const claims = decodeJwt(TokenPair.parse(r.json).access_token);
    expect(claims.name).toBe("Sandy Sso");
    const replay = await post("/api/v2/auth/sso/login", { code, state });
    expect(replay.json.error).toBe("invalid_state");
  });

  it("SSO: unknown address -> sso_request_access -> access request", async () => {
    const start = await post("/api/v2/auth/login", { email: "newbie@sso.example.com" });
    const { code, state } = await throughIdp(start.json.data.auth_uri, "newbie@sso.example.com");
    const r = await post("/api/v2/auth/sso/login", { code, state });
    expect(r.status).toBe(401);
    expect(r.json.code).toBe("sso_request_access");
    const data = SsoAccessRequestData.parse(r.json.data);
    expect(data.clients).toEqual([{ id: "eu:1", name: "Acme Ltd" }]);
    expect(data.requested).toEqual([]);
    const bad = await post("/api/v2/auth/sso/access-requests", { client_id: "us:1" }, bearer(data.token));
    expect(bad.status).toBe(422);
    const ok = await post("/api/v2/auth/sso/access-requests", { client_id: "eu:1" }, bearer(data.token));
    expect(ok.json).toEqual({ message: "Your request has been sent to the administrators." });
    expect((await post("/api/v2/auth/sso/access-requests", { client_id: "eu:1" }, bearer(data.token))).status).toBe(200);
    expect((await post("/api/v2/auth/sso/access-requests", { client_id: "eu:1" }, bearer("nope"))).status).toBe(401);
  });

  it("test hooks: faults and revoke", async () => {
    await post("/__test/faults", { route: "config", status: 503, count: 1 });
    const pair = await loginPair("multi@example.com");
    expect((await get("/eu/api/v2/config", bearer(pair.access_token))).json).toEqual({ message: "Injected fault" });
    expect((await get("/eu/api/v2/config", bearer(pair.access_token))).status).toBe(200);
    await post("/__test/revoke", { email: "multi@example.com" });
    expect((await get("/eu/api/v2/config", bearer(pair.access_token))).status).toBe(401);
  });

  it("config.roles and rights: front desk, super user of an expired client", async () => {
    const fd = Config.parse((await get("/eu/api/v2/config", bearer((await loginPair("frontdesk@example.com")).access_token))).json);
    expect(fd.roles.map((r) => r.name)).toEqual(["Front Desk"]);
    expect([...fd.abilities].sort()).toEqual([...FRONT_DESK_RIGHTS].sort());

    const pair = await loginPair("supervisor@example.com");
    const claims = AccessTokenClaims.parse(decodeJwt(pair.access_token));
    expect(claims.aud).toBe("eu:2");
    expect(claims["user:is_super"]).toBe(true);
    const h = bearer(pair.access_token);
    const cfg = Config.parse((await get("/eu/api/v2/config", h)).json);
    expect(cfg.client.name).toBe("Expired Trial Co");
    expect(cfg.client.trial_ends_on! < new Date().toISOString().slice(0, 10)).toBe(true);
    expect(cfg.roles.map((r) => r.name)).toEqual(["Administrator"]);
    expect(cfg.abilities).toContain("Super.clientUser.create");
    expect((await get("/eu/api/v2/clients", h)).json.map((c: Json) => c.id)).toEqual(["eu:2"]);
    // A super user passes the expired-client block.
    expect((await get(`/eu/api/v2/sites/${cfg.sites[0].id}/custom-fields`, h)).status).toBe(200);
  });

  it("demo clients: flags and scheduling statuses", async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ["school@example.com", "eu:4", { name: "Oakfield Academy", is_school: true, reseller: false, trial_ends_on: null, scheduling_status: "disabled" }],
      ["globex@example.com", "us:2", { name: "Globex Inc", is_school: false, reseller: true, trial_ends_on: null, scheduling_status: "pending" }],
      ["initech@example.com", "eu:5", { name: "Initech", scheduling_status: "provisioning" }],
      ["umbrella@example.com", "eu:6", { name: "Umbrella Corp", scheduling_status: "deactivated" }],
      ["hooli@example.com", "us:3", { name: "Hooli", scheduling_status: "connection_error" }],
      ["multi@example.com", "eu:1", { name: "Acme Ltd" }],
    ];
    const configs: Record<string, ReturnType<typeof Config.parse>> = {};
    for (const [email, gid, expected] of cases) {
      const pair = await loginPair(email);
      const region = gid.split(":")[0];
      const cfg = Config.parse((await get(`/${region}/api/v2/config`, bearer(pair.access_token))).json);
      expect(cfg.client.global_client_id).toBe(gid);
      expect(cfg.client).toMatchObject(expected);
      expect(cfg.roles.map((r) => r.name)).toEqual(["Administrator"]);
      expect(cfg.sites.length).toBeGreaterThan(0);
      configs[gid] = cfg;
    }
    expect(configs["eu:4"].client.settings).toMatchObject({ country: "GB", spaces_enabled: true, time_and_attendance_enabled: false, central_record: { enabled: false } });
    expect(configs["eu:4"].client.settings["beta.time-and-attendance-discovered"]).toBeUndefined();
    expect(configs["eu:4"].sites.map((s) => [s.type, s.space_exists])).toEqual([["standard", false], ["standard", false]]);
    expect(configs["us:2"].client.settings).toMatchObject({
      country: "US",
      tier: "pro",
      spaces_enabled: false,
      central_record: { enabled: true },
      companion_app_version: "3.12.0",
      "beta.guard-dog": true,
      "beta.ai-chat": true,
      "beta.anonymize-visits": true,
    });
  });

  it("test hooks: clients and sites", async () => {
    const c = await post("/__test/clients/eu:4", { scheduling_status: "activated", reseller: true, is_school: false, trial_ends_on: "2020-01-01", settings: { "beta.x": true } });
    expect(c.status).toBe(200);
    expect(c.json).toMatchObject({ scheduling_status: "activated", reseller: true, is_school: false, trial_ends_on: "2020-01-01" });
    expect(c.json.settings).toMatchObject({ "beta.x": true, spaces_enabled: true, central_record: { enabled: false } });
    const back = await post("/__test/clients/eu:4", { scheduling_status: "disabled", reseller: false, is_school: true, trial_ends_on: null, settings: { "beta.x": false } });
    expect(back.json).toMatchObject({ scheduling_status: "disabled", reseller: false, is_school: true, trial_ends_on: null });
    expect((await post("/__test/clients/eu:4", { scheduling_status: "active" })).status).toBe(422);
    expect((await post("/__test/clients/eu:99", {})).status).toBe(404);

    const pair = await loginPair("school@example.com");
    const site = Config.parse((await get("/eu/api/v2/config", bearer(pair.access_token))).json).sites[0];
    const on = await post(`/__test/sites/${site.id}`, { space_exists: true });
    expect(on.status).toBe(200);
    expect(on.json).toMatchObject({ id: site.id, space_exists: true });
    expect(((await get("/eu/api/v2/sites", bearer(pair.access_token))).json as Json[])[0].space_exists).toBe(true);
    expect((await post(`/__test/sites/${site.id}`, { space_exists: false })).json.space_exists).toBe(false);
    expect((await post("/__test/sites/999999", { space_exists: true })).status).toBe(404);
    expect((await post(`/__test/sites/${site.id}`, { space_exists: "yes" })).status).toBe(422);
  });

  // Last: rewinds the demo data to revision 1 and seeds again.
  it("seeding brings a revision-1 database up to date, idempotently", async () => {
    const db = up.app.db;
    expect(await seedDemoData(up.app)).toBeNull();
    const counts = async () => (await db.query<{ c: number; u: number; s: number; r: number; cu: number; f: number; sso: number }>(
      `SELECT (SELECT count(*)::int FROM clients) AS c, (SELECT count(*)::int FROM users) AS u, (SELECT count(*)::int FROM sites) AS s,
              (SELECT count(*)::int FROM roles) AS r, (SELECT count(*)::int FROM client_users) AS cu,
              (SELECT count(*)::int FROM custom_fields) AS f, (SELECT count(*)::int FROM sso_configs) AS sso`,
    ))[0];
    const before = await counts();
    // What revision 1 looked like.
    await db.query("DELETE FROM users WHERE email IN ('supervisor@example.com', 'school@example.com', 'globex@example.com', 'initech@example.com', 'umbrella@example.com', 'hooli@example.com')");
    await db.query("DELETE FROM clients WHERE (region, number) IN (('eu', 4), ('us', 2), ('eu', 5), ('eu', 6), ('us', 3))");
    await db.query(
      `UPDATE clients SET scheduling_status = 'disabled',
              settings = (settings - 'beta.site-settings' - 'beta.site-attendance-report' - 'time_and_attendance_enabled'
                          - 'beta.time-and-attendance-discovered' - 'central_record') || '{"tier":"pro"}'::jsonb
        WHERE region = 'eu' AND number = 1`,
    );
    await db.query(`UPDATE clients SET settings = settings - 'beta.guard-dog' WHERE region = 'us' AND number = 1`);
    await db.query(`UPDATE roles SET rights = '["ManageSite.viewer", "Rota.editor"]'::jsonb`);
    await db.query("UPDATE seed_state SET revision = 1");

    const r = await seedDemoData(up.app);
    expect(r).toMatchObject({ from: 1, to: SEED_REVISION });
    expect(r!.clients.sort()).toEqual(["eu:4", "eu:5", "eu:6", "us:2", "us:3"]);
    expect(r!.users).toHaveLength(6);
    expect(await counts()).toEqual(before);
    expect(await seedDemoData(up.app)).toBeNull();

    const admin = Config.parse((await get("/eu/api/v2/config", bearer((await loginPair("admin@example.com")).access_token))).json);
    expect(admin.client.scheduling_status).toBe("activated");
    expect(admin.client.settings).toMatchObject({ tier: "enhanced", "beta.site-settings": true, "beta.group-visibility": true, central_record: { enabled: false } });
    expect([...admin.abilities].sort()).toEqual([...ALL_RIGHTS].sort());
    const fd = Config.parse((await get("/eu/api/v2/config", bearer((await loginPair("frontdesk@example.com")).access_token))).json);
    expect([...fd.abilities].sort()).toEqual([...FRONT_DESK_RIGHTS].sort());
    const sup = Config.parse((await get("/eu/api/v2/config", bearer((await loginPair("supervisor@example.com")).access_token))).json);
    expect(sup.client.global_client_id).toBe("eu:2");
    // Recreated clients come back with their Today data.
    expect(r!.today.sort()).toEqual(["eu:4", "eu:5", "eu:6", "us:2", "us:3"]);
    const globex = Config.parse((await get("/us/api/v2/config", bearer((await loginPair("globex@example.com")).access_token))).json);
    expect(globex.sites.map((s) => [s.name, s.visitors_signed_in_count])).toEqual([["Cypress Creek HQ", 7], ["Sales Team", 0]]);
  });
});
