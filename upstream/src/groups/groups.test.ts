/**
 * Manage groups, as far as sites need them, over HTTP against a running upstream: the overview of
 * a client's groups (by name, 15 a page, search with `%` and `_` taken literally, counts, the group
 * limit), adding a group (the spec's messages, hostile input, the limit, also under concurrency),
 * which groups a site shows (exactly the set sent; an every-site group left out becomes a list of the
 * client's other sites; the Today view follows), rights (ManageVisitorGroup for the overview and
 * adding, the site's kind for a site's groups, standard users, expired clients), other clients'
 * groups and sites, and the seed's revision 6 (Acme's group limit).
 *
 * Every test file has its own database. Acme's group limit (25 from the seed) is lifted in
 * beforeAll, as tests add groups (and its site limit, as they add sites); the limit tests set
 * their own and lift it again; afterAll puts the seed's limits back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Config,
  GROUP_LIMIT_MESSAGE,
  GROUP_NAME_MAX,
  ManagedGroupList,
  ManagedGroupSummary,
  SiteDetails,
  SiteGroups,
  SiteToday,
  TokenPair,
  Client,
} from "../../contract/index.ts";
import { SEED_REVISION, seedDemoData } from "../seed.ts";
import { VISIT_DATA } from "../today/seed.ts";
import { SEEDED_MEMBERS } from "../members/seed.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];

type Json = any;

const { call, as, user } = httpTestClient(() => up.url, "groups");

async function role(name: string, rights: string[]) {
  const r = await call("POST", "/__test/roles", { client: "eu:1", name, rights });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
}

const setClient = async (gid: string, body: unknown) => {
  const r = await call("POST", `/__test/clients/${gid}`, body);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
};

let admin: As;
/** A super user of Northwind (us:1), the other client. */
let nw: As;
/** Acme's sites by name (fresh database ids). */
let ids: Record<string, number>;
let northwindSite: number;
/** Acme's group overview as the seed left it (before beforeAll lifted the limit). */
let seededList: ReturnType<typeof ManagedGroupList.parse>;
/** Acme's client as the seed left it. */
let seededClient: ReturnType<typeof Client.parse>;

/** 422 whose message (the portal shows the first) is `message`, under `field` when given. */
function expect422(r: { status: number; json: Json }, message: string, field?: string) {
  expect(r.status, JSON.stringify(r.json)).toBe(422);
  expect(r.json.message).toBe(message);
  if (field) expect(r.json.errors[field]).toEqual([message]);
}

/** Every site of Acme now (sites, remote sites and events), straight from the database. */
async function acmeSiteCount() {
  const [{ n: count }] = await up.app.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM sites WHERE client_id = (SELECT id FROM clients WHERE region = 'eu' AND number = 1)",
  );
  return count;
}

async function list(as_: As, query = "") {
  const r = await as_.get(`manage/groups${query}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return ManagedGroupList.parse(r.json);
}

/** Every group of the overview, all pages. */
async function listAll(as_: As = admin) {
  const out: ReturnType<typeof ManagedGroupSummary.parse>[] = [];
  for (let page = 1; ; page++) {
    const l = await list(as_, `?page=${page}`);
    out.push(...l.groups);
    if (l.groups.length < l.per_page) return out;
  }
}

async function summaryOf(id: number) {
  const s = (await listAll()).find((g) => g.id === id);
  expect(s, `group ${id} in the overview`).toBeDefined();
  return s!;
}

const groupCount = async () => (await list(admin)).group_count;

async function newGroup(name: string, type = "standard", as_: As = admin) {
  const r = await as_.post("groups", { name, type });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return ManagedGroupSummary.parse(r.json);
}

/** A new site of Acme through the API (admin). */
async function newSite(name: string) {
  const r = await admin.post("sites", { name, type: "standard", reply_to_email: "desk@acme.example.com" });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return SiteDetails.parse(r.json);
}

async function groupsAt(siteId: number, as_: As = admin) {
  const r = await as_.get(`sites/${siteId}/groups`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return SiteGroups.parse(r.json).groups;
}

const shownAt = async (siteId: number) => (await groupsAt(siteId)).filter((g) => g.shown).map((g) => g.id);
const groupAt = async (siteId: number, groupId: number) => (await groupsAt(siteId)).find((g) => g.id === groupId);

async function setAt(siteId: number, groupIds: number[], as_: As = admin) {
  const r = await as_.post(`sites/${siteId}/groups`, { group_ids: groupIds });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return SiteGroups.parse(r.json).groups;
}

/** The groups the Today view offers at a site. */
async function todayAt(siteId: number) {
  const r = await admin.get(`sites/${siteId}/visits/today`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return SiteToday.parse(r.json).groups.map((g) => g.id);
}

// Every member, archived ones too; revision 13 added some for the members filters (seed-members.ts).
const staffCount = VISIT_DATA["eu:1"].groups.find((g) => g.name === "Staff")!.members!.length + SEEDED_MEMBERS.Staff.length;
const contractorCount = VISIT_DATA["eu:1"].groups.find((g) => g.name === "Contractors")!.members!.length + SEEDED_MEMBERS.Contractors.length;

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  admin = await as("admin@example.com");
  ids = Object.fromEntries(Config.parse((await admin.get("config")).json).sites.map((s) => [s.name, s.id]));
  const super_ = await call("POST", "/__test/users", { email: "groups-nw@example.com", role: "Administrator", client: "us:1", is_super: true });
  expect(super_.status).toBe(201);
  nw = await as("groups-nw@example.com", "us");
  northwindSite = Config.parse((await nw.get("config")).json).sites.find((s) => s.name === "Main Campus")!.id;
  seededList = await list(admin);
  seededClient = Client.parse((await admin.get("client")).json);
  await setClient("eu:1", { group_limit: null });
  // Tests add sites too (Acme's site limit is the seed's 10).
  await setClient("eu:1", { site_limit: null });
}, 120_000);

afterAll(async () => {
  // The seed's limit back (this file's database is dropped anyway).
  if (up) await call("POST", "/__test/clients/eu:1", { group_limit: 25, site_limit: 10 }).catch(() => undefined);
  await up?.stop();
}, 60_000);

describe("the manage overview of groups", () => {
  it("lists the seeded groups by name with every-site, site and member counts, the limit and the count", async () => {
    const sites = await acmeSiteCount();
    expect(seededList).toMatchObject({ page: 1, per_page: 15, total: 6, group_limit: 25, group_count: 6 });
    expect(seededClient.group_limit).toBe(25);
    expect(seededList.groups.map((g) => g.name)).toEqual(["Candidates", "Contractors", "Deliveries", "Field Engineers", "Staff", "Visitors"]);
    const byName = Object.fromEntries(seededList.groups.map((g) => [g.name, g]));
    expect(byName.Contractors).toEqual({ id: expect.any(Number), name: "Contractors", type: "returning", approval_required: true, every_site: false, site_count: 2, member_count: contractorCount });
    expect(byName.Staff).toEqual({ id: expect.any(Number), name: "Staff", type: "returning", approval_required: false, every_site: true, site_count: sites, member_count: staffCount });
    expect(byName.Visitors).toMatchObject({ type: "standard", every_site: true, site_count: sites, member_count: 0 });
    expect(byName.Deliveries).toMatchObject({ type: "delivery", every_site: true, site_count: sites, member_count: 0 });
    expect(staffCount).toBeGreaterThan(0);

    // After beforeAll lifted it: no limit.
    const now = await list(admin);
    expect([now.group_limit, now.group_count]).toEqual([null, 6]);
    expect(Client.parse((await admin.get("client")).json).group_limit).toBeNull();

    // Northwind sees its own groups only, and Acme's never.
    const theirs = await list(nw);
    expect(theirs.groups.length).toBeGreaterThan(0);
    expect(theirs.groups.some((g) => seededList.groups.some((a) => a.id === g.id))).toBe(false);
  });

  it("orders by name ignoring case, pages by 15, validates the page", async () => {
    for (const name of ["Zebra crew", "aardvark crew", "beta crew"]) await newGroup(name);
    expect((await list(admin, "?search=crew")).groups.map((g) => g.name)).toEqual(["aardvark crew", "beta crew", "Zebra crew"]);

    for (let i = 15; i >= 0; i--) await newGroup(`Paging group ${String(i).padStart(2, "0")}`);
    const p1 = await list(admin, "?search=paging%20group");
    const p2 = await list(admin, "?search=paging%20group&page=2");
    const p3 = await list(admin, "?search=paging%20group&page=3");
    expect([p1.total, p1.groups.length, p2.total, p2.groups.length, p3.groups.length]).toEqual([16, 15, 16, 1, 0]);
    expect(p1.groups[0].name).toBe("Paging group 00");
    expect(p1.groups[14].name).toBe("Paging group 14");
    expect(p2.groups.map((g) => g.name)).toEqual(["Paging group 15"]);
    expect([p2.page, p2.per_page]).toEqual([2, 15]);

    // Without a search: 6 + 3 + 16 groups, two pages; the count is every group, the page 15 of them.
    const all = await list(admin);
    expect([all.total, all.group_count, all.groups.length]).toEqual([25, 25, 15]);
    expect((await list(admin, "?page=2")).groups).toHaveLength(10);
    const names = (await listAll()).map((g) => g.name);
    expect(names).toHaveLength(25);
    expect(names).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0)));
    expect(new Set((await listAll()).map((g) => g.id)).size).toBe(25);

    for (const page of ["0", "abc", "-1", "1.5", "1e3", "%20"]) {
      const r = await admin.get(`manage/groups?page=${page}`);
      expect(r.status, `page=${page}: ${JSON.stringify(r.json)}`).toBe(422);
      expect(r.json.errors.page).toEqual(["The page must be a positive whole number"]);
    }
    expect((await list(admin, "?page=")).page).toBe(1);
    // A page far past the end is empty, not an error.
    expect(await list(admin, "?page=999999999")).toMatchObject({ groups: [], total: 25, page: 999999999 });
  });

  it("searches by name (case-insensitive, trimmed; % and _ match themselves); the count ignores the search", async () => {
    const staff = await list(admin, "?search=%20%20sTAFf%20");
    expect(staff.groups.map((g) => g.name)).toEqual(["Staff"]);
    expect([staff.total, staff.group_count]).toEqual([1, await groupCount()]);
    expect((await list(admin, "?search=%25")).total).toBe(0);
    expect((await list(admin, "?search=_")).total).toBe(0);
    expect((await list(admin, "?search=%5C")).total).toBe(0);
    expect((await list(admin, "?search=nothing%20like%20this")).groups).toEqual([]);

    await newGroup("100% sure_thing");
    await newGroup("1000 sureXthing"); // would match a search for `_` or `0%` taken as a pattern
    expect((await list(admin, "?search=%25")).groups.map((g) => g.name)).toEqual(["100% sure_thing"]);
    expect((await list(admin, "?search=_")).groups.map((g) => g.name)).toEqual(["100% sure_thing"]);
    expect((await list(admin, "?search=0%25%20s")).groups.map((g) => g.name)).toEqual(["100% sure_thing"]);
    expect((await list(admin, "?search=sure_thing")).groups.map((g) => g.name)).toEqual(["100% sure_thing"]);
    // (Their order depends on the database's collation; both are there.)
    expect((await list(admin, "?search=SURE")).groups.map((g) => g.name).sort()).toEqual(["100% sure_thing", "1000 sureXthing"]);
    // Search and page together.
    expect((await list(admin, "?search=paging&page=2")).groups.map((g) => g.name)).toEqual(["Paging group 15"]);
  });

  it("needs ManageVisitorGroup.viewer to list and .editor to add; expired clients are refused", async () => {
    const before = await groupCount();
    const std = await as("standard@example.com");
    const s = await std.get("manage/groups");
    expect([s.status, s.json.message]).toEqual([403, "You are not authorised to view groups."]);
    const sAdd = await std.post("groups", { name: "Nope", type: "standard" });
    expect([sAdd.status, sAdd.json.message]).toEqual([403, "You are not authorised to add groups."]);
    const fd = await as("frontdesk@example.com"); // ManageSite.viewer, no group rights
    expect((await fd.get("manage/groups")).status).toBe(403);

    await role("Group Viewer", ["ManageVisitorGroup.viewer"]);
    await role("Group Editor", ["ManageVisitorGroup.editor"]);
    const viewer = await user("Group Viewer");
    const listed = await list(viewer);
    expect([listed.total, listed.group_count]).toEqual([before, before]);
    const add = await viewer.post("groups", { name: "Viewer's group", type: "standard" });
    expect([add.status, add.json.message]).toEqual([403, "You are not authorised to add groups."]);
    expect(await groupCount()).toBe(before);

    const editor = await user("Group Editor");
    const made = await newGroup("Editor's group", "delivery", editor);
    expect(made).toMatchObject({ name: "Editor's group", type: "delivery", every_site: true });
    expect((await editor.get("manage/groups")).json.message).toBe("You are not authorised to view groups.");
    expect(await groupCount()).toBe(before + 1);

    // Trial over: the same refusal as the site calls, for listing, adding and a site's groups.
    const expired = await as("expired@example.com");
    for (const r of [await expired.get("manage/groups"), await expired.post("groups", { name: "Late", type: "standard" }), await expired.get(`sites/${ids["Head Office"]}/groups`), await expired.post(`sites/${ids["Head Office"]}/groups`, { group_ids: [] })]) {
      expect([r.status, r.json.code]).toEqual([403, "trial_period_over"]);
    }
    expect((await expired.get("manage/sites")).json.code).toBe("trial_period_over");
    // Super users are let through (as for the site calls).
    const supervisor = await as("supervisor@example.com");
    expect((await supervisor.get("manage/groups")).status).toBe(200);
  });
});

describe("adding a group", () => {
  it("validation: the spec's messages, hostile input, nothing added", async () => {
    const before = await groupCount();
    const required = "The group name is required";
    expect422(await admin.post("groups", { type: "standard" }), required, "name");
    expect422(await admin.post("groups", { name: "", type: "standard" }), required, "name");
    expect422(await admin.post("groups", { name: "   \t\n ", type: "standard" }), required, "name");
    expect422(await admin.post("groups", { name: null, type: "standard" }), required, "name");
    expect422(await admin.post("groups", { name: 42, type: "standard" }), required, "name");
    expect422(await admin.post("groups", { name: "x".repeat(10_000), type: "standard" }), `The group name must be at most ${GROUP_NAME_MAX} characters`, "name");
    expect((await admin.post("groups", { name: "x".repeat(GROUP_NAME_MAX + 1), type: "standard" })).status).toBe(422);
    expect422(await admin.post("groups", { name: "VIPs", type: "vip" }), "Choose a group type", "type");
    expect422(await admin.post("groups", { name: "VIPs" }), "Choose a group type", "type");
    expect422(await admin.post("groups", { name: "VIPs", type: ["standard"] }), "Choose a group type", "type");
    // Several problems: the message is the first one's, both are listed.
    const many = await admin.post("groups", {});
    expect(many.status).toBe(422);
    expect(many.json.message).toBe(required);
    expect(Object.keys(many.json.errors).sort()).toEqual(["name", "type"]);
    // Junk JSON.
    const junk = await fetch(`${up.url}/eu/api/v2/groups`, {
      method: "POST",
      headers: { authorization: (await bearer()), "content-type": "application/json" },
      body: '{"name":',
    });
    expect(junk.status).toBe(400);
    expect(await groupCount()).toBe(before);
    // Exactly the longest name is fine.
    expect((await newGroup("n".repeat(GROUP_NAME_MAX))).name).toHaveLength(GROUP_NAME_MAX);
  });

  it("a new group comes last, is shown at every site (also later ones) and in the Today view", async () => {
    const sites = await acmeSiteCount();
    const r = await admin.post("groups", { name: "  Interview candidates  ", type: "standard" });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const g = ManagedGroupSummary.parse(r.json);
    expect(g).toEqual({ id: expect.any(Number), name: "Interview candidates", type: "standard", approval_required: false, every_site: true, site_count: sites, member_count: 0 });
    expect(await summaryOf(g.id)).toEqual(g);
    expect((await list(admin, "?search=interview")).groups).toEqual([g]);

    for (const site of [ids["Head Office"], ids.Warehouse, ids["Field Team"], ids["Annual Conference"]]) {
      const at = await groupsAt(site);
      expect(at.at(-1)).toEqual({ id: g.id, name: "Interview candidates", type: "standard", shown: true, every_site: true });
    }
    expect(await todayAt(ids["Head Office"])).toContain(g.id);
    expect((await todayAt(ids.Warehouse)).at(-1)).toBe(g.id);

    const returning = await newGroup("Cleaners", "returning");
    expect(returning).toMatchObject({ type: "returning", every_site: true, member_count: 0 });
    expect((await groupsAt(ids["Head Office"])).at(-1)!.id).toBe(returning.id);

    // A site added later shows every-site groups, but not a group limited to some sites.
    const later = await newSite("Groups later site");
    const at = await groupsAt(later.id);
    expect(at.find((x) => x.id === g.id)).toMatchObject({ shown: true, every_site: true });
    expect(at.find((x) => x.name === "Contractors")).toMatchObject({ shown: false, every_site: false });
    expect(await summaryOf(g.id)).toMatchObject({ every_site: true, site_count: sites + 1 });
  });

  it("the group limit counts every group of the client; at it, 422 group_limit and nothing added; null is none", async () => {
    expect(GROUP_LIMIT_MESSAGE).toBe("You are over the limit, please upgrade your tier");
    const count = await groupCount();
    await setClient("eu:1", { group_limit: count });
    try {
      expect(await list(admin)).toMatchObject({ group_limit: count, group_count: count });
      for (const type of ["standard", "returning", "delivery"]) {
        expect422(await admin.post("groups", { name: `One too many ${type}`, type }), GROUP_LIMIT_MESSAGE, "group_limit");
      }
      expect(await groupCount()).toBe(count);
      expect((await list(admin, "?search=one%20too%20many")).total).toBe(0);
      // A lower limit than the count (a downgrade): still refused, nothing removed.
      await setClient("eu:1", { group_limit: 0 });
      expect422(await admin.post("groups", { name: "Zero", type: "standard" }), GROUP_LIMIT_MESSAGE, "group_limit");
      expect(await list(admin)).toMatchObject({ group_limit: 0, group_count: count });
      // Validation still answers first for a bad body (nothing to count).
      expect422(await admin.post("groups", { name: " ", type: "standard" }), "The group name is required", "name");

      // Another client's limit is its own: Northwind can add while Acme is full.
      const theirs = await newGroup("Northwind volunteers", "standard", nw);
      expect((await list(nw, "?search=volunteers")).groups.map((g) => g.id)).toEqual([theirs.id]);
      expect((await list(admin, "?search=volunteers")).total).toBe(0);
      expect(await groupCount()).toBe(count);

      // Room for one more.
      await setClient("eu:1", { group_limit: count + 1 });
      const ok = await newGroup("Just fits");
      expect(ok.every_site).toBe(true);
      expect422(await admin.post("groups", { name: "No longer fits", type: "standard" }), GROUP_LIMIT_MESSAGE, "group_limit");
      expect(await list(admin)).toMatchObject({ group_limit: count + 1, group_count: count + 1 });

      // No limit.
      await setClient("eu:1", { group_limit: null });
      expect((await newGroup("No limit now")).name).toBe("No limit now");
      expect(await list(admin)).toMatchObject({ group_limit: null, group_count: count + 2 });
    } finally {
      await setClient("eu:1", { group_limit: null });
    }
  });

  it("room for exactly one: of ten concurrent additions, one wins", async () => {
    const count = await groupCount();
    await setClient("eu:1", { group_limit: count + 1 });
    try {
      // Ten, not five: on PostgreSQL five often do not overlap enough to catch a missing lock.
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => admin.post("groups", { name: `Race ${i}`, type: "standard" })));
      expect(results.map((r) => r.status).sort(), JSON.stringify(results.map((r) => r.json))).toEqual([200, ...Array(9).fill(422)]);
      for (const r of results.filter((x) => x.status === 422)) expect(r.json.errors).toEqual({ group_limit: [GROUP_LIMIT_MESSAGE] });
      expect(await groupCount()).toBe(count + 1);
      expect((await list(admin, "?search=race%20")).total).toBe(1);
    } finally {
      await setClient("eu:1", { group_limit: null });
    }
    // Without a limit, concurrent additions all succeed and each gets its own place at the end.
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => admin.post("groups", { name: `Free race ${i}`, type: "standard" })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const made = new Set(results.map((r) => r.json.id as number));
    const tail = (await groupsAt(ids["Head Office"])).slice(-5).map((g) => g.id);
    expect(new Set(tail)).toEqual(made);
    expect(await groupCount()).toBe(count + 6);
  });
});

describe("the groups of a site", () => {
  it("every group of the client in display order, with shown and every_site; the Today view agrees", async () => {
    const hq = await groupsAt(ids["Head Office"]);
    expect(hq.slice(0, 4).map((g) => [g.name, g.shown, g.every_site])).toEqual([
      ["Visitors", true, true],
      ["Staff", true, true],
      ["Contractors", true, false],
      ["Deliveries", true, true],
    ]);
    // Every group of the client, each once.
    const all = await listAll();
    expect(hq).toHaveLength(all.length);
    expect(new Set(hq.map((g) => g.id))).toEqual(new Set(all.map((g) => g.id)));

    const dublin = await groupsAt(ids["Dublin Office"]);
    expect(dublin.map((g) => g.id)).toEqual(hq.map((g) => g.id));
    expect(dublin.find((g) => g.name === "Contractors")).toMatchObject({ shown: false, every_site: false });
    for (const site of [ids["Head Office"], ids["Dublin Office"], ids.Warehouse]) {
      expect(await todayAt(site)).toEqual(await shownAt(site));
    }
    // An event site has them too.
    expect((await groupsAt(ids["Annual Conference"])).map((g) => g.id)).toEqual(hq.map((g) => g.id));
  });

  it("shows exactly the groups sent: an every-site group left out is then listed at every other current site", async () => {
    const a = await newSite("Groups site A");
    const g1 = await newGroup("Subset one");
    const g2 = await newGroup("Subset two");
    const contractors = seededList.groups.find((g) => g.name === "Contractors")!;
    const staff = seededList.groups.find((g) => g.name === "Staff")!;
    const sites = await acmeSiteCount();

    const shown = await shownAt(a.id);
    expect(shown).toContain(g1.id);
    expect(shown).not.toContain(contractors.id);
    // Leave g1 out, add Contractors.
    const wanted = [...shown.filter((id) => id !== g1.id), contractors.id];
    const res = await setAt(a.id, wanted);
    expect(res).toEqual(await groupsAt(a.id));
    expect(res.filter((g) => g.shown).map((g) => g.id).sort((x, y) => x - y)).toEqual([...wanted].sort((x, y) => x - y));
    expect(res.find((g) => g.id === g1.id)).toMatchObject({ shown: false, every_site: false });
    expect(res.find((g) => g.id === g2.id)).toMatchObject({ shown: true, every_site: true });
    expect(res.find((g) => g.id === contractors.id)).toMatchObject({ shown: true, every_site: false });
    expect(res.find((g) => g.id === staff.id)).toMatchObject({ shown: true, every_site: true });

    // g1 is still shown at every other site, of every kind, now as a list.
    for (const site of [ids["Head Office"], ids.Warehouse, ids["Dublin Office"], ids["Field Team"], ids["Home Workers"], ids["Annual Conference"], ids["Open Day"]]) {
      expect(await groupAt(site, g1.id), `site ${site}`).toMatchObject({ shown: true, every_site: false });
    }
    expect(await todayAt(ids.Warehouse)).toContain(g1.id);
    expect(await todayAt(a.id)).not.toContain(g1.id);
    expect(await todayAt(a.id)).toContain(contractors.id);
    expect(await todayAt(a.id)).toEqual(await shownAt(a.id));
    expect(await summaryOf(g1.id)).toMatchObject({ every_site: false, site_count: sites - 1 });
    expect(await summaryOf(g2.id)).toMatchObject({ every_site: true, site_count: sites });
    // Contractors gained site A and kept its two.
    expect(await summaryOf(contractors.id)).toMatchObject({ every_site: false, site_count: 3 });
    expect(await groupAt(ids.Warehouse, contractors.id)).toMatchObject({ shown: true });
    expect(await groupAt(ids["Dublin Office"], contractors.id)).toMatchObject({ shown: false });

    // Sending the same set again changes nothing.
    const again = await setAt(a.id, wanted);
    expect(again).toEqual(res);

    // There is no "every site but these": a site added now does not show g1 (it shows g2).
    const later = await newSite("Groups site B");
    expect(await groupAt(later.id, g1.id)).toMatchObject({ shown: false, every_site: false });
    expect(await groupAt(later.id, g2.id)).toMatchObject({ shown: true, every_site: true });

    // Re-adding g1 at A and taking Contractors away again.
    const back = await setAt(a.id, [...wanted.filter((id) => id !== contractors.id), g1.id]);
    expect(back.find((g) => g.id === g1.id)).toMatchObject({ shown: true, every_site: false });
    expect(back.find((g) => g.id === contractors.id)).toMatchObject({ shown: false, every_site: false });
    expect(await summaryOf(g1.id)).toMatchObject({ every_site: false, site_count: sites }); // every site but B
    expect(await summaryOf(contractors.id)).toMatchObject({ site_count: 2 });
    expect(await groupAt(ids["Head Office"], contractors.id)).toMatchObject({ shown: true });
    expect(await todayAt(a.id)).toContain(g1.id);

    // A listed group can be added at the new site B too.
    await setAt(later.id, [...(await shownAt(later.id)), g1.id]);
    expect(await summaryOf(g1.id)).toMatchObject({ every_site: false, site_count: sites + 1 });

    // Order of ids and duplicates do not matter.
    const shuffled = [...(await shownAt(a.id))].reverse();
    expect((await setAt(a.id, [...shuffled, shuffled[0]])).filter((g) => g.shown).map((g) => g.id)).toEqual(await shownAt(a.id));
    expect(new Set(await shownAt(a.id))).toEqual(new Set(shuffled));
  });

  it("a site deleted since is not counted; removing the last site leaves a group shown nowhere", async () => {
    const a = await newSite("Groups site C");
    const gone = await newSite("Groups site D");
    const g = await newGroup("Counted group");
    const sites = await acmeSiteCount();
    await setAt(a.id, (await shownAt(a.id)).filter((id) => id !== g.id));
    expect(await summaryOf(g.id)).toMatchObject({ every_site: false, site_count: sites - 1 });
    const del = await admin.del(`sites/${gone.id}`, { name: "Groups site D" });
    expect(del.status, JSON.stringify(del.json)).toBe(200);
    expect(await summaryOf(g.id)).toMatchObject({ every_site: false, site_count: sites - 2 });

    // Take it away from every remaining site, one at a time.
    const [{ ids: remaining }] = await up.app.db.query<{ ids: number[] }>(
      "SELECT coalesce(json_agg(id ORDER BY id), '[]'::json) AS ids FROM sites WHERE client_id = (SELECT id FROM clients WHERE region = 'eu' AND number = 1) AND id <> $1",
      [a.id],
    );
    for (const site of remaining) await setAt(site, (await shownAt(site)).filter((id) => id !== g.id));
    expect(await summaryOf(g.id)).toMatchObject({ every_site: false, site_count: 0 });
    expect(await groupAt(ids["Head Office"], g.id)).toMatchObject({ shown: false, every_site: false });
    // …and it can come back at one.
    await setAt(ids.Warehouse, [...(await shownAt(ids.Warehouse)), g.id]);
    expect(await summaryOf(g.id)).toMatchObject({ every_site: false, site_count: 1 });
    expect(await todayAt(ids.Warehouse)).toContain(g.id);
    expect(await todayAt(ids["Head Office"])).not.toContain(g.id);
  });

  it("two sites leaving out the same every-site group at once: it ends at neither", async () => {
    const a = await newSite("Groups race A");
    const b = await newSite("Groups race B");
    const g = await newGroup("Raced group");
    const [setA, setB] = [(await shownAt(a.id)).filter((id) => id !== g.id), (await shownAt(b.id)).filter((id) => id !== g.id)];
    const [ra, rb] = await Promise.all([admin.post(`sites/${a.id}/groups`, { group_ids: setA }), admin.post(`sites/${b.id}/groups`, { group_ids: setB })]);
    expect([ra.status, rb.status], JSON.stringify([ra.json, rb.json])).toEqual([200, 200]);
    expect(await groupAt(a.id, g.id)).toMatchObject({ shown: false });
    expect(await groupAt(b.id, g.id)).toMatchObject({ shown: false });
    expect(await groupAt(ids["Head Office"], g.id)).toMatchObject({ shown: true, every_site: false });
    expect(await summaryOf(g.id)).toMatchObject({ site_count: (await acmeSiteCount()) - 2 });
  });

  it("validation: groups of another client, unknown and malformed ids are refused and nothing changes", async () => {
    const hq = ids["Head Office"];
    const before = await groupsAt(hq);
    const shown = before.filter((g) => g.shown).map((g) => g.id);
    const theirs = (await list(nw)).groups[0].id;
    const notYours = "Choose among your groups";

    // A group of Northwind at index 2 (the other ids are fine, one of them would be a change).
    const visitors = before.find((g) => g.name === "Visitors")!.id;
    const withoutVisitors = shown.filter((id) => id !== visitors);
    expect422(await admin.post(`sites/${hq}/groups`, { group_ids: [withoutVisitors[0], withoutVisitors[1], theirs] }), notYours, "group_ids.2");
    const r = await admin.post(`sites/${hq}/groups`, { group_ids: [...withoutVisitors, 999_999] });
    expect422(r, notYours, `group_ids.${withoutVisitors.length}`);
    expect(Object.keys(r.json.errors)).toEqual([`group_ids.${withoutVisitors.length}`]);
    expect422(await admin.post(`sites/${hq}/groups`, { group_ids: [theirs] }), notYours, "group_ids.0");
    for (const bad of [1.5, -1, 0, "1", null, true, { id: 1 }]) {
      const x = await admin.post(`sites/${hq}/groups`, { group_ids: [visitors, bad] });
      expect(x.status, `${JSON.stringify(bad)}: ${JSON.stringify(x.json)}`).toBe(422);
      expect(Object.keys(x.json.errors)).toEqual(["group_ids.1"]);
    }
    expect422(await admin.post(`sites/${hq}/groups`, { group_ids: [2 ** 31] }), notYours, "group_ids.0");
    for (const body of [{}, { group_ids: visitors }, { group_ids: "1,2" }, { group_ids: null }]) {
      const x = await admin.post(`sites/${hq}/groups`, body);
      expect(x.status, JSON.stringify(x.json)).toBe(422);
      expect(Object.keys(x.json.errors)).toEqual(["group_ids"]);
    }
    expect((await admin.post(`sites/${hq}/groups`, { group_ids: Array.from({ length: 1001 }, () => visitors) })).status).toBe(422);

    // Nothing changed here, at the other sites, nor at Northwind.
    expect(await groupsAt(hq)).toEqual(before);
    expect(await groupAt(ids.Warehouse, visitors)).toMatchObject({ shown: true, every_site: true });
    const nwGroups = SiteGroups.parse((await nw.get(`sites/${northwindSite}/groups`)).json).groups;
    expect(nwGroups.find((g) => g.id === theirs)).toMatchObject({ shown: true });
  });

  it("another client's site, an unknown id and a malformed one are the same 404; site lists of limited users apply", async () => {
    const before = await groupsAt(ids["Head Office"]);
    for (const p of [`sites/${northwindSite}/groups`, "sites/999999/groups", "sites/abc/groups", "sites/1.5/groups"]) {
      const g = await admin.get(p);
      expect([g.status, g.json], p).toEqual([404, { message: "Site not found." }]);
      const s = await admin.post(p, { group_ids: [] });
      expect([s.status, s.json], p).toEqual([404, { message: "Site not found." }]);
    }
    // Northwind's site kept its groups.
    const nwGroups = SiteGroups.parse((await nw.get(`sites/${northwindSite}/groups`)).json).groups;
    expect(nwGroups.length).toBeGreaterThan(0);
    expect(nwGroups.every((g) => g.shown)).toBe(true);

    const limited = await user("Administrator", { site_ids: [ids["Head Office"]] });
    expect((await limited.get(`sites/${ids.Warehouse}/groups`)).status).toBe(404);
    expect((await limited.post(`sites/${ids.Warehouse}/groups`, { group_ids: [] })).status).toBe(404);
    // A restricted user's tab lists the groups shown at their sites only (ADR 031): a group shown only
    // at other sites is not theirs, and naming it in group_ids is refused as an unknown one.
    expect(await groupsAt(ids["Head Office"], limited)).toEqual(before.filter((g) => g.shown));
    const elsewhere = before.find((g) => !g.shown);
    expect(elsewhere).toBeDefined();
    const refused = await limited.post(`sites/${ids["Head Office"]}/groups`, { group_ids: [...before.filter((g) => g.shown).map((g) => g.id), elsewhere!.id] });
    expect(refused.status).toBe(422);
    expect(await groupAt(ids["Head Office"], elsewhere!.id)).toMatchObject({ shown: false });
    // The limited user's change at their site: the every-site group left out is listed at every
    // other site of the client, including the ones the user cannot see.
    const g = await newGroup("Limited user's choice");
    await setAt(ids["Head Office"], (await shownAt(ids["Head Office"])).filter((id) => id !== g.id), limited);
    expect(await groupAt(ids.Warehouse, g.id)).toMatchObject({ shown: true, every_site: false });
    expect(await groupAt(ids["Head Office"], g.id)).toMatchObject({ shown: false, every_site: false });
  });

  it("rights: the site's kind decides (ManageSite for sites, ManageEvent for events); viewers read only; standard users nothing", async () => {
    const hq = ids["Head Office"];
    const conf = ids["Annual Conference"];
    const hqBefore = await groupsAt(hq);
    const confBefore = await groupsAt(conf);
    const hqShown = hqBefore.filter((g) => g.shown).map((g) => g.id);
    const confShown = confBefore.filter((g) => g.shown).map((g) => g.id);

    const std = await as("standard@example.com"); // limited to Head Office, no ManageSite
    const sg = await std.get(`sites/${hq}/groups`);
    expect([sg.status, sg.json.message]).toEqual([403, "You are not authorised to view this site."]);
    const sp = await std.post(`sites/${hq}/groups`, { group_ids: [] });
    expect([sp.status, sp.json.message]).toEqual([403, "You are not authorised to change this site."]);
    expect((await std.get(`sites/${ids.Warehouse}/groups`)).status).toBe(404); // not one of its sites

    const fd = await as("frontdesk@example.com"); // ManageSite.viewer
    expect(await groupsAt(hq, fd)).toEqual(hqBefore);
    const fp = await fd.post(`sites/${hq}/groups`, { group_ids: [] });
    expect([fp.status, fp.json.message]).toEqual([403, "You are not authorised to change this site."]);
    expect((await fd.get(`sites/${conf}/groups`)).json.message).toBe("You are not authorised to view this event.");

    await role("Groups Site Manager", ["ManageSite.viewer", "ManageSite.editor"]);
    await role("Groups Event Manager", ["ManageEvent.viewer", "ManageEvent.editor"]);
    await role("Groups Event Viewer", ["ManageEvent.viewer", "ManageVisitorGroup.viewer", "ManageVisitorGroup.editor"]);
    const siteManager = await user("Groups Site Manager");
    const eventManager = await user("Groups Event Manager");
    const eventViewer = await user("Groups Event Viewer");

    // Site rights, no group rights: the site's groups are the site's setting.
    expect(await setAt(hq, hqShown, siteManager)).toEqual(hqBefore);
    expect((await siteManager.get("manage/groups")).status).toBe(403);
    const smc = await siteManager.get(`sites/${conf}/groups`);
    expect([smc.status, smc.json.message]).toEqual([403, "You are not authorised to view this event."]);
    const smp = await siteManager.post(`sites/${conf}/groups`, { group_ids: [] });
    expect([smp.status, smp.json.message]).toEqual([403, "You are not authorised to change this event."]);

    expect(await groupsAt(conf, eventManager)).toEqual(confBefore);
    const emp = await eventManager.post(`sites/${hq}/groups`, { group_ids: [] });
    expect([emp.status, emp.json.message]).toEqual([403, "You are not authorised to change this site."]);
    // The event manager changes the event's groups.
    const visitors = confBefore.find((g) => g.name === "Visitors")!.id;
    const changed = await setAt(conf, confShown.filter((id) => id !== visitors), eventManager);
    expect(changed.find((g) => g.id === visitors)).toMatchObject({ shown: false, every_site: false });
    expect(await groupAt(hq, visitors)).toMatchObject({ shown: true, every_site: false });
    expect((await setAt(conf, confShown, eventManager)).find((g) => g.id === visitors)).toMatchObject({ shown: true, every_site: false });

    // Viewer of events (and group rights): reads the event's groups, cannot change them.
    expect(await groupsAt(conf, eventViewer)).toEqual(await groupsAt(conf));
    const evp = await eventViewer.post(`sites/${conf}/groups`, { group_ids: [] });
    expect([evp.status, evp.json.message]).toEqual([403, "You are not authorised to change this event."]);

    // Nothing changed by any refused call.
    expect(await groupsAt(hq)).toEqual(hqBefore.map((g) => (g.id === visitors ? { ...g, every_site: false } : g)));
    expect((await groupsAt(conf)).filter((g) => g.shown).map((g) => g.id)).toEqual(confShown);
  });

  it("an empty set shows no group at the site; the others keep theirs", async () => {
    const a = await newSite("Groups empty site");
    const others = await shownAt(ids.Warehouse);
    const res = await setAt(a.id, []);
    expect(res.every((g) => !g.shown)).toBe(true);
    expect(await todayAt(a.id)).toEqual([]);
    expect(await shownAt(ids.Warehouse)).toEqual(others);
    expect(res.every((g) => !g.every_site)).toBe(true);
  });
});

describe("groups of a user restricted to some sites (ADR 031)", () => {
  it("lists and opens only the groups shown at their sites; a group they add is shown at theirs, not everywhere", async () => {
    const wh = ids.Warehouse;
    const onlyHq = await newGroup("Shown at Head Office only");
    await setAt(wh, (await shownAt(wh)).filter((id) => id !== onlyHq.id));
    const everywhere = await newGroup("Shown everywhere");
    const limited = await user("Administrator", { site_ids: [wh] });
    const mine = await listAll(limited);
    const theirs = await listAll(admin);
    expect(theirs.map((g) => g.id)).toContain(onlyHq.id);
    expect(mine.map((g) => g.id)).not.toContain(onlyHq.id);
    expect(mine.map((g) => g.id)).toContain(everywhere.id);
    // Every group the restricted user lists is shown at their site; every other one is not.
    const atWh = await groupsAt(wh);
    expect(mine.map((g) => g.id).sort()).toEqual(atWh.filter((g) => g.shown).map((g) => g.id).sort());
    // Its page and tabs are the same 404 as an unknown group.
    for (const path of [`groups/${onlyHq.id}`, `groups/${onlyHq.id}/personal-fields`]) {
      expect((await limited.get(path)).status, path).toBe(404);
      expect((await admin.get(path)).status, path).not.toBe(404);
    }
    const added = await newGroup("Added by the Warehouse", "standard", limited);
    expect(added).toMatchObject({ every_site: false, site_count: 1 });
    expect(await groupAt(wh, added.id)).toMatchObject({ shown: true, every_site: false });
    expect(await groupAt(ids["Head Office"], added.id)).toMatchObject({ shown: false });
  });
});

describe("the contract and the seed", () => {
  it("no answer of this file's calls broke the contract, and nothing failed on the server", () => {
    expect(serverErrors).toEqual([]);
  });

  it("OpenAPI lists the group calls", async () => {
    const doc = (await call("GET", "/eu/api/v2/openapi.json")).json;
    expect(doc.paths["/manage/groups"].get.operationId).toBe("manageGroups");
    expect(doc.paths["/groups"].post.operationId).toBe("createGroup");
    expect(doc.paths["/sites/{siteId}/groups"].get.operationId).toBe("siteGroups");
    expect(doc.paths["/sites/{siteId}/groups"].post.operationId).toBe("setSiteGroups");
  });

  it("revision 6 gives Acme its group limit where it has none, keeps one that is set, and only once", async () => {
    const db = up.app.db;
    expect(SEED_REVISION).toBeGreaterThanOrEqual(6);
    expect(await seedDemoData(up.app)).toBeNull();
    const limits = async () =>
      Object.fromEntries(
        (await db.query<{ gid: string; group_limit: number | null }>("SELECT region || ':' || number AS gid, group_limit FROM clients ORDER BY id")).map((r) => [r.gid, r.group_limit]),
      );
    try {
      // From 5 with no limit: Acme gets 25; other clients keep none.
      await setClient("eu:1", { group_limit: null });
      await db.query("UPDATE seed_state SET revision = 5");
      expect(await seedDemoData(up.app)).toMatchObject({ from: 5, to: SEED_REVISION, clients: [], users: [] });
      const after = await limits();
      expect(after["eu:1"]).toBe(25);
      expect(Object.entries(after).filter(([gid, l]) => gid !== "eu:1" && l !== null)).toEqual([]);
      expect((await list(admin)).group_limit).toBe(25);

      // From 5 with a limit set: kept.
      await setClient("eu:1", { group_limit: 40 });
      await db.query("UPDATE seed_state SET revision = 5");
      await seedDemoData(up.app);
      expect((await limits())["eu:1"]).toBe(40);

      // At the current revision the seed leaves a limit taken away alone (it runs on a revision bump only).
      await setClient("eu:1", { group_limit: null });
      expect(await seedDemoData(up.app)).toBeNull();
      expect((await limits())["eu:1"]).toBeNull();
    } finally {
      await setClient("eu:1", { group_limit: null });
    }
  });
});

async function bearer() {
  const r = await call("POST", "/api/v2/auth/login", { email: "admin@example.com", password: "Demo-Passw0rd!" });
  return `Bearer ${TokenPair.parse(r.json).access_token}`;
}
