/**
 * Groups in the manage area through real HTTP: the overview of groups, adding a group (its name
 * rule and the group limit), and a site's groups tab. Malformed and hostile posts get a 4xx with a
 * visible message and change nothing upstream; each page and action checks its right.
 *
 * Oakfield Academy (eu:4) is used by no other test: its group limit is set here. Groups added to
 * Acme carry a random tag, and Acme's limit is lifted first.
 */
import { describe, expect, test } from "vitest";
import { upstreamAccess } from "../support/access";
import { messages } from "../support/client";
import { createUpstreamRole, createUpstreamSite } from "../support/hooks";
import { createUser, failuresOf, hook, newClient, signIn, uniqueEmail, upstreamUrl, type PostCase } from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 7);

async function adminOf(client = "eu:1") {
  const email = uniqueEmail("groups-it");
  await createUser({ email, role: "Administrator", client });
  const web = newClient();
  await signIn(web, email);
  return { web, api: await upstreamAccess(upstreamUrl(), email) };
}


const page400 = "That request could not be used";

describe("the overview and adding a group", () => {
  test("a group added through the form is listed, shown at every site, and the typed name comes back escaped", async () => {
    await hook("POST", "clients/eu:1", { group_limit: null });
    const { web, api } = await adminOf();
    const name = `IT group <b>${tag()}</b>`;
    const r = await web.post("/manage/group/add", { name, type: "returning" });
    expect(r.hops[0]?.status).toBe(303);
    expect(r.final).toContain(`/manage/overview/groups?search=`);
    expect(r.res.status).toBe(200);
    expect(r.body).toContain(`Group “${name.replace(/</g, "&lt;").replace(/>/g, "&gt;")}” added.`);
    expect(r.body).not.toContain(`<b>${name.slice(-10, -4)}</b>`);
    const row = /<tr data-group-id="(\d+)">([\s\S]*?)<\/tr>/.exec(r.body);
    expect(row?.[2]).toContain("Returning members");
    expect(row?.[2]).toContain("Every site");
    const listed = await api.get(`manage/groups?search=${encodeURIComponent(name)}`);
    expect(listed.groups).toMatchObject([{ name, type: "returning", every_site: true, member_count: 0 }]);
    // A new site of Acme shows it.
    const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT groups ${tag()}` });
    const tab = await web.request(`/manage/site/${site.id}/groups`);
    expect(tab.body).toMatch(new RegExp(`id="group-${row![1]}"[^>]*checked`));
  });

  test("malformed and hostile posts to add a group: a 4xx with a message, nothing added", async () => {
    await hook("POST", "clients/eu:1", { group_limit: null });
    const { web, api } = await adminOf();
    const before = (await api.get("manage/groups")).total;
    const failures = await failuresOf(web, [
      ["/manage/group/add", {}, 400, "The group name is required"],
      ["/manage/group/add", { name: "   ", type: "standard" }, 400, "The group name is required"],
      ["/manage/group/add", { name: "x".repeat(10_000), type: "standard" }, 400, "That is too long."],
      ["/manage/group/add", { name: "Valid", type: "vip" }, 400, "Choose a group type"],
      ["/manage/group/add", { name: "Valid" }, 400, "Choose a group type"],
      ["/manage/group/add", [["name", "A"], ["name", "B"], ["type", "standard"]], 400, ""],
    ]);
    expect(failures).toEqual([]);
    expect((await api.get("manage/groups")).total).toBe(before);
  });

  test("the group limit: the spec's message, the name kept, nothing added; the overview says how many are used", async () => {
    const { web, api } = await adminOf("eu:4");
    const { total } = await api.get("manage/groups");
    await hook("POST", "clients/eu:4", { group_limit: total });
    const refused = await web.post("/manage/group/add", { name: "One group too many", type: "standard" }, { follow: false });
    expect(refused.res.status).toBe(422);
    expect(messages(refused.body)).toContain("You are over the limit, please upgrade your tier");
    expect(refused.body).toContain('value="One group too many"');
    expect((await api.get("manage/groups")).total).toBe(total);
    const overview = await web.request("/manage/overview/groups");
    expect(overview.body).toContain(`${total} of ${total} groups used`);
    await hook("POST", "clients/eu:4", { group_limit: null });
  });

  test("search is a GET form over the name; a page past the end is still a page", async () => {
    await hook("POST", "clients/eu:1", { group_limit: null });
    const { web } = await adminOf();
    const t = tag();
    for (const n of ["Alpha", "Beta"]) await web.post("/manage/group/add", { name: `IT search ${t} ${n}`, type: "standard" });
    const found = await web.request(`/manage/overview/groups?search=${encodeURIComponent(`IT search ${t} be`)}`);
    expect(found.body).toContain(`IT search ${t} Beta`);
    expect(found.body).not.toContain(`IT search ${t} Alpha`);
    const none = await web.request(`/manage/overview/groups?search=${encodeURIComponent(`nothing ${t}`)}`);
    expect(none.body).toContain(`Nothing matches “nothing ${t}”.`);
    expect((await web.request("/manage/overview/groups?page=999")).res.status).toBe(200);
  });
});

describe("a site's groups tab", () => {
  test("saving ticks shows exactly those groups; an every-site group left out stays at the other sites", async () => {
    await hook("POST", "clients/eu:1", { group_limit: null });
    const { web, api } = await adminOf();
    const group = (await api.send("POST", "groups", { name: `IT everywhere ${tag()}`, type: "standard" })).json as { id: number };
    const [a, b] = await Promise.all([1, 2].map(() => createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT groups ${tag()}` })));
    const shownAt = async (siteId: number) => ((await api.get(`sites/${siteId}/groups`)).groups as { id: number; shown: boolean }[]).filter((g) => g.shown).map((g) => g.id);
    const keep = (await shownAt(a!.id)).filter((id) => id !== group.id);
    const saved = await web.post(`/manage/site/${a!.id}/groups`, [["intent", "save"], ...keep.map((id): [string, string] => ["group_ids", String(id)])]);
    expect(saved.hops[0]?.status).toBe(303);
    expect(saved.body).toContain(`now shows ${keep.length} groups.`);
    expect(await shownAt(a!.id)).toEqual(keep);
    expect(await shownAt(b!.id)).toContain(group.id);
    const page = await web.request(`/manage/site/${a!.id}/groups`);
    expect(page.body).not.toMatch(new RegExp(`id="group-${group.id}"[^>]*checked`));
    // Back again, and nothing ticked is a valid choice too.
    await web.post(`/manage/site/${a!.id}/groups`, [["intent", "save"], ...[...keep, group.id].map((id): [string, string] => ["group_ids", String(id)])]);
    expect((await shownAt(a!.id)).sort()).toEqual([...keep, group.id].sort());
    const none = await web.post(`/manage/site/${a!.id}/groups`, { intent: "save" });
    expect(none.body).toContain("now shows 0 groups.");
    expect(await shownAt(a!.id)).toEqual([]);
    expect(await shownAt(b!.id)).toContain(group.id);
  });

  test("malformed and hostile posts: a 4xx with a message, nothing changed; a foreign site is a 404", async () => {
    const { web, api } = await adminOf();
    const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT groups ${tag()}` });
    const foreignSite = await createUpstreamSite(upstreamUrl(), { client: "eu:5", name: `IT foreign ${tag()}` });
    const foreignAdmin = await adminOf("eu:5");
    const foreignGroup = (await foreignAdmin.api.get("manage/groups")).groups[0] as { id: number } | undefined;
    const base = `/manage/site/${site.id}/groups`;
    const before = await api.get(`sites/${site.id}/groups`);
    const failures = await failuresOf(web, [
      [base, {}, 400, page400],
      [base, { intent: "delete" }, 400, page400],
      [base, { intent: "save", group_ids: "abc" }, 400, "Choose one of the options shown."],
      [base, { intent: "save", group_ids: "-1" }, 400, "Choose one of the options shown."],
      [base, { intent: "save", group_ids: "1".repeat(10_000) }, 400, "Choose one of the options shown."],
      [base, { intent: "save", group_ids: "<script>alert(1)</script>" }, 400, "Choose one of the options shown."],
      [base, { intent: "save", group_ids: "999999999" }, 422, "One of these groups no longer exists. Reload the page and try again."],
      ...(foreignGroup ? ([[base, { intent: "save", group_ids: String(foreignGroup.id) }, 422, "One of these groups no longer exists. Reload the page and try again."]] as const) : []),
      [`/manage/site/${foreignSite.id}/groups`, { intent: "save" }, 404, "Page not found"],
      ["/manage/site/abc/groups", { intent: "save" }, 404, "Page not found"],
    ] as PostCase[]);
    expect(failures).toEqual([]);
    expect(foreignGroup).toBeDefined();
    expect(await api.get(`sites/${site.id}/groups`)).toEqual(before);
    expect((await web.request(`/manage/site/${foreignSite.id}/groups`)).res.status).toBe(404);
  });
});

describe("rights", () => {
  test("a Standard User and a viewer-only custom role: 403 on the tab and on adding; the groups overview only with its right", async () => {
    await createUpstreamRole(upstreamUrl(), { client: "eu:1", name: "Group viewer (it)", rights: ["ManageSite.viewer", "ManageVisitorGroup.viewer"] });
    const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT groups rights ${tag()}` });
    const { api } = await adminOf();
    const before = await api.get(`sites/${site.id}/groups`);
    for (const role of ["Standard User", "Group viewer (it)"]) {
      const email = uniqueEmail("groups-rights");
      await createUser({ email, role, client: "eu:1" });
      const web = newClient();
      await signIn(web, email);
      const overview = await web.request("/manage/overview/groups");
      if (role === "Standard User") expect(overview.res.status).toBe(403);
      else {
        expect(overview.res.status).toBe(200);
        expect(overview.body).toContain("Visitors");
        expect(overview.body).not.toContain("Add a group");
      }
      for (const path of [`/manage/site/${site.id}/groups`, "/manage/group/add"]) {
        expect([role, path, (await web.request(path)).res.status]).toEqual([role, path, 403]);
        const post = await web.post(path, { intent: "save", name: "Hacked", type: "standard" }, { follow: false });
        expect([role, path, post.res.status]).toEqual([role, path, 403]);
      }
    }
    expect(await api.get(`sites/${site.id}/groups`)).toEqual(before);
  });

  test("an administrator without the editor rights sees the groups tab read-only, and saving or adding is refused (403)", async () => {
    // Oakfield Academy (eu:4) is this file's own: its Administrator role keeps only the viewer
    // rights for this test (the tests of a file run one after another), and gets them back after.
    const { api } = await adminOf("eu:4");
    const rights = api.config.abilities;
    const site = await createUpstreamSite(upstreamUrl(), { client: "eu:4", name: `IT groups ro ${tag()}` });
    const before = await api.get(`sites/${site.id}/groups`);
    try {
      await createUpstreamRole(upstreamUrl(), { client: "eu:4", name: "Administrator", rights: ["ManageSite.viewer", "ManageVisitorGroup.viewer"] });
      const email = uniqueEmail("groups-ro");
      await createUser({ email, role: "Administrator", client: "eu:4" });
      const web = newClient();
      await signIn(web, email);
      const tab = await web.request(`/manage/site/${site.id}/groups`);
      expect(tab.res.status).toBe(200);
      expect(tab.body).toMatch(/<fieldset disabled=""/);
      expect(tab.body).not.toContain('name="intent"');
      expect(tab.body).toContain("read only: you can view but not change it");
      const overview = await web.request("/manage/overview/groups");
      expect(overview.res.status).toBe(200);
      expect(overview.body).not.toContain("Add a group");
      expect((await web.post(`/manage/site/${site.id}/groups`, { intent: "save" }, { follow: false })).res.status).toBe(403);
      expect((await web.request("/manage/group/add")).res.status).toBe(403);
      expect((await web.post("/manage/group/add", { name: "Sneaky", type: "standard" }, { follow: false })).res.status).toBe(403);
    } finally {
      await createUpstreamRole(upstreamUrl(), { client: "eu:4", name: "Administrator", rights: rights as never });
    }
    expect(await api.get(`sites/${site.id}/groups`)).toEqual(before);
    expect((await api.get("manage/groups")).groups.map((g: { name: string }) => g.name)).not.toContain("Sneaky");
  });
});
