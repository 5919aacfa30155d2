/**
 * The Spaces add-on pages through real HTTP, as a browser without JavaScript (issue 26 item 8;
 * ADR 036 "The Spaces add-on"): a client of the test's own without spaces (GBP) opens
 * /manage/addons/discover/spaces — what Spaces does, its price per site per year — and starts the
 * 15-day trial at its Office: the portal lands on that site's designer, its cached config dropped
 * (the designer's and /spaces' rule `spacesEnabled` now let it in); the discover page then shows
 * the trial's days left; a second start is refused (409, the upstream's words); once a space is
 * drawn, /manage/addons/spaces opens instead of the discover page and turns Spaces off and on at a
 * site; after 15 days it says the trial has ended. A Standard User (no Spaces.editor) is 403 on both
 * pages and their posts; hostile posts are 4xx with a message, never 500.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { upstreamAccess } from "../support/access";
import { createUser, failuresOf, hook, newBrowser, newClient, signIn, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const DISCOVER = "/manage/addons/discover/spaces";
const ADDON = "/manage/addons/spaces";
let gid = "";
let admin = "";
let office = 0;
let acmeHq = 0;

beforeAll(async () => {
  gid = (await hook<{ global_id: string }>("POST", "account/clients", { name: `Addon Trial ${Date.now()}`, country: "GB" })).global_id;
  admin = uniqueEmail("addons");
  await createUser({ email: admin, client: gid, role: "Administrator" });
  const api = await upstreamAccess(upstreamUrl(), admin);
  office = api.config.sites.find((s) => s.name === "Office")!.id;
  acmeHq = ((await (await upstreamAccess(upstreamUrl(), "admin@example.com")).get("sites")) as { id: number; name: string }[]).find((s) => s.name === "Head Office")!.id;
});

describe("the Spaces add-on, without JavaScript", () => {
  test("discover, start the trial, land on the designer with Spaces on; the state, the sites' switch, the expiry", async () => {
    const browser = newBrowser();
    await signInWithForms(browser, admin);
    // Before: no spaces anywhere, Spaces off — the discover page opens, the add-on page and /spaces do not.
    expect((await browser.open(ADDON)).status).toBe(403);
    expect((await browser.open("/spaces")).status).toBe(403);
    let page = await browser.open(DISCOVER);
    expect([page.status, page.heading()]).toEqual([200, "Discover Spaces"]);
    expect(page.text()).toContain("Spaces costs £360.00 per site per year.");
    expect(page.text()).toContain("The trial lasts 15 days, counting today.");

    // Nothing chosen: the form says so, on the list.
    const refused = await page.form("Try Spaces free for 15 days").submit("Start a 15-day trial");
    expect(refused.status).toBe(400);
    expect(refused.groupErrors("Sites to turn Spaces on at")).toEqual(["Choose at least one site"]);

    page = await refused.form("Try Spaces free for 15 days").check("Office").submit("Start a 15-day trial");
    // The designer of the site chosen: its rule (`spacesEnabled`) lets the user in now — the session's config was refreshed.
    expect(page.path).toBe(`/manage/spaces/${office}`);
    expect(page.status).not.toBe(403);
    expect((await browser.open("/spaces")).status).toBe(200);

    // Until a space is drawn the discover page stays the add-on's page: the trial's state, no start form.
    page = await browser.open(DISCOVER);
    expect(page.testId("addon-state").text()).toMatch(/^Trial: 15 days left, until the end of /);
    expect(page.hasButton("Start a 15-day trial")).toBe(false);
    expect(page.row("Office").text()).toContain("On");
    expect(page.hasLink("Design spaces at Office")).toBe(true);

    // A space drawn (the designer's work), then a switch posted: the add-on page opens, the discover page no longer.
    await hook("POST", `sites/${office}/spaces/nodes`, { name: "Desk 1", category: "desk" });
    page = await page.form("Turn Spaces off at Office").submit("Turn Spaces off at Office");
    expect([page.path, page.status, page.heading()]).toEqual([ADDON, 200, "Spaces"]);
    expect(page.notices().join(" ")).toContain("Spaces is off at the site.");
    expect(page.row("Office").text()).toContain("Off");
    expect((await browser.open(DISCOVER)).status).toBe(403);
    page = await page.form("Turn Spaces on at Office").submit("Turn Spaces on at Office");
    expect(page.path).toBe(ADDON);
    expect(page.notices().join(" ")).toContain("Spaces is on at the site.");
    expect(page.hasLink("Bookings at Office")).toBe(true);

    // Fifteen days on (the upstream's test hook moves the trial back): ended, Spaces off, nothing to turn on.
    await hook("POST", `clients/${gid}/addons/spaces/trial`, { days: 15 });
    page = await browser.open(ADDON);
    expect(page.testId("addon-state").text()).toMatch(/^Your trial ended at the end of .+\. Spaces is off until you buy it/);
    expect(page.hasButton("Turn Spaces on at Office")).toBe(false);
    expect(page.hasLink("Bookings at Office")).toBe(false);
  });

  test("once a space is drawn the discover page and its posts are 403; the add-on page's hostile posts are 4xx with a message", async () => {
    const web = newClient();
    await signIn(web, admin);
    // The client has a space now (the first test), so the discover page is not its own: every post a 403 first.
    const forms: Record<string, string>[] = [{ intent: "start", site_ids: String(office) }, { intent: "start", site_ids: "abc" }, { intent: "site", site_id: String(office), enabled: "off" }, { intent: "drop-tables" }];
    for (const form of forms) {
      expect([form, (await web.post(DISCOVER, form, { follow: false })).res.status]).toEqual([form, 403]);
    }
    // The add-on page: its own intent only (`start` is the discover page's).
    const onAddon = await failuresOf(web, [
      [ADDON, { intent: "site", site_id: "999999", enabled: "off" }, 404, "This site no longer exists."],
      [ADDON, { intent: "site", site_id: String(acmeHq), enabled: "off" }, 404, "This site no longer exists."],
      [ADDON, { intent: "site", site_id: "<script>", enabled: "on" }, 400, "Choose sites of your organisation"],
      [ADDON, { intent: "site", site_id: String(office), enabled: "maybe" }, 400, "Choose one of the options shown."],
      [ADDON, { intent: "site", site_id: String(office), enabled: "on" }, 409, "Start the Spaces trial or purchase Spaces first"],
      [ADDON, { intent: "start", site_ids: String(office) }, 400, ""],
    ]);
    expect(onAddon).toEqual([]);
  });

  test("a client of its own without a space: a second start 409, hostile posts 4xx", async () => {
    const other = (await hook<{ global_id: string }>("POST", "account/clients", { name: `Addon Twice ${Date.now()}`, country: "DE" })).global_id;
    const email = uniqueEmail("addons");
    await createUser({ email, client: other, role: "Administrator" });
    const site = (await upstreamAccess(upstreamUrl(), email)).config.sites[0]!.id;
    const web = newClient();
    await signIn(web, email);
    expect((await web.request(DISCOVER)).body).toContain("€420.00");
    const failures = await failuresOf(web, [
      [DISCOVER, { intent: "start", site_ids: "abc" }, 400, "Choose sites of your organisation"],
      [DISCOVER, { intent: "start" }, 400, "Choose at least one site"],
      [DISCOVER, { intent: "start", site_ids: String(acmeHq) }, 422, "Choose sites of your organisation"],
      [DISCOVER, { intent: "site", site_id: String(site), enabled: "on" }, 409, "Start the Spaces trial or purchase Spaces first"],
      [DISCOVER, { intent: "site", site_id: "<script>", enabled: "on" }, 400, "Choose sites of your organisation"],
      [DISCOVER, { intent: "drop-tables" }, 400, ""],
      [DISCOVER, { intent: "start", site_ids: String(site) }, 303, ""],
      [DISCOVER, { intent: "start", site_ids: String(site) }, 409, "The Spaces trial has already been started for your organisation."],
    ]);
    expect(failures).toEqual([]);
  });

  test("Acme (spaces at Head Office, Spaces in its subscription): the add-on page, purchased, with Head Office's designer and bookings", async () => {
    const browser = newBrowser();
    await signInWithForms(browser, "admin@example.com");
    expect((await browser.open(DISCOVER)).status).toBe(403);
    const page = await browser.open(ADDON);
    expect([page.status, page.testId("addon-state").text()]).toEqual([200, "Purchased: Spaces is part of your subscription."]);
    expect(page.row("Head Office").text()).toContain("On");
    expect(page.link("Bookings at Head Office")).toBe(`/spaces/${acmeHq}/bookings`);
    expect(page.link("Design spaces at Head Office")).toBe(`/manage/spaces/${acmeHq}`);
    expect(page.hasButton("Turn Spaces off at Head Office")).toBe(true);
  });

  test("an expired client sees the discover page; starting a trial sends it to the trial-ended page", async () => {
    const browser = newBrowser();
    await signInWithForms(browser, "expired@example.com");
    let page = await browser.open(DISCOVER);
    expect([page.status, page.heading()]).toEqual([200, "Discover Spaces"]);
    page = await page.form("Try Spaces free for 15 days").check("Trial Office").submit("Start a 15-day trial");
    expect(page.path).toBe("/trial-ended");
  });

  test("without Spaces.editor both pages and their posts are 403", async () => {
    const email = uniqueEmail("addons");
    await createUser({ email, client: gid, role: "Standard User" });
    const web = newClient();
    await signIn(web, email);
    for (const path of [DISCOVER, ADDON]) {
      expect([path, (await web.request(path)).res.status]).toEqual([path, 403]);
      expect([path, (await web.post(path, { intent: "site", site_id: String(office), enabled: "off" }, { follow: false })).res.status]).toEqual([path, 403]);
    }
    expect((await web.post(DISCOVER, { intent: "start", site_ids: String(office) }, { follow: false })).res.status).toBe(403);
  });
});
