/**
 * SSO self-service over HTTP against a running upstream (ADR 024): who may read and change it, the
 * configuration's rules (domain, public domains, a domain claimed elsewhere, host, clients, default
 * role without escalation), verification by DNS TXT (through the demo DNS) and by an emailed code,
 * enabling only verified domains, enforcing only after a test sign-in and with a break-glass
 * account, the login rules that follow, and access requests (approve with a role, decline).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SSO_MESSAGES as M, SsoConfig, normalDomain } from "../../contract/index.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { enforcementProblem, lookupTxt, validHost } from "./self-service.ts";
import { grantable } from "./self-service-rules.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as, user } = httpTestClient(() => up.url, "sso");
let admin: As;
let adminRole: number;
let standardRole: number;
const CLIENT = "eu:5";
const base = `sso/${CLIENT}`;
const domain = `initech-${Date.now()}.example`;

const save = (over: Record<string, unknown> = {}, who: As = admin) =>
  who.patch(`${base}/config`, {
    type: "okta",
    domain,
    provider: { client_id: "gatehouse-portal", client_secret: "s3cret-value", provider_host: "https://idp.initech.example" },
    clients: [],
    default_role_id: standardRole,
    ...over,
  });
const errorsOf = (r: { json: { errors?: Record<string, string[]> } }) => Object.values(r.json.errors ?? {}).flat();
const publish = (name: string, value: string) =>
  fetch(`${up.url}/demo/dns`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ name, value }) });

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  await call("POST", `/__test/clients/${CLIENT}`, { settings: { "beta.sso-self-service": true } });
  admin = await as("initech@example.com");
  const roles = (await admin.get("client/roles")).json as { id: number; name: string }[];
  adminRole = roles.find((r) => r.name === "Administrator")!.id;
  standardRole = roles.find((r) => r.name === "Standard User")!.id;
}, 120_000);

afterAll(async () => {
  await up?.stop();
  expect(serverErrors).toEqual([]);
});

describe("rules as functions", () => {
  it("domains, hosts, grantable roles, enforcement", () => {
    expect(normalDomain(" Example.COM. ")).toBe("example.com");
    expect(normalDomain("not a domain")).toBeNull();
    expect(normalDomain("localhost")).toBeNull();
    expect(validHost("https://idp.example.com")).toBe(true);
    expect(validHost("http://localhost:4000/oidc")).toBe(true);
    expect(validHost("http://idp.example.com")).toBe(false);
    expect(validHost("https://user:pw@idp.example.com")).toBe(false);
    expect(validHost("javascript:alert(1)")).toBe(false);
    expect(grantable(["A", "B"], ["A"])).toBe(true);
    expect(grantable(["A"], ["A", "B"])).toBe(false);
    expect(grantable(["Super.clientUser.create"], ["A", "B"])).toBe(true);
    const changed = new Date("2026-01-02T00:00:00Z");
    expect(enforcementProblem({ enabled: false, tested_at: changed, changed_at: changed }, 1)).toBe(M.enforceDisabled);
    expect(enforcementProblem({ enabled: true, tested_at: null, changed_at: changed }, 1)).toBe(M.enforceUntested);
    expect(enforcementProblem({ enabled: true, tested_at: new Date("2026-01-01T00:00:00Z"), changed_at: changed }, 1)).toBe(M.enforceUntested);
    expect(enforcementProblem({ enabled: true, tested_at: changed, changed_at: changed }, null)).toBe(M.breakGlassRequired);
    expect(enforcementProblem({ enabled: true, tested_at: changed, changed_at: changed }, 1)).toBeNull();
  });
});

describe("who may", () => {
  it("a standard user gets 403 on every call; another client's id is 403; not configured is 404", async () => {
    const standard = await user("Standard User", { client: CLIENT });
    const r = await standard.get(`${base}/config`);
    expect(r.status).toBe(403);
    expect(r.json.message).toBe(M.notAuthorised);
    for (const p of ["users", "access-requests"]) expect((await standard.get(`${base}/${p}`)).status).toBe(403);
    expect((await save({}, standard)).status).toBe(403);
    expect((await standard.post(`${base}/access-requests/1/approve`, { role_id: standardRole })).status).toBe(403);
    expect((await admin.get("sso/eu:1/config")).status).toBe(403);
    expect((await admin.get(`${base}/config`)).status).toBe(404);
  });
});

describe("configuration", () => {
  it("refuses bad input, each with its message", async () => {
    expect(errorsOf(await save({ domain: "nope" }))).toContain(M.domainInvalid);
    expect(errorsOf(await save({ domain: "gmail.com" }))).toContain(M.domainPublic);
    expect(errorsOf(await save({ domain: "sso.example.com" }))).toContain(M.domainClaimed);
    expect(errorsOf(await save({ provider: { client_id: " ", provider_host: "http://idp.example.com" } }))).toEqual(expect.arrayContaining([M.clientIdRequired, M.hostInvalid]));
    expect(errorsOf(await save({ clients: ["eu:1"] }))).toContain(M.clientNotYours);
    expect(errorsOf(await save({ default_role_id: 999999 }))).toContain(M.roleUnknown);
    expect((await save({ type: "github" })).status).toBe(422);
  });

  it("nobody sets a default role with rights they don't hold", async () => {
    const r = await call("POST", "/__test/roles", { client: CLIENT, name: "User managers", rights: ["ManageUser.viewer", "ManageUser.editor"] });
    expect(r.status).toBe(201);
    const manager = await user("User managers", { client: CLIENT });
    expect(errorsOf(await save({ default_role_id: adminRole }, manager))).toContain(M.roleEscalation);
  });

  it("saves; the secret is never sent back; verification by DNS through the demo resolver", async () => {
    let r = await save();
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    let cfg = SsoConfig.parse(r.json);
    expect(cfg).toMatchObject({ domain, domain_verified: false, enabled: false, has_client_secret: true });
    expect(JSON.stringify(r.json)).not.toContain("s3cret-value");
    expect(errorsOf(await admin.post(`${base}/config/enabled`, { enabled: true }))).toContain(M.enableUnverified);
    expect(errorsOf(await admin.post(`${base}/config/verification/check`, {}))).toContain(M.verifyFirst);
    cfg = SsoConfig.parse((await admin.post(`${base}/config/verification`, { method: "dns" })).json);
    expect(cfg.verification.record_value).toMatch(/^gatehouse-verification=[A-Za-z0-9_-]+$/);
    expect(errorsOf(await admin.post(`${base}/config/verification/check`, {}))).toContain(M.dnsNotFound);
    await publish(domain, "gatehouse-verification=someone-else");
    expect(errorsOf(await admin.post(`${base}/config/verification/check`, {}))).toContain(M.dnsNotFound);
    expect((await publish(domain, cfg.verification.record_value!)).status).toBe(200);
    expect(await lookupTxt(`${up.url}/demo/dns/resolve`, domain)).toContain(cfg.verification.record_value);
    r = await admin.post(`${base}/config/verification/check`, {});
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.domain_verified).toBe(true);
    r = await admin.post(`${base}/config/enabled`, { enabled: true });
    expect(r.json.enabled).toBe(true);
    // Saving again without a secret keeps it.
    expect((await save({ provider: { client_id: "gatehouse-portal", provider_host: "https://idp.initech.example" } })).json.has_client_secret).toBe(true);
  });

  it("an unreachable resolver answers 422 with its message, never a 500", async () => {
    await up.app.db.query("UPDATE sso_configs SET domain_verified = false, enabled = false WHERE client_id = (SELECT id FROM clients WHERE region = 'eu' AND number = 5)");
    await admin.post(`${base}/config/verification`, { method: "dns" });
    up.app.opts.dnsResolverUrl = "http://127.0.0.1:9/resolve";
    try {
      const r = await admin.post(`${base}/config/verification/check`, {});
      expect(r.status).toBe(422);
      expect(errorsOf(r)).toContain(M.dnsUnavailable);
    } finally {
      up.app.opts.dnsResolverUrl = undefined;
    }
  });

  it("verification by an emailed code: an address at the domain, wrong codes counted", async () => {
    const d = `code-${Date.now()}.example`;
    await up.app.db.query("UPDATE sso_configs SET domain = $1, domain_verified = false, enabled = false WHERE client_id = (SELECT id FROM clients WHERE region = 'eu' AND number = 5)", [d]);
    expect(errorsOf(await admin.post(`${base}/config/verification`, { method: "email", email: "it@elsewhere.example" }))).toContain(M.emailNotAtDomain);
    const to = `it@${d}`;
    expect((await admin.post(`${base}/config/verification`, { method: "email", email: to })).status).toBe(200);
    const mail = (await call("GET", `/__test/outbox?to=${encodeURIComponent(to)}`)).json as { subject: string };
    const code = /(\d{6})/.exec(mail.subject)![1];
    const wrong = code === "000000" ? "111111" : "000000";
    expect(errorsOf(await admin.post(`${base}/config/verification/check`, { code: wrong }))).toContain(M.codeInvalid);
    const r = await admin.post(`${base}/config/verification/check`, { code });
    expect(r.json.domain_verified).toBe(true);
  });
});

describe("settings and login", () => {
  it("enforcing needs a test sign-in and a break-glass account; then password sign-in is refused except for it", async () => {
    await admin.post(`${base}/config/enabled`, { enabled: true });
    const cfg = SsoConfig.parse((await admin.get(`${base}/config`)).json);
    const d = cfg.domain;
    // A password user of the domain, and the break-glass account (also of the domain).
    const person = `pat@${d}`;
    const glass = `glass@${d}`;
    await call("POST", "/__test/users", { email: person, role: "Standard User", client: CLIENT });
    const g = await call("POST", "/__test/users", { email: glass, role: "Administrator", client: CLIENT });
    expect(g.status).toBe(201);
    // Not enforced: the password user keeps the password.
    expect((await call("POST", "/api/v2/auth/login", { email: person, password: "Demo-Passw0rd!" })).status).toBe(200);
    expect(errorsOf(await admin.patch(`${base}/settings`, { enforced: true, auto_approve: false, break_glass_user_id: null }))).toContain(M.enforceUntested);
    await up.app.db.query("UPDATE sso_configs SET tested_at = now() WHERE lower(domain) = $1", [d]);
    expect(errorsOf(await admin.patch(`${base}/settings`, { enforced: true, auto_approve: false, break_glass_user_id: null }))).toContain(M.breakGlassRequired);
    const glassLocal = (await up.app.db.query<{ id: number }>("SELECT cu.id FROM client_users cu JOIN users u ON u.id = cu.user_id WHERE u.email = $1", [glass]))[0].id;
    const r = await admin.patch(`${base}/settings`, { enforced: true, auto_approve: false, break_glass_user_id: glassLocal });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.settings).toMatchObject({ enforced: true, break_glass_user_id: glassLocal });
    const refused = await call("POST", "/api/v2/auth/login", { email: person, password: "Demo-Passw0rd!" });
    expect(refused.status).toBe(422);
    expect(errorsOf(refused)).toContain(M.passwordEnforced);
    expect((await call("POST", "/api/v2/auth/login", { email: person })).json.code).toBe("sso_user");
    expect((await call("POST", "/api/v2/auth/login", { email: glass, password: "Demo-Passw0rd!" })).status).toBe(200);
    // A new provider turns enforcement off until it is tested again.
    const changed = await save({ domain: d, provider: { client_id: "another", provider_host: "https://idp2.initech.example" } });
    expect(changed.json.settings.enforced).toBe(false);
    expect((await call("POST", "/api/v2/auth/login", { email: person, password: "Demo-Passw0rd!" })).status).toBe(200);
  });
});

describe("access requests", () => {
  it("approve with a role (no escalation), decline, each once", async () => {
    const cid = (await up.app.db.query<{ id: number }>("SELECT id FROM clients WHERE region = 'eu' AND number = 5"))[0].id;
    const [a, b] = await up.app.db.query<{ id: number }>(
      "INSERT INTO sso_access_requests (email, client_id) VALUES ($1, $3), ($2, $3) RETURNING id",
      [`new.one@${Date.now()}.example`, `new.two@${Date.now()}.example`, cid],
    );
    const list = (await admin.get(`${base}/access-requests`)).json as { id: number; status: string; name: string }[];
    expect(list.find((x) => x.id === a.id)).toMatchObject({ status: "pending", name: "New One" });
    const manager = await user("User managers", { client: CLIENT });
    expect(errorsOf(await manager.post(`${base}/access-requests/${a.id}/approve`, { role_id: adminRole }))).toContain(M.roleEscalation);
    expect((await admin.post(`${base}/access-requests/${a.id}/approve`, { role_id: standardRole })).status).toBe(200);
    expect((await admin.post(`${base}/access-requests/${a.id}/approve`, { role_id: standardRole })).status).toBe(409);
    expect((await admin.post(`${base}/access-requests/${b.id}/decline`)).status).toBe(200);
    expect((await admin.post(`${base}/access-requests/${b.id}/decline`)).status).toBe(409);
    expect((await admin.post(`${base}/access-requests/99999999/decline`)).status).toBe(404);
    expect((await admin.post(`${base}/access-requests/abc/decline`)).status).toBe(404);
    const users = (await admin.get(`${base}/users`)).json as { id: number; email: string }[];
    const approved = users.find((u) => u.email.startsWith("new.one@"));
    expect(approved).toBeTruthy();
    expect((await admin.del(`${base}/users/${approved!.id}`)).status).toBe(200);
    expect((await admin.del(`${base}/users/${approved!.id}`)).status).toBe(404);
  });
});

describe("a user restricted to some sites (ADR 031)", () => {
  it("sees and removes only the SSO users within their sites, and approves only onto their own sites", async () => {
    const acme = "sso/eu:1";
    // Acme has group visibility (the seed), under which SSO users are scoped as portal users are.
    const site = async (name: string) => (await up.app.db.query<{ id: number }>("SELECT s.id FROM sites s JOIN clients c ON c.id = s.client_id WHERE c.region = 'eu' AND c.number = 1 AND s.name = $1", [name]))[0].id;
    const [hq, wh] = [await site("Head Office"), await site("Warehouse")];
    const everywhere = await as("admin@example.com");
    const restricted = await user("Administrator", { site_ids: [wh] });
    // An SSO user of the Warehouse, beside the seed's Sandy Sso (every site).
    const email = `wh-sso-${Date.now()}@sso.example.com`;
    expect((await call("POST", "/__test/users", { email, role: "Standard User", client: "eu:1", site_ids: [wh], sso: true })).status).toBe(201);
    const all = (await everywhere.get(`${acme}/users`)).json as { id: number; email: string }[];
    const sandy = all.find((u) => u.email === "sso@sso.example.com")!;
    const mine = (await restricted.get(`${acme}/users`)).json as { id: number; email: string }[];
    expect(sandy).toBeTruthy();
    expect(mine.map((u) => u.email)).toEqual([email]);
    expect((await restricted.del(`${acme}/users/${sandy.id}`)).status).toBe(404);
    expect((await restricted.post(`${acme}/users/${sandy.id}/require-password`)).status).toBe(404);
    expect((await everywhere.get(`${acme}/users`)).json.map((u: { email: string }) => u.email)).toContain("sso@sso.example.com");
    expect((await restricted.del(`${acme}/users/${mine[0]!.id}`)).status).toBe(200);

    const roles = (await everywhere.get("client/roles")).json as { id: number; name: string }[];
    const standard = roles.find((r) => r.name === "Standard User")!.id;
    const cid = (await up.app.db.query<{ id: number }>("SELECT id FROM clients WHERE region = 'eu' AND number = 1"))[0].id;
    const [req] = await up.app.db.query<{ id: number }>("INSERT INTO sso_access_requests (email, client_id) VALUES ($1, $2) RETURNING id", [`asks-${Date.now()}@sso.example.com`, cid]);
    const approve = (body: Record<string, unknown>, who: As = restricted) => who.post(`${acme}/access-requests/${req.id}/approve`, { role_id: standard, ...body });
    // The configuration's default (Head Office), every site, another site, a site of no one: refused.
    for (const body of [{}, { site_ids: null }, { site_ids: [hq] }, { site_ids: [wh, hq] }]) {
      const r = await approve(body);
      expect([r.status, r.json.errors?.site_ids], JSON.stringify(body)).toEqual([422, [M.ownSites]]);
    }
    expect(errorsOf(await approve({ site_ids: [] }))).toEqual([M.sitesRequired]);
    expect(errorsOf(await approve({ site_ids: [999999] }))).toEqual([M.sitesUnknown]);
    expect(((await everywhere.get(`${acme}/access-requests`)).json as { id: number; status: string }[]).find((x) => x.id === req.id)?.status).toBe("pending");
    expect((await approve({ site_ids: [wh] })).status).toBe(200);
    const granted = await up.app.db.query<{ site_ids: number[] | null }>(
      "SELECT cu.site_ids FROM client_users cu JOIN sso_access_requests a ON lower(a.email) = (SELECT lower(email) FROM users WHERE id = cu.user_id) WHERE a.id = $1 AND cu.client_id = $2",
      [req.id, cid],
    );
    expect(granted).toEqual([{ site_ids: [wh] }]);
  });
});
