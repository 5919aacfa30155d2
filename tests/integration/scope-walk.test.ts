/**
 * The scope walk (issue 24 item 3; ADR 031): signed in as `grace.lee@` (the seed's Administrator of
 * Acme restricted to the Warehouse, with `group-visibility`), every list of the core areas shows
 * nothing of Head Office, and every action on a Head Office row is refused (403/404/422, never a
 * 200) — through the portal's pages and forms, and on the upstream directly — while the same actions
 * on her own Warehouse rows still work. Each list is compared with `admin@` (every site), who sees
 * the Head Office rows, so the walk can fail.
 *
 * The probes of the issue are here as they were made: removing the SSO user with every site
 * (`DELETE sso/eu:1/users/12`, Sandy Sso), approving an access request onto Head Office, editing a
 * role whose holder has every site, reading the whole audit log.
 *
 * What it changes is its own (a Warehouse SSO user, a role, a group, an access request, a visit);
 * the seed's rows are only read, and the refused actions change nothing (checked).
 */
import { beforeAll, describe, expect, test } from "vitest";
import { levelsOf, type Config } from "@contract";
import { upstreamAccess } from "../support/access";
import { createUpstreamRole } from "../support/hooks";
import type { WebClient } from "../support/client";
import { createUser, newClient, signIn, throughIdentityProvider, uniqueEmail, upstreamUrl } from "./helpers";

type Api = Awaited<ReturnType<typeof upstreamAccess>>;

let admin: Api;
let grace: Api;
let adminWeb: WebClient;
let graceWeb: WebClient;
let hq: number;
let wh: number;
/** Names of people seen only at Head Office (visits, pre-registrations). */
let hqNames: string[];
const tag = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** Every page of a paged list of the upstream (`key` holds the rows). */
async function allPages<T>(api: Api, path: string, key: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page < 100; page++) {
    const r = await api.get(`${path}${path.includes("?") ? "&" : "?"}page=${page}`);
    const got = (r[key] ?? []) as T[];
    rows.push(...got);
    if (got.length < (r.per_page ?? 15)) break;
  }
  return rows;
}

/** What a page says to the person (its text, tags dropped). */
const textOf = (body: string) => body.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ").replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'");

async function page(web: WebClient, path: string): Promise<{ status: number; text: string }> {
  const r = await web.get(path);
  return { status: r.res.status, text: textOf(r.body) };
}

beforeAll(async () => {
  [admin, grace] = await Promise.all([upstreamAccess(upstreamUrl(), "admin@example.com"), upstreamAccess(upstreamUrl(), "grace.lee@example.com")]);
  const sites = (admin.config as Config).sites;
  hq = sites.find((s) => s.name === "Head Office")!.id;
  wh = sites.find((s) => s.name === "Warehouse")!.id;
  adminWeb = newClient();
  graceWeb = newClient();
  await signIn(adminWeb, "admin@example.com");
  await signIn(graceWeb, "grace.lee@example.com");
  // People seen at Head Office and never at the Warehouse.
  const atWh = new Set((await allPages<{ name: string }>(admin, `reports/history?site_id=${wh}`, "data")).map((v) => v.name));
  const atHq = (await admin.get(`reports/history?site_id=${hq}`)).data.map((v: { name: string }) => v.name);
  const preregs = (await admin.get(`pre-registrations?site_id=${hq}`)).data.map((p: { name: string }) => p.name);
  hqNames = [...new Set([...atHq, ...preregs])].filter((n) => !atWh.has(n));
  expect(hqNames.length).toBeGreaterThan(3);
});

describe("who she is", () => {
  test("an Administrator of Acme restricted to the Warehouse, under group visibility", () => {
    expect(grace.config.sites.map((s: { id: number }) => s.id)).toEqual([wh]);
    expect(grace.claims["user:site_id"]).toBe(String(wh));
    expect(grace.config.client.settings["beta.group-visibility"]).toBe(true);
    expect(grace.config.roles.map((r: { name: string }) => r.name)).toEqual(["Administrator"]);
  });
});

describe("every list of the core areas shows nothing of Head Office", () => {
  // [page, what admin@ sees there that grace must not]
  const LISTS: [string, () => string[]][] = [
    ["/today", () => ["Head Office"]],
    ["/fire-list", () => ["Head Office"]],
    ["/today/pre-registrations", () => ["Head Office", ...hqNames]],
    ["/reports/history", () => ["Head Office", ...hqNames]],
    ["/reports/evacuations", () => ["Head Office"]],
    ["/reports/site-attendance", () => ["Head Office"]],
    // Field Engineers is shown at the Field Team (a remote site) only: its members are not hers.
    ["/reports/daily-attendance", () => ["Field Engineers", "Dev Malhotra"]],
    ["/manage/account/users", () => ["Alice Admin", "Sam Standard", "Ben Carter"]],
    ["/manage/account/users?search=standard", () => ["Sam Standard"]],
    ["/manage/account/sso/users", () => ["Sandy Sso"]],
    ["/manage/account/audit-log?area=sites", () => ["Head Office"]],
    ["/manage/overview/sites", () => ["Head Office"]],
    ["/manage/overview/groups", () => ["Candidates"]],
  ];
  for (const [path, markers] of LISTS) {
    test(path, async () => {
      const [theirs, hers] = await Promise.all([page(adminWeb, path), page(graceWeb, path)]);
      expect(theirs.status, `admin@ ${path}`).toBe(200);
      expect(hers.status, `grace ${path}`).toBe(200);
      // admin@ sees at least one Head Office thing here (else this page proves nothing) …
      expect(markers().some((m) => theirs.text.includes(m)), `admin@ sees Head Office at ${path}`).toBe(true);
      // … and grace none of them.
      expect(markers().filter((m) => hers.text.includes(m)), `grace at ${path}`).toEqual([]);
    });
  }

  test("the reports: history, attendance and evacuations of Head Office on the upstream", async () => {
    const hers = await allPages<{ site_id: number; name: string }>(grace, "reports/history", "data");
    const theirs = await admin.get("reports/history");
    expect(theirs.total).toBeGreaterThan(hers.length);
    expect(hers.length).toBeGreaterThan(0);
    expect(hers.every((v) => v.site_id === wh)).toBe(true);
    expect((await grace.get("reports/history")).sites.map((s: { id: number }) => s.id)).toEqual([wh]);
    expect((await grace.get("evacuations")).evacuations.every((e: { site_id: number }) => e.site_id === wh)).toBe(true);
    expect((await admin.get("evacuations")).evacuations.some((e: { site_id: number }) => e.site_id === hq)).toBe(true);
    const preregs = await allPages<{ site: { id: number } }>(grace, "pre-registrations", "data");
    expect(preregs.every((p) => p.site.id === wh)).toBe(true);
    const options = await grace.get("pre-registrations/options");
    expect(options.sites.map((s: { id: number }) => s.id)).toEqual([wh]);
    expect(options.groups.map((g: { name: string }) => g.name)).not.toContain("Candidates");
    const from = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date().toISOString().slice(0, 10);
    const attendance = (await grace.get(`reports/site-attendance?from=${from}&to=${to}`)).rows as { site_id: number }[];
    expect(attendance.length).toBeGreaterThan(0);
    expect(attendance.every((r) => r.site_id === wh)).toBe(true);
    expect(((await admin.get(`reports/site-attendance?from=${from}&to=${to}`)).rows as { site_id: number }[]).some((r) => r.site_id === hq)).toBe(true);
    expect((await grace.get(`reports/site-attendance?from=${from}&to=${to}&site_id=${hq}`)).errors?.site_id).toBeTruthy();
  });

  test("portal users, SSO users, sites and groups on the upstream", async () => {
    const users = await allPages<{ site_ids: number[] | null; name: string }>(grace, "portal-users", "users");
    expect(users.map((u) => u.name)).toContain("Isla Novak");
    expect(users.every((u) => u.site_ids !== null && u.site_ids.length > 0 && u.site_ids.every((id) => id === wh))).toBe(true);
    expect((await admin.get("portal-users")).total).toBeGreaterThan(users.length);
    expect((await grace.get("portal-user-options")).sites.map((s: { id: number }) => s.id)).toEqual([wh]);
    expect((await grace.get("sso/eu:1/users")).map((u: { email: string }) => u.email)).not.toContain("sso@sso.example.com");
    expect((await admin.get("sso/eu:1/users")).map((u: { email: string }) => u.email)).toContain("sso@sso.example.com");
    expect((await grace.get("manage/sites")).sites.map((s: { id: number }) => s.id)).toEqual([wh]);
    expect((await grace.get("sites")).map((s: { id: number }) => s.id)).toEqual([wh]);
    const groups = await allPages<{ name: string }>(grace, "manage/groups", "groups");
    expect(groups.map((g) => g.name)).not.toContain("Candidates");
    expect((await allPages<{ name: string }>(admin, "manage/groups", "groups")).map((g) => g.name)).toContain("Candidates");
    expect((await grace.get(`sites/${wh}/groups`)).groups.map((g: { name: string }) => g.name)).not.toContain("Candidates");
  });
});

describe("actions on Head Office rows are refused; the same on her Warehouse rows work", () => {
  test("visits, Today and the fire list", async () => {
    const hqVisit = (await admin.get(`reports/history?site_id=${hq}`)).data[0].id as number;
    const whVisit = (await admin.get(`reports/history?site_id=${wh}`)).data[0].id as number;
    for (const p of [`visits/${hqVisit}`, `visits/${hqVisit}/manage`, `visits/${hqVisit}/history`, `visits/${hqVisit}/badge`, `reports/history/visits/${hqVisit}`, `sites/${hq}/visits/today`, `sites/${hq}/fire-list`, `sites/${hq}/sign-in-options`]) {
      const r = await fetchAs(grace, p);
      expect(r, p).toBe(404);
      expect(await fetchAs(admin, p), `admin@ ${p}`).toBe(200);
    }
    for (const p of [`visits/${whVisit}`, `visits/${whVisit}/manage`, `sites/${wh}/visits/today`, `sites/${wh}/fire-list`]) expect(await fetchAs(grace, p), p).toBe(200);
    const refusals: [ "POST" | "PATCH" | "DELETE", string, unknown][] = [
      ["POST", `visits/${hqVisit}/sign-out`, {}],
      ["POST", `visits/${hqVisit}/notes`, { notes: "Grace was here" }],
      ["PATCH", `visits/${hqVisit}`, { host: "Grace Lee" }],
      ["POST", `visits/${hqVisit}/protection`, { protected: true }],
      ["DELETE", `visits/${hqVisit}`, {}],
      ["POST", `sites/${hq}/visits`, { group_id: 1, name: "Grace's guest" }],
      ["POST", `sites/${hq}/visits/sign-out-all`, {}],
      ["POST", `sites/${hq}/evacuations`, { comment: "Not hers" }],
    ];
    for (const [method, p, body] of refusals) {
      const r = await grace.send(method, p, body);
      expect([403, 404, 422], `${method} ${p}: ${r.status} ${JSON.stringify(r.json)}`).toContain(r.status);
    }
    // Nothing changed: the Head Office visit still has its notes and host.
    const after = await admin.get(`visits/${hqVisit}/manage`);
    expect(after.notes ?? "").not.toContain("Grace was here");
    expect(after.host ?? "").not.toBe("Grace Lee");
    // Her own: a visitor she signs in at the Warehouse, and out again.
    const whSignIn = await grace.send("POST", `sites/${wh}/visits`, { group_id: (await grace.get(`sites/${wh}/sign-in-options`)).groups[0].id, name: `Warehouse guest ${tag()}` });
    expect(whSignIn.status, JSON.stringify(whSignIn.json)).toBe(200);
    expect((await grace.send("POST", `visits/${whSignIn.json.id}/sign-out`)).status).toBe(200);
  });

  test("evacuations and pre-registrations", async () => {
    const drill = (await admin.get(`evacuations?site_id=${hq}`)).evacuations[0].id as number;
    expect(await fetchAs(grace, `evacuations/${drill}`)).toBe(404);
    expect(await fetchAs(admin, `evacuations/${drill}`)).toBe(200);
    for (const [method, p, body] of [
      ["POST", `evacuations/${drill}/comments`, { content: "Grace was here" }],
      ["POST", `evacuations/${drill}/complete`, {}],
      ["DELETE", `evacuations/${drill}`, {}],
    ] as const) {
      const r = await grace.send(method, p, body);
      expect(r.status, `${method} ${p}`).toBe(404);
    }
    const prereg = (await admin.get(`pre-registrations?site_id=${hq}`)).data[0].id as number;
    expect(await fetchAs(grace, `pre-registrations/${prereg}`)).toBe(404);
    for (const [method, p] of [["POST", `pre-registrations/${prereg}/approve`], ["POST", `pre-registrations/${prereg}/decline`], ["POST", `pre-registrations/${prereg}/sign-in`], ["DELETE", `pre-registrations/${prereg}`]] as const) {
      expect((await grace.send(method, p)).status, `${method} ${p}`).toBe(404);
    }
    expect(await fetchAs(admin, `pre-registrations/${prereg}`)).toBe(200);
    const arrive = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const visitors = (await grace.get("pre-registrations/options")).groups.find((g: { name: string }) => g.name === "Visitors").id;
    const atHq = await grace.send("POST", "pre-registrations", { site_id: hq, group_id: visitors, name: "Not Hers", email: uniqueEmail("scope-prereg", "example.org"), arrive_at: arrive });
    expect([atHq.status, Object.keys(atHq.json.errors ?? {})]).toEqual([422, ["site_id"]]);
    const atWh = await grace.send("POST", "pre-registrations", { site_id: wh, group_id: visitors, name: "Hers Indeed", email: uniqueEmail("scope-prereg", "example.org"), arrive_at: arrive });
    expect(atWh.status, JSON.stringify(atWh.json)).toBe(200);
    expect((await grace.send("DELETE", `pre-registrations/${atWh.json.id}`)).status).toBe(200);
    expect((await grace.get(`reports/history?site_id=${hq}`)).errors?.site_id).toBeTruthy();
  });

  test("portal users: Head Office and every-site users are not found; hers are", async () => {
    const alice = (await admin.get("portal-users?search=admin@example.com")).users[0].id as number;
    const sam = (await admin.get("portal-users?search=standard@example.com")).users[0].id as number;
    const isla = (await admin.get("portal-users?search=isla.novak")).users[0].id as number;
    for (const id of [alice, sam]) {
      expect(await fetchAs(grace, `portal-users/${id}`)).toBe(404);
      expect((await grace.send("PATCH", `portal-users/${id}`, { name: "Renamed by Grace" })).status).toBe(404);
      expect((await grace.send("DELETE", `portal-users/${id}/two-factor`)).status).toBe(404);
      expect((await grace.send("DELETE", `portal-users/${id}`)).status).toBe(404);
    }
    expect((await admin.get(`portal-users/${sam}`)).name).toBe("Sam Standard");
    expect(await fetchAs(grace, `portal-users/${isla}`)).toBe(200);
    const standard = (await admin.get("client/roles")).find((r: { name: string }) => r.name === "Standard User").id;
    for (const site_ids of [null, [hq], [wh, hq]]) {
      const r = await grace.send("POST", "portal-users", { name: "Scope Invitee", email: uniqueEmail("scope-invite"), role_id: standard, site_ids });
      expect([r.status, Object.keys(r.json.errors ?? {})], JSON.stringify(site_ids)).toEqual([422, ["site_ids"]]);
    }
    const invited = await grace.send("POST", "portal-users", { name: "Scope Invitee", email: uniqueEmail("scope-invite"), role_id: standard, site_ids: [wh] });
    expect(invited.status, JSON.stringify(invited.json)).toBe(200);
    expect((await grace.send("DELETE", `portal-users/${invited.json.id}`)).status).toBe(200);
  });

  test("the probe: removing the SSO user with every site (DELETE sso/eu:1/users/12) is a 404, through the portal too", async () => {
    const sandy = (await admin.get("sso/eu:1/users")).find((u: { email: string }) => u.email === "sso@sso.example.com");
    // Sandy Sso: every site (the seed gives her none listed); id 12 in the seeded database.
    const sandyUser = await admin.get(`portal-users/${sandy.id}`);
    expect(sandyUser.site_ids).toBeNull();
    const r = await grace.send("DELETE", `sso/eu:1/users/${sandy.id}`);
    expect([r.status, r.json.message]).toEqual([404, "This user no longer signs in with single sign-on here."]);
    expect((await grace.send("POST", `sso/eu:1/users/${sandy.id}/require-password`)).status).toBe(404);
    const viaPortal = await graceWeb.post("/manage/account/sso/users", { intent: "delete", id: String(sandy.id) }, { follow: false });
    expect(viaPortal.res.status).toBe(404);
    expect(textOf(viaPortal.body)).toContain("This user no longer signs in with single sign-on here.");
    expect((await admin.get("sso/eu:1/users")).map((u: { email: string }) => u.email)).toContain("sso@sso.example.com");
    // Her own: an SSO user of the Warehouse, removed through the portal.
    const email = `scope-wh-${tag()}@sso.example.com`;
    await createUser({ email, role: "Standard User", client: "eu:1", site_ids: [wh], sso: true });
    const hers = (await grace.get("sso/eu:1/users")).find((u: { email: string }) => u.email === email);
    expect(hers).toBeTruthy();
    const removed = await graceWeb.post("/manage/account/sso/users", { intent: "delete", id: String(hers.id) }, { follow: false });
    expect(removed.res.status).toBe(303);
    expect((await admin.get("sso/eu:1/users")).map((u: { email: string }) => u.email)).not.toContain(email);
  });

  test("the probe: approving an access request onto Head Office (or every site) is a 422; onto the Warehouse it works", async () => {
    // A request of her own to decide (the seed's Pat Pending stays for the other tests).
    const email = `scope-asks-${tag()}@sso.example.com`;
    const asker = newClient();
    const callback = await throughIdentityProvider(asker, email);
    const landed = await asker.get(callback.pathname + callback.search);
    const clientId = landed.body.match(/name="client_id"[^>]*value="([^"]+)"/)![1]!;
    await asker.post("/login/sso/request-access", { client_id: clientId });
    const request = (await admin.get("sso/eu:1/access-requests")).find((r: { email: string }) => r.email === email);
    expect(request).toMatchObject({ status: "pending" });
    const standard = (await admin.get("client/roles")).find((r: { name: string }) => r.name === "Standard User").id;
    const approve = `sso/eu:1/access-requests/${request.id}/approve`;
    // The configuration's default is Head Office: as the probe did it.
    for (const body of [{ role_id: standard }, { role_id: standard, site_ids: [hq] }, { role_id: standard, site_ids: null }, { role_id: standard, site_ids: [wh, hq] }]) {
      const r = await grace.send("POST", approve, body);
      expect([r.status, r.json.errors?.site_ids], JSON.stringify(body)).toEqual([422, ["An approval can only give access to sites you have access to."]]);
    }
    // Through the portal's dialog: it offers her site only, no "Every site"; a forged "every site" is refused.
    const dialog = await page(graceWeb, `/manage/account/sso/access-requests/${request.id}`);
    expect(dialog.status).toBe(200);
    expect(dialog.text).toContain("Warehouse");
    expect(dialog.text).not.toContain("Head Office");
    expect(dialog.text).not.toContain("Every site");
    const adminDialog = await page(adminWeb, `/manage/account/sso/access-requests/${request.id}`);
    expect(adminDialog.text).toContain("Head Office");
    expect(adminDialog.text).toContain("Every site");
    for (const form of [
      { intent: "approve", role_id: String(standard), every_site: "on" },
      [["intent", "approve"], ["role_id", String(standard)], ["site_ids", String(hq)]] as [string, string][],
    ]) {
      const r = await graceWeb.post(`/manage/account/sso/access-requests/${request.id}`, form, { follow: false });
      expect(r.res.status, JSON.stringify(form)).toBe(422);
      expect(textOf(r.body)).toContain("An approval can only give access to sites you have access to.");
    }
    expect((await admin.get("sso/eu:1/access-requests")).find((r: { id: number }) => r.id === request.id).status).toBe("pending");
    const ok = await graceWeb.post(`/manage/account/sso/access-requests/${request.id}`, [["intent", "approve"], ["role_id", String(standard)], ["site_ids", String(wh)]], { follow: false });
    expect(ok.res.status).toBe(303);
    const granted = (await admin.get(`portal-users?search=${encodeURIComponent(email)}`)).users[0];
    expect(granted.site_ids).toEqual([wh]);
  });

  test("the probe: a role whose holder has every site is read-only for her (403 with a message); a role held at the Warehouse is hers", async () => {
    const roles = await admin.get("roles");
    // Front Desk: held by Fran Desk and Daniel Okafor, who have every site.
    const frontDesk = roles.find((r: { name: string }) => r.name === "Front Desk");
    expect(frontDesk.holders_reach).toBeNull();
    const r = await grace.send("PATCH", `roles/${frontDesk.id}`, { name: frontDesk.name, rights: [...frontDesk.rights, "History.viewer"] });
    expect([r.status, r.json.code, r.json.message]).toEqual([403, "role_out_of_scope", "This role is held by users outside your sites: you cannot change it"]);
    expect((await grace.send("DELETE", `roles/${frontDesk.id}`)).status).toBe(403);
    expect((await admin.get("roles")).find((x: { id: number }) => x.id === frontDesk.id).rights).toEqual(frontDesk.rights);
    // Through the portal: the list offers "Open" and says why; the editor is read-only; a forged save is refused in words.
    const list = await page(graceWeb, "/manage/account/permissions");
    expect(list.text).toContain("Held outside your sites");
    const editor = await page(graceWeb, `/manage/account/permissions/${frontDesk.id}`);
    expect(editor.text).toContain("This role is held by users outside your sites: you can look at it but not change it.");
    expect((await page(adminWeb, `/manage/account/permissions/${frontDesk.id}`)).text).not.toContain("held by users outside your sites");
    const levels = levelsOf(frontDesk.rights);
    const forged = await graceWeb.post(`/manage/account/permissions/${frontDesk.id}`, [["intent", "save"], ["name", frontDesk.name], ...levels.map((l): [string, string] => ["levels", l]), ["levels", "history.view"]], { follow: false });
    expect(forged.res.status).toBe(403);
    expect(textOf(forged.body)).toContain("This role is held by users outside your sites: you cannot change it");
    const deleted = await graceWeb.post("/manage/account/permissions", { intent: "delete", id: String(frontDesk.id), name: frontDesk.name }, { follow: false });
    expect(deleted.res.status).toBe(403);
    // A role held only at the Warehouse: hers to change.
    const name = `Warehouse desk ${tag()}`;
    const role = await createUpstreamRole(upstreamUrl(), { name, rights: ["Today.viewer"] });
    await createUser({ email: uniqueEmail("scope-holder"), role: name, client: "eu:1", site_ids: [wh] });
    expect((await grace.get("roles")).find((x: { id: number }) => x.id === role.id).holders_reach).toEqual([wh]);
    const saved = await graceWeb.post(`/manage/account/permissions/${role.id}`, [["intent", "save"], ["name", name], ["levels", "today.view"], ["levels", "history.view"]], { follow: false });
    expect(saved.res.status).toBe(303);
    expect((await admin.get("roles")).find((x: { id: number }) => x.id === role.id).rights).toContain("History.viewer");
  });

  test("the probe: the audit log shows her own changes and those about the Warehouse, not the whole log", async () => {
    const everything = await allPages<{ id: number; label: string | null; entity: string }>(admin, "audit-log?area=sites", "entries");
    const seeded = everything.find((e) => e.label === "Head Office (London)");
    expect(seeded).toBeTruthy();
    const hers = await allPages<{ id: number; label: string | null; user: { name: string } }>(grace, "audit-log", "entries");
    const all = await admin.get("audit-log");
    expect(hers.length).toBeLessThan(all.total);
    expect(hers.map((e) => e.id)).not.toContain(seeded!.id);
    expect(hers.some((e) => (e.label ?? "").includes("Head Office"))).toBe(false);
    expect(await fetchAs(grace, `audit-log/${seeded!.id}`)).toBe(404);
    expect(await fetchAs(admin, `audit-log/${seeded!.id}`)).toBe(200);
    // Her own changes are there (this walk made some: the role above, the invitation).
    expect(hers.some((e) => e.user.name === "Grace Lee")).toBe(true);
    const csv = await fetch(`${grace.claims.iss}/api/v2/audit-log/export?area=sites`, { headers: { authorization: `Bearer ${await bearer("grace.lee@example.com")}` } }).then((r) => r.text());
    expect(csv).not.toContain("Head Office (London)");
    const page1 = await page(graceWeb, "/manage/account/audit-log");
    expect(page1.text).toContain("You see the changes you made and those about your sites.");
    expect((await page(adminWeb, "/manage/account/audit-log")).text).not.toContain("You see the changes you made and those about your sites.");
  });

  test("sites and groups: another site and a group shown only there are not found", async () => {
    for (const p of [`sites/${hq}`, `sites/${hq}/groups`, `sites/${hq}/custom-fields`]) {
      expect(await fetchAs(grace, p), p).toBe(404);
      expect(await fetchAs(admin, p), `admin@ ${p}`).toBe(200);
    }
    expect((await grace.send("PATCH", `sites/${hq}`, { name: "Grace's Office" })).status).toBe(404);
    expect((await grace.send("POST", "sites", { name: `Not hers ${tag()}`, type: "standard", reply_to_email: "x@acme.example.com" })).status).toBe(403);
    expect(await fetchAs(grace, `sites/${wh}`)).toBe(200);
    const candidates = (await allPages<{ id: number; name: string }>(admin, "manage/groups", "groups")).find((g) => g.name === "Candidates")!;
    expect(await fetchAs(grace, `groups/${candidates.id}`)).toBe(404);
    expect(await fetchAs(admin, `groups/${candidates.id}`)).toBe(200);
    const details = (await admin.get(`groups/${candidates.id}`)).details;
    const renamed = await grace.send("PATCH", `groups/${candidates.id}/settings`, { section: "details", values: { ...details, name: "Grace's" } });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(404);
    expect((await admin.get(`groups/${candidates.id}`)).name).toBe("Candidates");
    const shown = (await grace.get(`sites/${wh}/groups`)).groups.filter((g: { shown: boolean }) => g.shown).map((g: { id: number }) => g.id);
    expect((await grace.send("POST", `sites/${wh}/groups`, { group_ids: [...shown, candidates.id] })).status).toBe(422);
    // A group she adds is shown at the Warehouse only.
    const made = await grace.send("POST", "groups", { name: `Warehouse group ${tag()}`, type: "standard" });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json).toMatchObject({ every_site: false, site_count: 1 });
  });
});

/** The status of a GET on the upstream as this user. */
async function fetchAs(api: Api, p: string): Promise<number> {
  const r = await fetch(`${api.claims.iss}/api/v2/${p}`, { headers: { authorization: `Bearer ${await bearer(api === admin ? "admin@example.com" : "grace.lee@example.com")}` } });
  await r.arrayBuffer();
  return r.status;
}

const tokens = new Map<string, string>();
async function bearer(email: string): Promise<string> {
  if (!tokens.has(email)) {
    const login = await fetch(`${upstreamUrl()}/api/v2/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "Demo-Passw0rd!" }) });
    tokens.set(email, ((await login.json()) as { access_token: string }).access_token);
  }
  return tokens.get(email)!;
}
