/**
 * The client API and its credentials over HTTP against a running upstream (ADR 030): create (the
 * secret once, only its hash stored), list (never a secret), revoke (401 at once, tokens too);
 * client credentials → a short-lived token; Basic directly; scopes (403); the 31-day window; the
 * rate limit; last use noted; the rights (a Standard User 403). And visitor forms: validation,
 * the public link making a real pre-registration, a deleted or disabled form "Form no longer exists".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CLIENT_MESSAGES, ApiClientList, CreatedApiClient, FORM_MESSAGES, PRE_REG_MESSAGES, VisitorForm } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";
import { hashSecret, secretMatches } from "./credentials.ts";
import { visitWindow } from "./server.ts";
import { formProblems } from "../visitor-forms/visitor-forms.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as, user } = httpTestClient(() => up.url, "client-api");
let admin: As;
const API = "/eu/api/client/v1";
const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}` });

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
}, 120_000);

afterAll(async () => {
  expect(serverErrors).toEqual([]);
  await up?.stop();
}, 60_000);

async function newClient(scopes: string[], name = `Probe ${Date.now()}`) {
  const r = await admin.post("api-clients", { name, scopes });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return CreatedApiClient.parse(r.json);
}

describe("secrets", () => {
  it("hashes with the pepper and compares in constant time", () => {
    const app = { opts: { jwtSecret: "one" } } as never;
    const other = { opts: { jwtSecret: "two" } } as never;
    const h = hashSecret(app, "ghs_secret");
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toBe(hashSecret(other, "ghs_secret"));
    expect(secretMatches(app, "ghs_secret", h)).toBe(true);
    expect(secretMatches(app, "ghs_secreT", h)).toBe(false);
    expect(secretMatches(app, "ghs_secret", "short")).toBe(false);
  });

  it("the 31-day window", () => {
    const now = new Date("2026-05-31T12:00:00Z");
    expect(visitWindow(new URL("http://x/?from=2026-05-01&to=2026-05-31"), now)).toEqual({ from: new Date("2026-05-01T00:00:00Z"), to: new Date("2026-06-01T00:00:00Z") });
    expect(() => visitWindow(new URL("http://x/?from=2026-04-01&to=2026-05-31"), now)).toThrow(/31 days/);
    expect(() => visitWindow(new URL("http://x/?from=2026-05-10&to=2026-05-01"), now)).toThrow(/before/);
    expect(() => visitWindow(new URL("http://x/?from=yesterday"), now)).toThrow(/date/);
    expect(visitWindow(new URL("http://x/"), now).to).toEqual(now);
  });
});

describe("API clients", () => {
  it("creates with the secret once, lists without it, and the seed's client is there", async () => {
    const created = await newClient(["visits:read", "sites:read"]);
    expect(created.secret).toMatch(/^ghs_/);
    expect(created.client_id).toMatch(/^gh_/);
    const list = ApiClientList.parse((await admin.get("api-clients")).json);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    expect(list.base_url.endsWith("/eu/api/client/v1")).toBe(true);
    expect(list.clients.find((c) => c.id === created.id)).toMatchObject({ name: created.name, scopes: ["visits:read", "sites:read"], created_by: "Alice Admin", revoked_at: null });
    expect(list.clients.some((c) => c.name === "Reception display")).toBe(true);
  });

  it("refuses a missing name, no scope and an unknown scope (422 with the words)", async () => {
    let r = await admin.post("api-clients", { name: "  ", scopes: ["sites:read"] });
    expect(r.status).toBe(422);
    expect(r.json.errors.name).toEqual([API_CLIENT_MESSAGES.nameRequired]);
    r = await admin.post("api-clients", { name: "x".repeat(101), scopes: [] });
    expect(r.json.errors).toEqual({ name: [API_CLIENT_MESSAGES.nameTooLong], scopes: [API_CLIENT_MESSAGES.scopesRequired] });
    r = await admin.post("api-clients", { name: "Bad", scopes: ["admin:all"] });
    expect(r.json.errors.scopes).toEqual([API_CLIENT_MESSAGES.unknownScope]);
  });

  it("a Standard User may not list, create or revoke", async () => {
    const standard = await user("Standard User");
    expect((await standard.get("api-clients")).status).toBe(403);
    expect((await standard.post("api-clients", { name: "Nope", scopes: ["sites:read"] })).status).toBe(403);
    expect((await standard.del("api-clients/1")).status).toBe(403);
  });

  it("client credentials → a token; Basic directly; scopes; revoke stops both at once", async () => {
    const c = await newClient(["sites:read", "visits:read"]);
    // A wrong secret, an unknown id, the wrong grant.
    expect((await call("POST", `${API}/token`, { grant_type: "client_credentials", client_id: c.client_id, client_secret: `${c.secret}x` })).status).toBe(401);
    expect((await call("POST", `${API}/token`, { grant_type: "client_credentials", client_id: "gh_nobody", client_secret: c.secret })).status).toBe(401);
    expect((await call("POST", `${API}/token`, { grant_type: "password" }, basic(c.client_id, c.secret))).json.error).toBe("unsupported_grant_type");
    // The other region does not know it.
    expect((await call("POST", `/us/api/client/v1/token`, { grant_type: "client_credentials" }, basic(c.client_id, c.secret))).status).toBe(401);

    const t = await call("POST", `${API}/token`, { grant_type: "client_credentials" }, basic(c.client_id, c.secret));
    expect(t.status).toBe(200);
    expect(t.json).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "visits:read sites:read" });
    expect(t.headers.get("cache-control")).toBe("no-store");
    const bearer = { authorization: `Bearer ${t.json.access_token}` };
    const sites = await call("GET", `${API}/sites`, undefined, bearer);
    expect(sites.status).toBe(200);
    expect(sites.json.data.map((s: { name: string }) => s.name)).toContain("Head Office");
    const visits = await call("GET", `${API}/visits`, undefined, basic(c.client_id, c.secret));
    expect(visits.status).toBe(200);
    expect(visits.json.total).toBeGreaterThan(0);
    expect(visits.json.per_page).toBe(100);
    expect((await call("GET", `${API}/visits?from=2026-01-01&to=2026-03-01`, undefined, bearer)).status).toBe(400);
    // No members:read.
    const members = await call("GET", `${API}/members?group_id=1`, undefined, bearer);
    expect(members.status).toBe(403);
    expect(members.json).toMatchObject({ error: "insufficient_scope", scope: "members:read" });
    // Its last use is noted.
    const listed = ApiClientList.parse((await admin.get("api-clients")).json).clients.find((x) => x.id === c.id)!;
    expect(listed.last_used_at).not.toBeNull();

    expect((await admin.del(`api-clients/${c.id}`)).status).toBe(200);
    expect((await call("GET", `${API}/sites`, undefined, bearer)).status).toBe(401);
    expect((await call("GET", `${API}/sites`, undefined, basic(c.client_id, c.secret))).status).toBe(401);
    expect((await call("POST", `${API}/token`, { grant_type: "client_credentials" }, basic(c.client_id, c.secret))).status).toBe(401);
    const after = ApiClientList.parse((await admin.get("api-clients")).json).clients.find((x) => x.id === c.id)!;
    expect(after.revoked_at).not.toBeNull();
    expect((await admin.del(`api-clients/${c.id}`)).status).toBe(409);
    expect((await admin.del("api-clients/999999")).json.message).toBe(API_CLIENT_MESSAGES.notFound);
  });

  it("describes itself as OpenAPI", async () => {
    const doc = await call("GET", `${API}/openapi.json`);
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.json.paths)).toEqual(["/token", "/sites", "/groups", "/visits", "/members"]);
    expect(doc.json.servers[0].url.endsWith("/eu/api/client/v1")).toBe(true);
  });

  it("an expired token is refused", async () => {
    const c = await newClient(["sites:read"]);
    const t = await call("POST", `${API}/token`, { grant_type: "client_credentials", client_id: c.client_id, client_secret: c.secret });
    const bearer = { authorization: `Bearer ${t.json.access_token}` };
    expect((await call("GET", `${API}/sites`, undefined, bearer)).status).toBe(200);
    expect((await call("POST", `/__test/api-clients/${c.id}`, { expire_tokens: true })).status).toBe(200);
    const r = await call("GET", `${API}/sites`, undefined, bearer);
    expect(r.status).toBe(401);
    expect(r.json.error).toBe("invalid_token");
  });

  it("past the per-minute limit: 429 with Retry-After", async () => {
    const c = await newClient(["sites:read"]);
    expect((await call("POST", `/__test/api-clients/${c.id}`, { window_count: 120 })).status).toBe(200);
    const r = await call("GET", `${API}/sites`, undefined, basic(c.client_id, c.secret));
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("visitor forms", () => {
  let options: { sites: { id: number; name: string }[]; groups: { id: number; name: string }[] };
  beforeAll(async () => {
    options = (await admin.get("form-options")).json;
  });
  const hq = () => options.sites.find((s) => s.name === "Head Office")!.id;
  const group = (name: string) => options.groups.find((g) => g.name === name)!.id;
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) + "T10:00";

  it("validates: name, at least one site and one group, only standard ones; sanitises the intro", () => {
    const o = { sites: [{ id: 1, name: "A" }], groups: [{ id: 2, name: "G", site_ids: null }] };
    expect(formProblems({ name: " ", site_ids: [], group_ids: [], enabled: true }, o).errors).toEqual({
      name: [FORM_MESSAGES.nameRequired],
      site_ids: [FORM_MESSAGES.sitesRequired],
      group_ids: [FORM_MESSAGES.groupsRequired],
    });
    expect(formProblems({ name: "F", site_ids: [9], group_ids: [9], enabled: true }, o).errors).toEqual({ site_ids: [FORM_MESSAGES.unknownSite], group_ids: [FORM_MESSAGES.unknownGroup] });
    const narrow = { sites: [{ id: 1, name: "A" }, { id: 3, name: "B" }], groups: [{ id: 2, name: "G", site_ids: [3] }] };
    expect(formProblems({ name: "F", site_ids: [1], group_ids: [2], enabled: true }, narrow).errors).toEqual({ group_ids: [FORM_MESSAGES.groupNotAtSites] });
    expect(formProblems({ name: "F", site_ids: [1, 3], group_ids: [2], enabled: true }, narrow).errors).toEqual({});
    const ok = formProblems({ name: "F", site_ids: [1], group_ids: [2], intro: '<p onclick="x()">Hi<script>alert(1)</script></p>', enabled: true }, o);
    expect(ok.errors).toEqual({});
    expect(ok.value.intro).toBe("<p>Hi</p>");
  });

  it("lists the seed's form; options hold only standard groups", async () => {
    const list = (await admin.get("forms?search=contractor")).json;
    expect(list.forms.map((f: { name: string }) => f.name)).toEqual(["Contractor sign-up"]);
    expect(options.groups.map((g) => g.name)).toContain("Visitors");
    expect(options.groups.map((g) => g.name)).not.toContain("Staff");
  });

  it("the link pre-registers a visitor (pending when the group needs approval); deleted or disabled: Form no longer exists", async () => {
    const r = await admin.post("forms", { name: `Interviews ${Date.now()}`, site_ids: [hq()], group_ids: [group("Visitors"), group("Candidates")], intro: "<p>Welcome</p>", enabled: true });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const form = VisitorForm.parse(r.json);
    expect(form.link).toMatch(/\/magic-link\/form\/[A-Za-z0-9_-]{32}$/);
    const view = await call("POST", "/api/v2/form-links/view", { token: form.token });
    expect(view.json).toMatchObject({ name: form.name, organisation: "Acme Ltd", intro: "<p>Welcome</p>" });
    const email = `form-${Date.now()}@example.org`;
    const submit = (body: Record<string, unknown>) => call("POST", "/api/v2/form-links/submit", { token: form.token, name: "Flo Form", email, site_id: hq(), group_id: group("Candidates"), arrive_at: tomorrow(), ...body });
    let s = await submit({ arrive_at: "2020-01-01T10:00" });
    expect(s.status).toBe(422);
    expect(s.json.errors.arrive_at).toEqual([PRE_REG_MESSAGES.arrivalFuture]);
    s = await submit({ group_id: 999999 });
    expect(s.status).toBe(422);
    expect(s.json.errors.group_id).toEqual([FORM_MESSAGES.visitorGroup]);
    s = await submit({ email: "not-an-email" });
    expect(s.json.errors.email).toEqual([PRE_REG_MESSAGES.email]);
    s = await submit({});
    expect(s.status, JSON.stringify(s.json)).toBe(200);
    expect(s.json.status).toBe("pending");
    const listed = (await admin.get(`pre-registrations?search=${encodeURIComponent(email)}`)).json;
    expect(JSON.stringify(listed)).toContain("Flo Form");
    expect((await admin.get(`forms/${form.id}`)).json.submissions).toBe(1);

    expect((await admin.patch(`forms/${form.id}`, { name: form.name, site_ids: [hq()], group_ids: [group("Visitors")], enabled: false })).status).toBe(200);
    let gone = await call("POST", "/api/v2/form-links/view", { token: form.token });
    expect(gone.status).toBe(410);
    expect(gone.json.message).toBe(FORM_MESSAGES.gone);
    expect((await admin.patch(`forms/${form.id}`, { name: form.name, site_ids: [hq()], group_ids: [group("Visitors")], enabled: true })).status).toBe(200);
    expect((await call("POST", "/api/v2/form-links/view", { token: form.token })).status).toBe(200);
    expect((await admin.del(`forms/${form.id}`)).status).toBe(200);
    gone = await call("POST", "/api/v2/form-links/submit", { token: form.token, name: "Late", email, site_id: hq(), group_id: group("Visitors"), arrive_at: tomorrow() });
    expect(gone.status).toBe(410);
    expect((await admin.get(`forms/${form.id}`)).status).toBe(404);
    expect((await call("POST", "/api/v2/form-links/view", { token: "A".repeat(32) })).status).toBe(404);
  });

  it("a Standard User may not see or change forms", async () => {
    const standard = await user("Standard User");
    expect((await standard.get("forms")).status).toBe(403);
    expect((await standard.post("forms", { name: "X", site_ids: [hq()], group_ids: [group("Visitors")] })).status).toBe(403);
  });
});

describe("failed credentials", () => {
  it("from one address: 30 in 10 minutes, then 429 even for good ones (run last: it blocks this address)", async () => {
    const c = await newClient(["sites:read"]);
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i++) status = (await call("GET", `${API}/sites`, undefined, basic(c.client_id, "wrong"))).status;
    expect(status).toBe(429);
    const r = await call("GET", `${API}/sites`, undefined, basic(c.client_id, c.secret));
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBe("600");
  });
});

