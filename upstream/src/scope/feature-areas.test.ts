/**
 * The scope of the feature areas over HTTP against a running upstream (issue 24 item 3; ADRs 028,
 * 030): `grace.lee@` (Administrator of Acme restricted to the Warehouse) against admin@ (every site)
 * — notifications and their deliveries, visitor forms, API clients and the client API those keys
 * call — rule by rule: what she lists, reads and changes, what she may create, and what a key reads
 * as its creator's access narrows or ends. And `sitesReachScope` / `jsonSitesReachClause` agreeing
 * row for row on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CLIENT_MESSAGES, FORM_MESSAGES, NOTIFICATION_MESSAGES as M, DELIVERY_MESSAGES, type ApiClient } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";
import { jsonSitesReachClause, scopeOfMembership, sitesReachScope } from "./reach.ts";
import type { Scope } from "./scope.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as } = httpTestClient(() => up.url, "scope-features");
let admin: As;
let grace: As;
let HQ: number;
let WH: number;

const email = { site_id: null as number | null, group_id: null as number | null, trigger: "sign_in", channel: "email", recipients: ["desk@acme.example"], url: null, subject: null, filters: [], filter_match: "all" };

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
  grace = await as("grace.lee@example.com");
  const sites = (await admin.get("notification-options")).json.sites as { id: number; name: string }[];
  HQ = sites.find((s) => s.name === "Head Office")!.id;
  WH = sites.find((s) => s.name === "Warehouse")!.id;
}, 120_000);

afterAll(async () => {
  expect(serverErrors).toEqual([]);
  await up?.stop();
}, 60_000);

function expectStatus(r: { status: number; json: unknown }, status: number, what: string) {
  expect(r.status, `${what}: ${JSON.stringify(r.json).slice(0, 300)}`).toBe(status);
}

// Generous: these run beside other suites on a shared machine.
const SLOW = { timeout: 60_000 };

describe("reach: something offered at several sites reaches a scope when one of them is the scope's", SLOW, () => {
  const all: Scope = { kind: "all" };
  const wh: Scope = { kind: "sites", siteIds: [2] };
  const none: Scope = { kind: "sites", siteIds: [] };
  it("predicates", () => {
    expect(sitesReachScope(all, null)).toBe(true);
    expect(sitesReachScope(all, [])).toBe(true);
    expect(sitesReachScope(wh, null)).toBe(true);
    expect(sitesReachScope(wh, [1, 2])).toBe(true);
    expect(sitesReachScope(wh, [1])).toBe(false);
    expect(sitesReachScope(wh, [])).toBe(false);
    expect(sitesReachScope(none, null)).toBe(false);
    expect(scopeOfMembership(7, null)).toEqual({ kind: "all" });
    expect(scopeOfMembership(7, [2])).toEqual({ kind: "sites", siteIds: [2] });
  });
  it("the SQL clause agrees with the predicate row for row (on the upstream's PostgreSQL)", async () => {
    const rows: (number[] | null)[] = [null, [], [1], [2], [1, 2], [3]];
    const values = rows.map((r, i) => `(${i}, ${r === null ? "NULL" : `'${JSON.stringify(r)}'`}::jsonb)`).join(", ");
    for (const scope of [all, wh, none, { kind: "sites", siteIds: [1, 3] } as Scope]) {
      const params: unknown[] = [];
      const got = (await up.app.db.query<{ id: number }>(`WITH t(id, sites) AS (VALUES ${values}) SELECT id FROM t WHERE ${jsonSitesReachClause(scope, "sites", params)} ORDER BY id`, params)).map((r) => r.id);
      expect(got, JSON.stringify(scope)).toEqual(rows.flatMap((r, i) => (sitesReachScope(scope, r) ? [i] : [])));
    }
  });
});

describe("notifications and their deliveries", SLOW, () => {
  it("she lists only the Warehouse's: none of Head Office's, none for every site", async () => {
    const all = (await admin.get("notifications")).json.notifications as { id: number; site: { id: number } | null }[];
    expect(all.some((n) => n.site?.id === HQ)).toBe(true);
    expect(all.some((n) => n.site === null)).toBe(true);
    const mine = await grace.post("notifications", { ...email, site_id: WH });
    expectStatus(mine, 200, "create at the Warehouse");
    const r = await grace.get("notifications");
    expectStatus(r, 200, "list");
    expect(r.json.notifications.map((n: { site: { id: number } | null }) => n.site?.id ?? null)).toEqual(r.json.notifications.map(() => WH));
    expect(r.json.notifications.map((n: { id: number }) => n.id)).toContain(mine.json.id);
    expect(r.json.total).toBe(r.json.notifications.length);
    // A filter naming Head Office finds nothing either.
    expect((await grace.get(`notifications?site_id=${HQ}`)).json.total).toBe(0);
  });

  it("every action on Head Office's webhook, or one for every site, is 404 as another client's", async () => {
    const all = (await admin.get("notifications")).json.notifications as { id: number; channel: string; site: { id: number } | null }[];
    const hqHook = all.find((n) => n.channel === "webhook" && n.site?.id === HQ)!;
    const everySite = all.find((n) => n.site === null)!;
    // A delivery of the webhook, so replay has something to refuse.
    const test = await admin.post(`notifications/${hqHook.id}/test`);
    expectStatus(test, 200, "admin's test event");
    for (const id of [hqHook.id, everySite.id]) {
      const cases: [string, Promise<{ status: number; json: any }>][] = [
        ["read", grace.get(`notifications/${id}`)],
        ["update", grace.patch(`notifications/${id}`, { ...email, site_id: WH })],
        ["disable", grace.patch(`notifications/${id}/enabled`, { enabled: false })],
        ["rotate", grace.post(`notifications/${id}/secret`)],
        ["delete", grace.del(`notifications/${id}`)],
        ["deliveries", grace.get(`notifications/${id}/deliveries`)],
        ["test event", grace.post(`notifications/${id}/test`)],
        ["replay", grace.post(`notifications/${id}/deliveries/${test.json.id}/replay`)],
      ];
      for (const [what, r] of cases) {
        const a = await r;
        expectStatus(a, 404, `${what} #${id}`);
        expect(a.json.message, what).toBe(what === "deliveries" || what === "test event" || what === "replay" ? DELIVERY_MESSAGES.notFound : M.notFound);
        expect(JSON.stringify(a.json)).not.toContain("whsec_");
      }
    }
    // Nothing changed: still enabled, the same secret state, still there.
    const after = (await admin.get(`notifications/${hqHook.id}`)).json;
    expect(after).toMatchObject({ enabled: true, site: { id: HQ }, has_secret: true });
    expect((await admin.get(`notifications/${hqHook.id}/deliveries`)).json.total).toBe(1);
  });

  it("she cannot create one for every site, nor at Head Office, nor move hers there or to every site; her own works", async () => {
    let r = await grace.post("notifications", email);
    expectStatus(r, 422, "every site");
    expect(r.json.errors.site_id).toEqual([M.everySite]);
    r = await grace.post("notifications", { ...email, site_id: HQ });
    expectStatus(r, 422, "Head Office");
    expect(r.json.errors.site_id).toEqual([M.site]);
    const mine = await grace.post("notifications", { ...email, site_id: WH, channel: "webhook", recipients: [], url: "https://hooks.example.com/wh", generate_secret: true });
    expectStatus(mine, 200, "her webhook");
    expect(mine.json.secret).toMatch(/^whsec_/);
    const id = mine.json.id as number;
    r = await grace.patch(`notifications/${id}`, { ...email, site_id: HQ });
    expect(r.json.errors?.site_id).toEqual([M.site]);
    r = await grace.patch(`notifications/${id}`, { ...email, site_id: null });
    expect(r.json.errors?.site_id).toEqual([M.everySite]);
    expect((await admin.get(`notifications/${id}`)).json.site).toEqual({ id: WH, name: "Warehouse" });
    expectStatus(await grace.patch(`notifications/${id}/enabled`, { enabled: false }), 200, "disable hers");
    const rotated = await grace.post(`notifications/${id}/secret`);
    expectStatus(rotated, 200, "rotate hers");
    expect(rotated.json.secret).toMatch(/^whsec_/);
    const sent = await grace.post(`notifications/${id}/test`);
    expectStatus(sent, 200, "test event of hers");
    const log = await grace.get(`notifications/${id}/deliveries`);
    expectStatus(log, 200, "her log");
    expect(log.json.deliveries[0].payload.data.site).toMatchObject({ id: WH, name: "Warehouse" });
    expectStatus(await grace.del(`notifications/${id}`), 200, "delete hers");
  });

  it("her pickers: her sites, no 'every site', the groups offered at the Warehouse; admin's have every site; Slack is not hers to connect", async () => {
    const mine = (await grace.get("notification-options")).json;
    const theirs = (await admin.get("notification-options")).json;
    expect(mine.sites).toEqual([{ id: WH, name: "Warehouse" }]);
    expect(mine.every_site).toBe(false);
    expect(theirs.every_site).toBe(true);
    expect(theirs.groups.some((g: { name: string }) => g.name === "Field Engineers")).toBe(true);
    expect(mine.groups.some((g: { name: string }) => g.name === "Field Engineers")).toBe(false);
    expect(mine.groups.some((g: { name: string }) => g.name === "Contractors")).toBe(true);
    expect(mine.custom_fields.length).toBeLessThan(theirs.custom_fields.length);
    expect(mine.custom_fields).not.toContain("Purpose of visit");
    expect(mine.custom_fields).toContain("Forklift licence number");
    const fieldEngineers = theirs.groups.find((g: { name: string }) => g.name === "Field Engineers").id;
    const r = await grace.post("notifications", { ...email, site_id: WH, group_id: fieldEngineers });
    expect(r.json.errors?.group_id).toEqual([M.group]);
    expectStatus(await grace.post("notification-slack/connect", { redirect_uri: "http://x/manage/features/notifications/slack-callback" }), 403, "connect Slack");
    expectStatus(await grace.del("notification-slack"), 403, "disconnect Slack");
    expectStatus(await grace.get("notification-slack"), 200, "read Slack's status");
  });
});

describe("visitor forms", SLOW, () => {
  it("she lists, reads, changes and deletes only forms of her sites; she cannot move Head Office's to hers", async () => {
    const options = (await admin.get("form-options")).json;
    const visitors = options.groups.find((g: { name: string }) => g.name === "Visitors").id as number;
    const both = await admin.post("forms", { name: "Both sites", site_ids: [HQ, WH], group_ids: [visitors], intro: null, enabled: true });
    expectStatus(both, 200, "admin's form of both sites");
    const seeded = (await admin.get("forms?search=Contractor")).json.forms[0];
    const mine = await grace.post("forms", { name: "Warehouse walk-ins", site_ids: [WH], group_ids: [visitors], intro: null, enabled: true });
    expectStatus(mine, 200, "her form");

    const list = (await grace.get("forms")).json;
    expect(list.forms.map((f: { name: string }) => f.name)).toEqual(["Warehouse walk-ins"]);
    expect(list.total).toBe(1);
    for (const id of [seeded.id, both.json.id]) {
      for (const [what, r] of [
        ["read", grace.get(`forms/${id}`)],
        ["move", grace.patch(`forms/${id}`, { name: "Moved", site_ids: [WH], group_ids: [visitors], intro: null, enabled: true })],
        ["delete", grace.del(`forms/${id}`)],
      ] as const) {
        const a = await r;
        expectStatus(a, 404, `${what} form ${id}`);
        expect(a.json.message).toBe(FORM_MESSAGES.notFound);
      }
    }
    expect((await admin.get(`forms/${seeded.id}`)).json).toMatchObject({ name: "Contractor sign-up", site_ids: [HQ] });

    // Her own: not to Head Office, not to both; a rename works; delete works.
    let r = await grace.patch(`forms/${mine.json.id}`, { name: "Walk-ins", site_ids: [WH, HQ], group_ids: [visitors], intro: null, enabled: true });
    expect(r.json.errors?.site_ids).toEqual([FORM_MESSAGES.unknownSite]);
    r = await grace.post("forms", { name: "Head Office", site_ids: [HQ], group_ids: [visitors], intro: null, enabled: true });
    expect(r.json.errors?.site_ids).toEqual([FORM_MESSAGES.unknownSite]);
    expectStatus(await grace.patch(`forms/${mine.json.id}`, { name: "Walk-ins", site_ids: [WH], group_ids: [visitors], intro: null, enabled: true }), 200, "rename hers");
    const opts = (await grace.get("form-options")).json;
    expect(opts.sites).toEqual([{ id: WH, name: "Warehouse" }]);
    expect(opts.groups.every((g: { site_ids: number[] | null }) => g.site_ids === null || g.site_ids.includes(WH))).toBe(true);
    expectStatus(await grace.del(`forms/${mine.json.id}`), 200, "delete hers");
  });
});

describe("API clients and the client API", SLOW, () => {
  const API = "/eu/api/client/v1";
  const basic = (c: { client_id: string; secret: string }) => ({ authorization: `Basic ${Buffer.from(`${c.client_id}:${c.secret}`).toString("base64")}` });
  const day = 86_400_000;
  const window = `from=${new Date(Date.now() - 30 * day).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`;
  const ALL = ["visits:read", "sites:read", "members:read"];

  async function visitsOf(c: { client_id: string; secret: string }) {
    const out: { site_id: number; name: string }[] = [];
    for (let page = 1; ; page++) {
      const r = await call("GET", `${API}/visits?${window}&page=${page}`, undefined, basic(c));
      expectStatus(r, 200, "visits");
      out.push(...r.json.data);
      if (out.length >= r.json.total) return { total: r.json.total as number, data: out };
    }
  }

  it("her key reads the Warehouse only (sites, groups, visits, members); admin's reads Head Office too", async () => {
    const mine = await grace.post("api-clients", { name: "Warehouse screen", scopes: ALL });
    expectStatus(mine, 200, "her key");
    expect(mine.json.sites).toEqual([{ id: WH, name: "Warehouse" }]);
    const theirs = await admin.post("api-clients", { name: "Everything", scopes: ALL });
    expect(theirs.json.sites).toBeNull();

    const sites = await call("GET", `${API}/sites`, undefined, basic(mine.json));
    expect(sites.json.data.map((s: { id: number }) => s.id)).toEqual([WH]);
    expect((await call("GET", `${API}/sites`, undefined, basic(theirs.json))).json.data.map((s: { id: number }) => s.id)).toContain(HQ);

    const [v, all] = [await visitsOf(mine.json), await visitsOf(theirs.json)];
    expect(v.total).toBeGreaterThan(0);
    expect(v.data.every((x) => x.site_id === WH)).toBe(true);
    expect(all.data.some((x) => x.site_id === HQ)).toBe(true);
    expect(v.total).toBe(all.data.filter((x) => x.site_id === WH).length);

    const groups = (await call("GET", `${API}/groups`, undefined, basic(mine.json))).json.data as { name: string; site_ids: number[] | null }[];
    expect(groups.every((g) => g.site_ids !== null && g.site_ids.every((id) => id === WH))).toBe(true);
    expect(groups.some((g) => g.name === "Field Engineers")).toBe(false);
    const allGroups = (await call("GET", `${API}/groups`, undefined, basic(theirs.json))).json.data as { id: number; name: string; site_ids: number[] | null }[];
    const fieldEngineers = allGroups.find((g) => g.name === "Field Engineers")!;
    expectStatus(await call("GET", `${API}/members?group_id=${fieldEngineers.id}`, undefined, basic(mine.json)), 404, "a group not at the Warehouse");
    expectStatus(await call("GET", `${API}/members?group_id=${fieldEngineers.id}`, undefined, basic(theirs.json)), 200, "admin's key");

    // A member of Staff who signs in at Head Office only: admin's key lists them, hers does not.
    const staff = allGroups.find((g) => g.name === "Staff")!;
    const hqOnly = await admin.post(`groups/${staff.id}/members`, { name: "Hattie Headoffice", email: null, site_ids: [HQ] });
    expectStatus(hqOnly, 200, "a Head Office member");
    const names = async (c: { client_id: string; secret: string }) => ((await call("GET", `${API}/members?group_id=${staff.id}`, undefined, basic(c))).json.data as { name: string }[]).map((m) => m.name);
    expect(await names(theirs.json)).toContain("Hattie Headoffice");
    const hers = await names(mine.json);
    expect(hers).not.toContain("Hattie Headoffice");
    expect(hers).toContain("Hannah Scott");
  });

  it("she lists and revokes only keys bounded to her sites: admin's are not found", async () => {
    const list = (await grace.get("api-clients")).json.clients as ApiClient[];
    expect(list.some((c) => c.name === "Reception display")).toBe(false);
    expect(list.every((c) => c.sites !== null && c.sites.every((s) => s.id === WH))).toBe(true);
    const reception = ((await admin.get("api-clients")).json.clients as ApiClient[]).find((c) => c.name === "Reception display")!;
    expect(reception).toMatchObject({ sites: null, creator_removed: false });
    const r = await grace.del(`api-clients/${reception.id}`);
    expectStatus(r, 404, "revoke admin's");
    expect(r.json.message).toBe(API_CLIENT_MESSAGES.notFound);
    expect(((await admin.get("api-clients")).json.clients as ApiClient[]).find((c) => c.id === reception.id)!.revoked_at).toBeNull();
  });

  it("a key narrows with its creator's access, and stops (401) when its creator is removed", async () => {
    const address = `scope-narrow-${Date.now()}@example.com`;
    expectStatus(await call("POST", "/__test/users", { email: address, role: "Administrator", client: "eu:1", site_ids: [WH, HQ] }), 201, "a user of both sites");
    const creator = await as(address);
    const key = (await creator.post("api-clients", { name: "Two sites", scopes: ALL })).json;
    expect(key.sites.map((s: { id: number }) => s.id).sort()).toEqual([HQ, WH].sort());
    expect((await visitsOf(key)).data.some((x) => x.site_id === HQ)).toBe(true);
    // Hers reach further than Grace's: not hers to see.
    expect(((await grace.get("api-clients")).json.clients as ApiClient[]).some((c) => c.id === key.id)).toBe(false);
    expectStatus(await grace.del(`api-clients/${key.id}`), 404, "revoke a key of two sites");

    const member = (await admin.get(`portal-users?search=${encodeURIComponent(address)}`)).json.users[0];
    expectStatus(await admin.patch(`portal-users/${member.id}`, { site_ids: [WH] }), 200, "narrow the creator");
    const narrowed = await visitsOf(key);
    expect(narrowed.data.every((x) => x.site_id === WH)).toBe(true);
    expect(narrowed.total).toBeGreaterThan(0);
    // A token issued before the change narrows too: the reach is read at each call.
    const token = await call("POST", `${API}/token`, { grant_type: "client_credentials", client_id: key.client_id, client_secret: key.secret });
    expectStatus(token, 200, "token");
    const sitesNow = await call("GET", `${API}/sites`, undefined, { authorization: `Bearer ${token.json.access_token}` });
    expect(sitesNow.json.data.map((s: { id: number }) => s.id)).toEqual([WH]);
    // Now within Grace's sites: hers to see.
    expect(((await grace.get("api-clients")).json.clients as ApiClient[]).find((c) => c.id === key.id)?.sites).toEqual([{ id: WH, name: "Warehouse" }]);

    expectStatus(await admin.del(`portal-users/${member.id}`), 200, "remove the creator");
    expectStatus(await call("GET", `${API}/visits?${window}`, undefined, basic(key)), 401, "Basic after removal");
    expectStatus(await call("GET", `${API}/sites`, undefined, { authorization: `Bearer ${token.json.access_token}` }), 401, "Bearer after removal");
    expectStatus(await call("POST", `${API}/token`, { grant_type: "client_credentials", client_id: key.client_id, client_secret: key.secret }), 401, "a new token");
    const listed = ((await admin.get("api-clients")).json.clients as ApiClient[]).find((c) => c.id === key.id)!;
    expect(listed).toMatchObject({ creator_removed: true, sites: [], revoked_at: null });
    expect(((await grace.get("api-clients")).json.clients as ApiClient[]).some((c) => c.id === key.id)).toBe(false);
  });
});
