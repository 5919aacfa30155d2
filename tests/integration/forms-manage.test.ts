/**
 * The manage area without JavaScript, through the pages' own forms (tests/support/browser.ts):
 * sites and events, groups, and a site's devices, sign-in points, attendees and settings tabs,
 * each step checked on the page and in what the upstream stored (ADR 012: moved from the e2e
 * `nojs` project; manage-journey.spec.ts keeps the area's one no-JavaScript journey, and the
 * e2e specs keep all of these with JavaScript).
 */
import { describe, expect, test } from "vitest";
import type { HttpBrowser, Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { createUpstreamRole, createUpstreamSite } from "../support/hooks";
import { createUser, hook, newBrowser, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 7);

/** A fresh administrator (of Acme Ltd unless told), signed in through the forms. */
async function admin(client = "eu:1", prefix = "manage-nojs"): Promise<{ browser: HttpBrowser; email: string }> {
  const email = uniqueEmail(prefix);
  await createUser({ email, role: "Administrator", client, name: "Mia Manager" });
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return { browser, email };
}

const notices = (page: Page) => page.notices().join(" ");

describe("sites and events (manage-sites.spec.ts)", () => {
  test("an administrator adds a site, edits its details and deletes it by typing its name", async () => {
    await hook("POST", "clients/eu:1", { site_limit: null });
    const { browser } = await admin();
    const today = await browser.open("/today");
    let page = await today.go(today.region("Main").link("Manage"));
    expect(page.heading()).toBe("Manage");
    page = await page.click("Sites");
    expect(page.path).toBe("/manage/overview/sites");
    expect(page.all({ tag: "table" }).length).toBe(1);

    // Add a site: the form's own messages first, then the real thing.
    page = await page.click("Add a site");
    expect(page.path).toBe("/manage/overview/sites/new");
    page = await page.form("Add site").fill("Reply-to email", "not an email").submit("Add site");
    const dialog = page.region("Add a site");
    expect(dialog.fieldErrors("Site name")).toEqual(["A site name is required"]);
    expect(dialog.fieldErrors("Reply-to email")).toEqual(["Enter a valid reply-to email address"]);
    expect(dialog.field("Reply-to email").value).toBe("not an email");
    const name = `IT Depot ${tag()}`;
    page = await page.form("Add site").fill("Site name", name).fill("Reply-to email", "depot@acme.example.com").select("Time zone", "Europe/Dublin").submit("Add site");
    expect(page.path).toMatch(/^\/manage\/site\/\d+\/details$/);
    expect(notices(page)).toContain(`${name} has been added.`);
    expect(page.heading()).toBe(name);
    const details = page.path;

    // Edit the details; a reload shows what was stored.
    page = await page.form("Save changes").fill("Address (optional)", "4 Harbour Road, Dublin").fill("Reply-to name (optional)", "Depot reception").fill("Site name", `${name} North`).submit("Save changes");
    expect(notices(page)).toContain(`${name} North has been saved.`);
    page = await browser.open(details);
    expect(page.field("Site name").value).toBe(`${name} North`);
    expect(page.field("Address (optional)").value).toBe("4 Harbour Road, Dublin");
    expect(page.field("Reply-to name (optional)").value).toBe("Depot reception");
    expect(page.field("Time zone").value).toBe("Europe/Dublin");

    // A blank name is refused and nothing is saved.
    page = await page.form("Save changes").fill("Site name", "").submit("Save changes");
    expect(page.fieldErrors("Site name")).toEqual(["A site name is required"]);
    page = await browser.open(details);
    expect(page.field("Site name").value).toBe(`${name} North`);

    // Delete by typing the name: a wrong name first.
    const confirmLabel = `Type “${name} North” to confirm`;
    page = await page.form("Delete this site").fill(confirmLabel, "something else").submit("Delete this site");
    expect(page.fieldErrors(confirmLabel)).toEqual(["Type the name exactly as shown to delete it"]);
    page = await page.form("Delete this site").fill(confirmLabel, `${name} North`).submit("Delete this site");
    expect(page.path).toBe("/manage/overview/sites");
    expect(notices(page)).toContain(`${name} North has been deleted.`);
    expect((await browser.open(`/manage/overview/sites?search=${encodeURIComponent(name)}`)).has(/Nothing matches/)).toBe(true);
    expect((await browser.open(details)).status).toBe(404);
  });

  test("an event is added with its dates in the site's time; the end must come after the start", async () => {
    const { browser } = await admin();
    let page = await browser.open("/manage/overview/events/new");
    const name = `IT Summer party ${tag()}`;
    const form = () => page.form("Add event");
    page = await form().fill("Event name", name).fill("Reply-to email", "events@acme.example.com").select("Time zone", "Europe/London").fill("Starts", "2030-07-01T18:00").fill("Ends", "2030-07-01T17:00").submit("Add event");
    expect(page.region("Add an event").fieldErrors("Ends")).toEqual(["The end must be after the start"]);
    page = await form().fill("Ends", "2030-07-01T23:30").submit("Add event");
    expect(page.path).toMatch(/^\/manage\/site\/\d+\/details$/);
    page = await page.reload();
    expect(page.field("Starts").value).toBe("2030-07-01T18:00");
    expect(page.field("Ends").value).toBe("2030-07-01T23:30");
    page = await browser.open(`/manage/overview/events?search=${encodeURIComponent(name)}`);
    expect(page.row(name).text()).toContain("1 Jul 2030");
  });

  test("the site limit: adding one site too many says so, keeps the name and adds nothing", async () => {
    await hook("POST", "clients/eu:5", { site_limit: 1 });
    const { browser } = await admin("eu:5");
    let page = await browser.open("/manage/overview/sites");
    expect(page.has("1 of 1 sites used")).toBe(true);
    page = await page.click("Add a site");
    page = await page.form("Add site").fill("Site name", "One too many").fill("Reply-to email", "office@initech.example.com").submit("Add site");
    const dialog = page.region("Add a site");
    expect(dialog.has("You have reached your site limit of 1")).toBe(true);
    expect(dialog.field("Site name").value).toBe("One too many");
    expect((await browser.open("/manage/overview/sites")).rowHeaders()).not.toContain("One too many");
  });

  test("a viewer of sites sees the overview read-only, and a site's own pages are for administrators", async () => {
    await createUpstreamRole(upstreamUrl(), { client: "eu:1", name: "Site viewer", rights: ["ManageSite.viewer"] });
    const email = uniqueEmail("site-viewer-nojs");
    await createUser({ email, role: "Site viewer" });
    const browser = newBrowser();
    expect((await signInWithForms(browser, email)).path).toBe("/today");
    const page = await browser.open("/manage/overview/sites?search=Head%20Office");
    expect(page.rowHeaders()).toContain("Head Office");
    expect(page.hasLink("Add a site")).toBe(false);
    expect(page.hasLink("Head Office")).toBe(false);
    expect((await browser.open("/manage/overview/sites/new")).status).toBe(403);
    expect((await browser.open("/manage/site/1/details")).status).toBe(403);
    expect((await browser.open("/manage/overview/events")).status).toBe(403);
  });
});

describe("groups (manage-groups.spec.ts)", () => {
  test("an administrator adds a group and chooses the sites that show it", async () => {
    await hook("POST", "clients/eu:1", { group_limit: null, site_limit: null });
    const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT Groups site ${tag()}` });
    const { browser } = await admin("eu:1", "groups-nojs");
    let page = await (await browser.open("/manage")).click("Groups");
    expect(page.path).toBe("/manage/overview/groups");
    expect(page.rowHeaders()).toContain("Visitors");

    page = await page.click("Add a group");
    expect(page.heading()).toBe("Add a group");
    page = await page.form("Add group").submit("Add group");
    expect(page.fieldErrors("Group name")).toEqual(["The group name is required"]);
    const name = `IT Crew ${tag()}`;
    page = await page.form("Add group").fill("Group name", name).check("Returning members").submit("Add group");
    expect(notices(page)).toContain(`Group “${name}” added.`);
    expect(page.path).toMatch(/^\/manage\/overview\/groups\?search=/);
    page = await page.reload();
    expect(page.row(name).text()).toContain("Returning members");
    expect(page.row(name).text()).toContain("Every site");

    // The new site shows it; leave it out there.
    const groupsTab = `/manage/site/${site.id}/groups`;
    page = await browser.open(groupsTab);
    expect(page.region(`Groups shown at ${site.name}`).field(name).checked).toBe(true);
    page = await page.form("Save groups").uncheck(name).submit("Save groups");
    expect(notices(page)).toMatch(new RegExp(`${site.name} now shows \\d+ groups?\\.`));
    page = await browser.open(groupsTab);
    expect(page.field(name).checked).toBe(false);
    page = await browser.open(`/manage/overview/groups?search=${encodeURIComponent(name)}`);
    expect(page.row(name).text()).not.toContain("Every site");
    expect(page.row(name).text()).toMatch(/\d+ sites?/);

    // And back.
    page = await (await browser.open(groupsTab)).form("Save groups").check(name).submit("Save groups");
    expect(notices(page)).toMatch(new RegExp(`${site.name} now shows \\d+ groups?\\.`));
    expect((await browser.open(groupsTab)).field(name).checked).toBe(true);
  });

  test("the group limit: one group too many says so, keeps the name and adds nothing", async () => {
    const { browser } = await admin("eu:4", "groups-limit-nojs");
    let page = await browser.open("/manage/overview/groups");
    const groups = page.rowHeaders().length;
    await hook("POST", "clients/eu:4", { group_limit: groups });
    page = await page.reload();
    expect(page.has(`${groups} of ${groups} groups used`)).toBe(true);
    page = await page.click("Add a group");
    page = await page.form("Add group").fill("Group name", "One group too many").submit("Add group");
    expect(page.has("You are over the limit, please upgrade your tier")).toBe(true);
    expect(page.field("Group name").value).toBe("One group too many");
    expect((await browser.open("/manage/overview/groups")).rowHeaders()).not.toContain("One group too many");
  });
});
