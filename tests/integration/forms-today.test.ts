/**
 * Today and evacuation reports without JavaScript, through the pages themselves
 * (tests/support/browser.ts): the self-refresh and its off switch, the rights that hide Today's
 * controls, and the reports' list, deletion and view-only role (ADR 012: moved from the e2e `nojs`
 * project; today.spec.ts and evacuations.spec.ts keep one no-JavaScript journey each, and all of
 * these with JavaScript).
 */
import { describe, expect, test } from "vitest";
import type { HttpBrowser, Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { createUpstreamRole, createUpstreamSite, kioskSignIn } from "../support/hooks";
import { createUser, newBrowser, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

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
async function userOn(siteId: number, role: string, tag: string): Promise<{ browser: HttpBrowser; page: Page; email: string }> {
  const email = uniqueEmail(tag);
  await createUser({ email, role, site_ids: [siteId], name: `Tester ${tag}` });
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
