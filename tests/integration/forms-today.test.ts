/**
 * Today and evacuation reports without JavaScript, through the pages themselves
 * (tests/support/browser.ts): the self-refresh and its off switch, the rights that hide Today's
 * controls, and the reports' list, deletion and view-only role (ADR 012: moved from the e2e `nojs`
 * project; today.spec.ts and evacuations.spec.ts keep one no-JavaScript journey each, and all of
 * these with JavaScript). Sign-out-first groups (ADR 015): leaving from the sign-in dialog, "Out
 * now" and signing back in, hostile posts of the new intents, and the right they need.
 */
import { describe, expect, test } from "vitest";
import type { HttpBrowser, Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { createUpstreamRole, createUpstreamSite, kioskSignIn, kioskSignOut } from "../support/hooks";
import { createUser, failuresOf, hook, newBrowser, newClient, signIn, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

async function freshSite(tag: string, opts: { evacuation_points?: string[] } = {}) {
  const name = `IT ${tag} ${Math.random().toString(36).slice(2, 7)}`;
  const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name, all_groups: true, ...opts });
  const visitors = site.groups.find((g) => g.name === "Visitors")!.id;
  const atKiosk = async (person: string) => {
    const r = await kioskSignIn(upstreamUrl(), "eu", site.device_token, { group_id: visitors, name: person });
    expect(r.ok, JSON.stringify(r)).toBe(true);
  };
  return { id: site.id, name, atKiosk };
}

/** A user of Acme Ltd who sees only this site, signed in through the forms (on Today). */
async function userOn(siteId: number, role: string, tag: string, client = "eu:1"): Promise<{ browser: HttpBrowser; page: Page; email: string }> {
  const email = uniqueEmail(tag);
  await createUser({ email, role, site_ids: [siteId], name: `Tester ${tag}`, client });
  const browser = newBrowser();
  const page = await signInWithForms(browser, email);
  expect(page.path).toBe("/today");
  return { browser, page, email };
}

const counter = (page: Page) => page.testId("signed-in-count").text();

describe("Today (today.spec.ts)", () => {
  test("without JavaScript the page refreshes itself (Refresh: 30) and then shows a kiosk sign-in; the refresh can be turned off and on (WCAG 2.2.1)", async () => {
    const site = await freshSite("refresh");
    let { page } = await userOn(site.id, "Administrator", "refresh-nojs");
    expect(page.headings(2)).toContain(site.name);
    expect(page.testId("live-status").text()).toMatch(/refreshes every 30 seconds/);
    expect(page.refreshAfter()).toBe(30);
    await site.atKiosk("Ada Lovelace");
    // What the browser's refresh loads: the same URL again.
    page = await page.reload();
    expect(page.row("Ada Lovelace").text()).toContain("Ada Lovelace");
    expect(counter(page)).toBe("1");
    page = await page.click("Stop automatic refresh");
    expect(page.testId("live-status").text()).toBe("Automatic refresh is off: reload the page to see changes.");
    expect(page.refreshAfter()).toBeUndefined();
    expect((await page.reload()).refreshAfter()).toBeUndefined();
    page = await page.click("Refresh automatically");
    expect(page.testId("live-status").text()).toMatch(/refreshes every 30 seconds/);
    expect(page.refreshAfter()).toBe(30);
  });

  test("a viewer-only role sees the list without its buttons and cannot open the sign-in form", async () => {
    const site = await freshSite("viewer");
    await createUpstreamRole(upstreamUrl(), { client: "eu:1", name: "Today viewer", rights: ["Today.viewer"] });
    const { browser } = await userOn(site.id, "Today viewer", "viewer-nojs");
    await site.atKiosk("Read Only");
    const page = await browser.open("/today");
    expect(page.row("Read Only").text()).toContain("Read Only");
    expect(page.buttons().filter((b) => /Sign out/.test(b))).toEqual([]);
    expect(page.hasLink("Sign someone in")).toBe(false);
    expect(page.hasLink("Sign out all")).toBe(false);
    const form = await browser.open("/today/sign-in");
    expect(form.status).toBe(403);
    expect(form.heading()).toBe("Forbidden");
  });

  test("without the today-view right the counter shows, the list does not", async () => {
    const site = await freshSite("nolist");
    await createUpstreamRole(upstreamUrl(), { client: "eu:1", name: "Reports only", rights: ["History.viewer"] });
    const { page } = await userOn(site.id, "Reports only", "nolist-nojs");
    expect(page.has("You do not have permission to see who is signed in here.")).toBe(true);
    expect(counter(page)).toBe("0");
  });
});

describe("evacuation reports (evacuations.spec.ts)", () => {
  test("the reports index and list lead to a past drill's read-only report", async () => {
    const browser = newBrowser();
    let page = await signInWithForms(browser, "admin@example.com");
    page = await page.go(page.region("Main").link("Reports"));
    expect(page.path).toBe("/reports");
    expect(page.heading()).toBe("Reports");
    page = await page.click("Evacuation reports");
    expect(page.path).toBe("/reports/evacuations");
    expect(page.heading()).toBe("Evacuation reports");
    // Filtered to Head Office: a GET form.
    page = await page.form({ button: "Show", within: page.main() }).select("Site", "Head Office").submit("Show");
    expect(page.path).toMatch(/[?&]site=\d+/);
    const drill = page
      .all({ tag: "tr" })
      .filter((r) => r.has("Head Office") && r.has("Completed"))
      .at(-1)!;
    page = await page.go(drill.links()[0]!.href);
    expect(page.path).toMatch(/^\/reports\/evacuations\/\d+$/);
    expect(page.heading()).toBe("Evacuation report: Head Office");
    expect(page.has("This evacuation is completed. The report is read-only.")).toBe(true);
    expect(page.has("Drill complete: everyone accounted for in 11 minutes.")).toBe(true);
    expect(page.row(/^Bob Mason/).attr("data-status")).toBe("left_site");
    expect(page.buttons().filter((b) => /^Mark /.test(b))).toEqual([]);
  });

  test("a completed report can be deleted after a confirmation", async () => {
    const site = await freshSite("delete", { evacuation_points: ["Front steps", "Car park"] });
    await site.atKiosk("Ivy Irons");
    const { browser, email } = await userOn(site.id, "Administrator", "delete-nojs");
    let page = await (await browser.open("/fire-list")).click("Start an evacuation");
    expect(page.path).toMatch(/^\/reports\/evacuations\/\d+$/);
    expect(page.notices().join(" ")).toContain(`An evacuation of ${site.name} has started.`);
    const report = page.path;
    const { send } = await upstreamAccess(upstreamUrl(), email);
    expect((await send("POST", `evacuations/${report.split("/").pop()}/complete`, {})).status).toBe(200);
    page = await (await browser.open(report)).click("Delete report");
    expect(page.path).toBe(`${report}/delete`);
    expect(page.region("Delete this evacuation report?").hasButton("Delete the report")).toBe(true);
    page = await page.click("Delete the report");
    expect(page.path).toBe("/reports/evacuations");
    expect(page.notices().join(" ")).toContain("The evacuation report has been deleted.");
    expect((await browser.open(report)).status).toBe(404);
  });

  test("a role that may view reports but not edit sees no controls and cannot open the dialogs", async () => {
    const site = await freshSite("viewer", { evacuation_points: ["Front steps"] });
    await site.atKiosk("Jo Jones");
    const adminEmail = uniqueEmail("viewer-admin-nojs");
    await createUser({ email: adminEmail, role: "Administrator", site_ids: [site.id] });
    const started = await (await upstreamAccess(upstreamUrl(), adminEmail)).send("POST", `sites/${site.id}/evacuations`, {});
    expect(started.status).toBe(200);
    await createUpstreamRole(upstreamUrl(), { client: "eu:1", name: "Evacuation viewer", rights: ["EvacReport.viewer", "EvacList.viewer"] });
    const { browser } = await userOn(site.id, "Evacuation viewer", "viewer-nojs");
    const path = `/reports/evacuations/${started.json.id}`;
    const page = await browser.open(path);
    expect(page.row(/^Jo Jones/).text()).toContain("Jo Jones");
    expect(page.buttons().filter((b) => /^Mark /.test(b))).toEqual([]);
    expect(page.hasLink("Add a comment")).toBe(false);
    for (const dialog of ["comment", "complete", "delete"]) expect((await browser.open(`${path}/${dialog}`)).status, dialog).toBe(403);
  });
});

/**
 * A site of Umbrella Corp (eu:6, which no other test uses: groups made here stay out of Acme's fresh
 * sites) with a sign-out-first group of its own, shown there only.
 */
async function boardingSite(tag: string, members: string[]) {
  const site = await createUpstreamSite(upstreamUrl(), { client: "eu:6", name: `IT sof ${tag} ${Math.random().toString(36).slice(2, 7)}` });
  const group = await hook<{ id: number; name: string; members: { id: number; name: string }[] }>("POST", "groups", {
    client: "eu:6",
    name: `Boarders ${Math.random().toString(36).slice(2, 7)}`,
    site_ids: [site.id],
    allow_sign_out_first: true,
    members,
  });
  const member = (name: string) => group.members.find((m) => m.name === name)!.id;
  const leaves = async (name: string) => {
    const r = await kioskSignOut(upstreamUrl(), "eu", site.device_token, { member_id: member(name) });
    expect(r.ok && r.visit.status, JSON.stringify(r)).toBe("away");
    return r.ok ? r.visit.id : 0;
  };
  return { site, group, member, leaves, visitors: site.groups.find((g) => g.name === "Visitors")!.id };
}

describe("sign-out-first groups (ADR 015)", () => {
  test("a member signs out as leaving from the sign-in dialog, is listed under Out now, and is signed back in", async () => {
    const { site, group } = await boardingSite("journey", ["Nia Leaving", "Omar Staying"]);
    const { browser, email } = await userOn(site.id, "Administrator", "sof-nojs", "eu:6");
    let page = await browser.open("/today/sign-in");
    const form = page.form({ button: "Sign out (leaving)" });
    expect(form.field("Group member").options.filter((o) => o.group === group.name).map((o) => o.label)).toEqual(["Nia Leaving", "Omar Staying"]);
    page = await form.select("Group", `${group.name} (signs out first)`).select("Group member", "Nia Leaving").submit("Sign out (leaving)");
    expect(page.path).toBe("/today");
    expect(page.notices().join(" ")).toContain("Nia Leaving has signed out and is away.");
    const out = page.region(`Out now: ${group.name}`);
    expect(out.row("Nia Leaving").text()).toContain("Nia Leaving");
    expect(out.has("Omar Staying")).toBe(false);
    expect(page.testId("signed-in-count").text()).toBe("0");
    expect(page.headings(3).some((h) => h.startsWith(group.name) && !h.startsWith("Out now"))).toBe(false);
    const api = await upstreamAccess(upstreamUrl(), email);
    const stored = await api.get(`sites/${site.id}/visits/today`);
    expect(stored.away.map((v: { name: string; status: string; source: string }) => [v.name, v.status, v.source])).toEqual([["Nia Leaving", "away", "portal"]]);
    // Out: the dialog no longer offers her.
    const again = (await browser.open("/today/sign-in")).form({ button: "Sign out (leaving)" });
    expect(again.field("Group member").options.filter((o) => o.group === group.name).map((o) => o.label)).toEqual(["Omar Staying"]);

    page = await page.click("Signed back in: Nia Leaving");
    expect(page.notices().join(" ")).toContain("Nia Leaving is signed back in.");
    expect(page.region(`Out now: ${group.name}`).text()).toContain("Nobody in this group is out.");
    const history = await api.get(`visits/${stored.away[0].id}`);
    expect([history.status, history.signed_in_at === null]).toEqual(["returned", false]);
    expect(page.testId("signed-in-count").text()).toBe("0");
  });

  test("hostile posts of the new intents get a 4xx with a message, never a 500; a return of a visit that is not out says why", async () => {
    const { site, group, member, visitors } = await boardingSite("hostile", ["Pia Post", "Quin Quick"]);
    const email = uniqueEmail("sof-hostile");
    await createUser({ email, role: "Administrator", site_ids: [site.id], client: "eu:6" });
    const web = newClient();
    await signIn(web, email);
    const siteId = String(site.id);
    const pia = String(member("Pia Post"));
    const failures = await failuresOf(web, [
      ["/today/sign-in", { siteId, group_id: String(group.id), member_id: "abc", intent: "depart" }, 400, "Choose who is leaving."],
      ["/today/sign-in", { siteId, group_id: String(group.id), member_id: "999999999", intent: "depart" }, 400, "Choose who is leaving."],
      ["/today/sign-in", { siteId, group_id: String(visitors), name: "Visitor", intent: "depart" }, 400, "This group does not sign out first."],
      ["/today/sign-in", { siteId, group_id: String(group.id), member_id: pia }, 400, "Members of this group sign out when they leave"],
      ["/today/sign-in", { siteId, group_id: String(group.id), member_id: pia, intent: "vanish" }, 400, "That request could not be used"],
      ["/today/sign-in", [["siteId", siteId], ["group_id", String(group.id)], ["member_id", pia], ["intent", "depart"], ["intent", "depart"]], 400, "That request could not be used"],
      ["/today", { intent: "return", visitId: "abc" }, 400, "That request could not be used"],
      ["/today", { intent: "return", visitId: "1".repeat(5000) }, 400, "That request could not be used"],
    ]);
    expect(failures).toEqual([]);
    const api = await upstreamAccess(upstreamUrl(), email);
    expect((await api.get(`sites/${site.id}/visits/today`)).away).toEqual([]);
    // A visit that is not out: the refusal in words, on Today.
    const inside = await kioskSignIn(upstreamUrl(), "eu", site.device_token, { group_id: visitors, name: "Rex Inside" });
    if (!inside.ok) throw new Error(JSON.stringify(inside));
    const r = await web.post("/today", { intent: "return", visitId: String(inside.visit.id), name: "Rex Inside" });
    expect(r.res.status).toBe(200);
    expect(r.body).toContain("Could not sign Rex Inside back in: This person is not signed out as away");
  });

  test("a synced group's details tab says, by its checkbox, that it signs out first only with the flag", async () => {
    const site = await createUpstreamSite(upstreamUrl(), { client: "eu:6", name: `IT sof flag ${Math.random().toString(36).slice(2, 7)}` });
    const synced = await hook<{ id: number }>("POST", "groups", { client: "eu:6", name: `Synced ${Math.random().toString(36).slice(2, 7)}`, site_ids: [site.id], allow_sign_out_first: true, synced: "azure-ad" });
    const { browser } = await userOn(site.id, "Administrator", "sof-flag", "eu:6");
    const hint = "sign-out-first applies to synced groups only when your organisation has the feature";
    const described = async () => (await browser.open(`/manage/group/${synced.id}/details`)).description("Members sign out first").join(" ");
    expect(await described()).toContain(hint);
    await hook("POST", "clients/eu:6", { settings: { "beta.show-signout-first-sync-groups-as-signout-first": true } });
    try {
      expect(await described()).not.toContain(hint);
    } finally {
      await hook("POST", "clients/eu:6", { settings: { "beta.show-signout-first-sync-groups-as-signout-first": false } });
    }
  });

  test("a role without Today.signInOut sees who is out but no action, and its post is Forbidden", async () => {
    const { site, group, leaves } = await boardingSite("viewer", ["Sam Seen"]);
    const visitId = await leaves("Sam Seen");
    await createUpstreamRole(upstreamUrl(), { client: "eu:6", name: "Today viewer", rights: ["Today.viewer"] });
    const { browser } = await userOn(site.id, "Today viewer", "sof-viewer", "eu:6");
    const page = await browser.open("/today");
    const out = page.region(`Out now: ${group.name}`);
    expect(out.row("Sam Seen").text()).toContain("Sam Seen");
    expect(out.buttons()).toEqual([]);
    const r = await browser.client.post("/today", { intent: "return", visitId: String(visitId), name: "Sam Seen" }, { follow: false });
    expect(r.res.status).toBe(403);
  });
});
