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
/** A row's delete confirmation (the kit's disclosure), found by its summary ("Delete “Name”"). */
const confirmOf = (page: Page, summary: string) => page.all({ tag: "details", class: "row-delete" }).find((d) => d.all({ tag: "summary" })[0]!.has(summary))!;

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
    // Initech Ltd (eu:5): its limit is set to the sites it has (another file adds one), then lifted again.
    const { browser } = await admin("eu:5");
    let page = await browser.open("/manage/overview/sites");
    const sites = page.rowHeaders().length;
    expect(sites).toBeGreaterThan(0);
    await hook("POST", "clients/eu:5", { site_limit: sites });
    try {
      page = await page.reload();
      expect(page.has(`${sites} of ${sites} sites used`)).toBe(true);
      page = await page.click("Add a site");
      page = await page.form("Add site").fill("Site name", "One too many").fill("Reply-to email", "office@initech.example.com").submit("Add site");
      const dialog = page.region("Add a site");
      expect(dialog.has(`You have reached your site limit of ${sites}`)).toBe(true);
      expect(dialog.field("Site name").value).toBe("One too many");
      expect((await browser.open("/manage/overview/sites")).rowHeaders()).not.toContain("One too many");
    } finally {
      await hook("POST", "clients/eu:5", { site_limit: null });
    }
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
    // Initech Ltd (eu:5; eu:4's Administrator role is narrowed by manage-groups.test.ts): its
    // limit is set to the groups it has, then lifted again.
    const { browser } = await admin("eu:5", "groups-limit-nojs");
    let page = await browser.open("/manage/overview/groups");
    const groups = page.rowHeaders().length;
    expect(groups).toBeGreaterThan(0);
    await hook("POST", "clients/eu:5", { group_limit: groups });
    try {
      page = await page.reload();
      expect(page.has(`${groups} of ${groups} groups used`)).toBe(true);
      page = await page.click("Add a group");
      page = await page.form("Add group").fill("Group name", "One group too many").submit("Add group");
      expect(page.has("You are over the limit, please upgrade your tier")).toBe(true);
      expect(page.field("Group name").value).toBe("One group too many");
      expect((await browser.open("/manage/overview/groups")).rowHeaders()).not.toContain("One group too many");
    } finally {
      await hook("POST", "clients/eu:5", { group_limit: null });
    }
  });
});

describe("a site's devices, sign-in points, attendees and settings (manage-devices.spec.ts)", () => {
  /** A fresh administrator of Acme Ltd on a fresh site of their own, signed in. */
  async function adminOnSite(type: "standard" | "event" = "standard") {
    const { browser, email } = await admin("eu:1", "manage-devices-nojs");
    const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT ${type === "event" ? "Gala" : "Depot"} ${tag()}`, type });
    return { browser, site, api: await upstreamAccess(upstreamUrl(), email), base: `/manage/site/${site.id}` };
  }
  const deviceCode = (body: Record<string, unknown> = {}) => hook<{ code: string; token: string }>("POST", "device-codes", { region: "eu", ...body });
  const tab = async (browser: HttpBrowser, base: string, name: string) => {
    const details = await browser.open(`${base}/details`);
    return details.go(details.region("Site sections").link(name));
  };

  test("connect a kiosk with its code, see its state in words, rename it and disconnect it", async () => {
    const { browser, site, api, base } = await adminOnSite();
    let page = await tab(browser, base, "Devices");
    expect(page.path).toBe(`${base}/devices`);
    expect(page.row("Test kiosk").text()).toContain("Offline");
    expect(page.row("Test kiosk").text()).toContain("Never");

    // A mistyped code, an expired one: each says why, and nothing is connected.
    page = await page.form("Connect device").fill("Authorisation code", "123 45").fill("Device name", "Reception iPad").submit("Connect device");
    expect(page.fieldErrors("Authorisation code")).toEqual(["Enter the 7-digit code shown on the device"]);
    expect(page.field("Authorisation code").value).toBe("123 45");
    const expired = await deviceCode({ expired: true });
    page = await page.form("Connect device").fill("Authorisation code", expired.code).submit("Connect device");
    expect(page.has("This code has expired: the device will show a new one")).toBe(true);
    expect(page.field("Device name").value).toBe("Reception iPad");

    // The real code, typed the way people read it.
    const shown = await deviceCode({ app_version: "3.12.0" });
    page = await page.form("Connect device").fill("Authorisation code", `${shown.code.slice(0, 3)} ${shown.code.slice(3)}`).submit("Connect device");
    expect(notices(page)).toContain("Reception iPad is connected.");
    page = await browser.open(`${base}/devices`);
    let row = page.row("Reception iPad");
    for (const text of ["Offline", "App up to date", "3.12.0"]) expect(row.text()).toContain(text);

    // The same code again: it has been used.
    page = await page.form("Connect device").fill("Authorisation code", shown.code).fill("Device name", "Second iPad").submit("Connect device");
    expect(page.has("This code is not valid: check the code the device shows")).toBe(true);
    expect((await api.get(`sites/${site.id}/devices`)).map((d: { name: string }) => d.name).sort()).toEqual(["Reception iPad", "Test kiosk"]);

    // The kiosk calls in with an old app: online, outdated; an hour later: offline.
    const deviceId = Number(row.attr("data-device-id"));
    expect(deviceId).toBeGreaterThan(0);
    await hook("POST", `devices/${deviceId}`, { last_seen_seconds_ago: 0, app_version: "3.0.0" });
    row = (await browser.open(`${base}/devices`)).row("Reception iPad");
    for (const text of ["Online", "App outdated", "3.0.0"]) expect(row.text()).toContain(text);
    await hook("POST", `devices/${deviceId}`, { last_seen_seconds_ago: 3600 });
    page = await browser.open(`${base}/devices`);
    row = page.row("Reception iPad");
    expect(row.text()).toContain("Offline");
    expect(row.text()).not.toContain("Never");

    // Its own page: rename it.
    page = await page.go(row.link("Reception iPad"));
    expect(page.path).toBe(`${base}/devices/${deviceId}`);
    expect(page.headings(2)).toContain("Reception iPad");
    expect(page.has("App outdated")).toBe(true);
    expect(page.has("The latest app version is 3.12.0.")).toBe(true);
    expect(page.region("Site sections").all({ tag: "a", attr: "aria-current", value: "page" }).map((a) => a.text())).toEqual(["Devices"]);
    page = await page.form("Save name").fill("Device name", "").submit("Save name");
    expect(page.fieldErrors("Device name")).toEqual(["A device name is required"]);
    page = await page.form("Save name").fill("Device name", "Front desk iPad").submit("Save name");
    expect(notices(page)).toContain("The device is now called Front desk iPad.");
    page = await page.reload();
    expect(page.headings(2)).toContain("Front desk iPad");
    expect(page.field("Device name").value).toBe("Front desk iPad");

    // Disconnect: a confirm step first (Cancel keeps it), then for real.
    page = await page.click("Disconnect this device");
    expect(page.has("Disconnect Front desk iPad?")).toBe(true);
    page = await page.click("Cancel");
    expect(page.has("Disconnect Front desk iPad?")).toBe(false);
    page = await (await page.click("Disconnect this device")).click("Yes, disconnect");
    expect(page.path).toBe(`${base}/devices`);
    expect(notices(page)).toContain("Front desk iPad has been disconnected.");
    page = await page.reload();
    expect(page.rowHeaders().filter((n) => n.includes("Front desk iPad"))).toEqual([]);
    expect(page.rowHeaders().filter((n) => n.includes("Test kiosk"))).toHaveLength(1);
    expect((await browser.open(`${base}/devices/${deviceId}`)).status).toBe(404);
  });

  test("add, rename and delete a sign-in point; its QR code is in the page", async () => {
    const { browser, site, api, base } = await adminOnSite();
    let page = await tab(browser, base, "Sign-in points");
    expect(page.path).toBe(`${base}/sign-in-points`);
    expect(page.has("This site has no sign-in points yet.")).toBe(true);
    page = await page.form("Add sign-in point").submit("Add sign-in point");
    expect(page.fieldErrors("Sign-in point name")).toEqual(["A sign-in point name is required"]);
    page = await page.form("Add sign-in point").fill("Sign-in point name", "Main gate").submit("Add sign-in point");
    expect(notices(page)).toContain("Main gate has been added.");
    page = await page.reload();
    const qr = page.images().find((i) => i.name === "QR code of Main gate");
    expect(qr?.src).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr!.src.split(",")[1]!, "base64").toString("utf8")).toMatch(/<svg[\s>]/);
    const [stored] = (await api.get(`sites/${site.id}/sign-in-points`)) as { id: number; name: string; qr_value: string }[];
    expect(stored!.name).toBe("Main gate");
    expect(page.has(stored!.qr_value)).toBe(true);

    page = await page.click("Rename Main gate");
    page = await page.form("Save name").fill("New name for Main gate", "   ").submit("Save name");
    expect(page.has("A sign-in point name is required")).toBe(true);
    page = await page.form("Save name").fill("New name for Main gate", "North gate").submit("Save name");
    expect(notices(page)).toContain("The sign-in point is now called North gate.");
    page = await page.reload();
    expect(page.headings()).toContain("North gate");
    expect(page.headings()).not.toContain("Main gate");
    expect(page.has(stored!.qr_value)).toBe(true); // renaming keeps its QR value

    expect(confirmOf(page, "Delete “North gate”").has("Delete North gate? Its QR code stops working")).toBe(true);
    page = await page.form({ within: confirmOf(page, "Delete “North gate”"), button: "Yes, delete it" }).submit("Yes, delete it");
    expect(notices(page)).toContain("North gate has been deleted.");
    expect((await page.reload()).has("This site has no sign-in points yet.")).toBe(true);
    expect(await api.get(`sites/${site.id}/sign-in-points`)).toEqual([]);
  });

  test("an event's attendees: a UK number typed nationally is stored as E.164, an invalid one is refused", async () => {
    const { browser, site, api, base } = await adminOnSite("event");
    let page = await tab(browser, base, "Attendees");
    expect(page.path).toBe(`${base}/attendees`);
    expect(page.has("This event has no attendees yet.")).toBe(true);
    const stored = async () => (await api.get(`sites/${site.id}/attendees`)).attendees as { name: string; phone: string | null; company: string | null }[];

    page = await page.form("Add attendee").fill("Name", "Ada Lovelace").fill("Phone (optional)", "12345").submit("Add attendee");
    expect(page.fieldErrors("Phone (optional)")).toEqual(["Enter a valid phone number"]);
    expect(page.field("Phone (optional)").value).toBe("12345");
    expect(await stored()).toEqual([]);

    page = await page.form("Add attendee").fill("Phone (optional)", "07911 123456").fill("Company (optional)", "Analytical Engines").submit("Add attendee");
    expect(notices(page)).toContain("Ada Lovelace has been added.");
    page = await page.reload();
    const row = () => page.all({ tag: "tr" }).find((r) => r.has("Ada Lovelace"))!;
    expect(row().text()).toContain("+44 7911 123456");
    expect(row().text()).toContain("Analytical Engines");
    expect((await stored())[0]).toMatchObject({ name: "Ada Lovelace", phone: "+447911123456", company: "Analytical Engines" });

    // Edit: an empty phone is valid and clears it.
    page = await page.go(row().link("Edit Ada Lovelace"));
    expect(page.headings()).toContain("Edit Ada Lovelace");
    expect(page.field("Phone (optional)").value).toBe("+44 7911 123456");
    page = await page.form("Save attendee").fill("Phone (optional)", "").fill("Company (optional)", "Babbage & Co").submit("Save attendee");
    expect(notices(page)).toContain("Ada Lovelace has been saved.");
    page = await page.reload();
    expect(row().text()).toContain("Babbage & Co");
    expect((await stored())[0]).toMatchObject({ phone: null, company: "Babbage & Co" });

    // Search (a GET form), then delete from the results.
    await api.send("POST", `sites/${site.id}/attendees`, { name: "Charles Babbage" });
    page = await page.form({ button: "Search" }).fill("Search attendees", "Ada").submit("Search");
    expect(page.path).toMatch(/search=Ada/);
    expect(page.all({ tag: "tr" }).filter((r) => r.has("Charles Babbage"))).toHaveLength(0);
    expect(confirmOf(page, "Delete “Ada Lovelace”").has("Delete Ada Lovelace? Ada Lovelace is removed")).toBe(true);
    page = await page.form({ within: confirmOf(page, "Delete “Ada Lovelace”"), button: "Yes, delete" }).submit("Yes, delete");
    expect(notices(page)).toContain("Ada Lovelace has been removed.");
    expect(page.path).toMatch(/search=Ada/);
    page = await browser.open(`${base}/attendees`);
    expect(page.all({ tag: "tr" }).filter((r) => r.has("Ada Lovelace"))).toHaveLength(0);
    expect(page.all({ tag: "tr" }).filter((r) => r.has("Charles Babbage"))).toHaveLength(1);
    expect((await stored()).map((a) => a.name)).toEqual(["Charles Babbage"]);
  });

  test("change a site's kiosk settings within their bounds", async () => {
    const { browser, site, api, base } = await adminOnSite();
    let page = await tab(browser, base, "Settings");
    expect(page.path).toBe(`${base}/settings`);
    const timeout = "Kiosk idle timeout (seconds)";
    expect(page.field(timeout).value).toBe("60");
    const input = page.all({ tag: "input", attr: "name" }).find((i) => i.attr("id") === page.field(timeout).id)!;
    expect([input.attr("min"), input.attr("max")]).toEqual(["15", "600"]);
    expect(page.field("Offer a choice of language on the kiosk").checked).toBe(true);
    expect(page.field("Visitors must name the person they are visiting").checked).toBe(false);

    page = await page.form("Save settings").fill(timeout, "5").submit("Save settings");
    expect(page.fieldErrors(timeout)).toEqual(["The idle timeout must be between 15 and 600 seconds"]);
    expect(page.field(timeout).value).toBe("5");
    expect((await api.get(`sites/${site.id}/settings`)).kiosk_idle_timeout).toBe(60);

    page = await page
      .form("Save settings")
      .fill(timeout, "120")
      .fill("Sign everyone out at (optional)", "18:30")
      .uncheck("Offer a choice of language on the kiosk")
      .check("Visitors must name the person they are visiting")
      .submit("Save settings");
    expect(notices(page)).toContain(`The settings of ${site.name} have been saved.`);
    page = await page.reload();
    expect(page.field(timeout).value).toBe("120");
    expect(page.field("Sign everyone out at (optional)").value).toBe("18:30");
    expect(page.field("Offer a choice of language on the kiosk").checked).toBe(false);
    expect(page.field("Visitors must name the person they are visiting").checked).toBe(true);
    expect(await api.get(`sites/${site.id}/settings`)).toEqual({ auto_sign_out_at: "18:30", kiosk_idle_timeout: 120, language_selection: false, require_host: true });

    // Clearing the time means "never".
    page = await page.form("Save settings").fill("Sign everyone out at (optional)", "").submit("Save settings");
    expect(notices(page)).toContain(`The settings of ${site.name} have been saved.`);
    expect((await page.reload()).field("Sign everyone out at (optional)").value).toBe("");
    expect((await api.get(`sites/${site.id}/settings`)).auto_sign_out_at).toBeNull();
  });
});

describe("branding and evacuation points (manage-media.spec.ts)", () => {
  /** A valid 1×1 PNG. */
  const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
  /** The start of an MP4 (the upstream judges the content by its first bytes). */
  const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom", "latin1"), Buffer.alloc(64)]);

  async function adminOnFreshSite(points: string[] = []) {
    const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT Media ${tag()}`, evacuation_points: points });
    const { browser } = await admin("eu:1", "media-nojs");
    return { browser, site };
  }
  /** The image the page shows, fetched as the browser would: with the session's cookies. */
  async function fetchedImage(browser: HttpBrowser, src: string) {
    const { res } = await browser.client.request(src);
    return { status: res.status, type: res.headers.get("content-type") };
  }
  const titles = (page: Page, site: { name: string }) => page.region(`Evacuation points of ${site.name}`).headings(3);

  test("branding: a non-image is refused, a logo is uploaded and shown after a reload, then removed", async () => {
    const { browser, site } = await adminOnFreshSite();
    const details = await browser.open(`/manage/site/${site.id}/details`);
    let page = await details.go(details.region("Site sections").link("Branding"));
    expect(page.path).toBe(`/manage/site/${site.id}/branding`);
    expect(page.has("No branding image yet.")).toBe(true);

    // A text file renamed .png: the upstream judges the content.
    page = await page.form("Upload image").attach("New branding image", { name: "notes.png", type: "image/png", data: Buffer.from("just some notes, not a picture") }).submit("Upload image");
    expect(page.has("The image must be a PNG, JPEG, GIF or WebP file")).toBe(true);
    expect((await browser.open(`/manage/site/${site.id}/branding`)).has("No branding image yet.")).toBe(true);

    page = await (await browser.open(`/manage/site/${site.id}/branding`)).form("Upload image").attach("New branding image", { name: "logo.png", type: "image/png", data: PNG }).submit("Upload image");
    expect(notices(page)).toContain(`The branding image of ${site.name} has been saved.`);
    page = await page.reload();
    const logo = page.images().find((i) => i.name === `The current branding image of ${site.name}`);
    // Shown from the portal's /files/ (streamed with the user's token), never from the upstream.
    expect(logo?.src).toMatch(/^\/files\/[A-Za-z0-9_-]+\.png$/);
    expect(await fetchedImage(browser, logo!.src)).toEqual({ status: 200, type: "image/png" });
    expect((await fetch(`${upstreamUrl()}/eu/api/v2${logo!.src}`)).status).toBe(404);

    page = await page.click("Remove image");
    expect(notices(page)).toContain(`The branding image of ${site.name} has been removed.`);
    expect((await page.reload()).has("No branding image yet.")).toBe(true);
  });

  test("branding: a welcome video is uploaded, linked after a reload, then removed", async () => {
    const { browser, site } = await adminOnFreshSite();
    let page = await browser.open(`/manage/site/${site.id}/branding`);
    expect(page.has("No welcome video yet.")).toBe(true);
    page = await page.form("Upload video").attach("New welcome video", { name: "welcome.mp4", type: "video/mp4", data: MP4 }).submit("Upload video");
    expect(notices(page)).toContain(`The welcome video of ${site.name} has been saved.`);
    page = await page.reload();
    const href = page.link("Watch the current welcome video");
    expect(href).toMatch(/^\/files\/[A-Za-z0-9_-]+\.mp4$/);
    const { res } = await browser.client.request(href, { headers: { range: "bytes=0-3" } });
    expect([res.status, res.headers.get("content-type"), res.headers.get("cache-control")]).toEqual([206, "video/mp4", "private, max-age=300"]);
    expect(page.has("(MP4 video)")).toBe(true);
    page = await page.click("Remove video");
    expect(notices(page)).toContain(`The welcome video of ${site.name} has been removed.`);
    expect((await page.reload()).has("No welcome video yet.")).toBe(true);
  });

  test("evacuation points: add one (a blank name refused first), edit it, give it a photo", async () => {
    const { browser, site } = await adminOnFreshSite(["Car park"]);
    const details = await browser.open(`/manage/site/${site.id}/details`);
    let page = await details.go(details.region("Site sections").link("Evacuation points"));
    expect(page.path).toBe(`/manage/site/${site.id}/evacuationpoints`);
    expect(titles(page, site)).toEqual(["1. Car park"]);

    const add = () => page.form({ button: "Add evacuation point" });
    page = await add().submit("Add evacuation point");
    expect(page.region("Add an evacuation point").fieldErrors("Name")).toEqual(["An evacuation point name is required"]);
    page = await add().fill("Name", "Front lawn").select("Icon", "Grass").fill("Latitude", "51.5074").fill("Longitude", "-0.1278").submit("Add evacuation point");
    expect(notices(page)).toContain("Front lawn has been added.");
    page = await page.reload();
    expect(titles(page, site)).toEqual(["1. Car park", "2. Front lawn"]);
    const item = (title: string) => page.region(`Evacuation points of ${site.name}`).all({ tag: "li" }).find((li) => li.headings(3).includes(title))!;
    expect(item("2. Front lawn").text()).toContain("Grass");
    expect(item("2. Front lawn").text()).toContain("51.5074, -0.1278");

    page = await page.click("Edit “Front lawn”");
    expect(page.path).toMatch(/\?edit=\d+$/);
    const edit = () => page.form({ within: page.region("Edit Front lawn"), button: "Save changes" });
    expect(page.region("Edit Front lawn").field("Name").value).toBe("Front lawn");
    page = await edit().fill("Name", "Side lawn").select("Icon", "No icon").fill("Latitude", "").fill("Longitude", "").submit("Save changes");
    expect(notices(page)).toContain("Side lawn has been saved.");
    page = await browser.open(`/manage/site/${site.id}/evacuationpoints`);
    expect(titles(page, site)).toEqual(["1. Car park", "2. Side lawn"]);
    expect(item("2. Side lawn").text()).toContain("No icon");
    expect(item("2. Side lawn").text()).toContain("No map location");

    page = await page.click("Edit “Side lawn”");
    page = await page.form("Upload photo").attach("New photo", { name: "lawn.png", type: "image/png", data: PNG }).submit("Upload photo");
    expect(notices(page)).toContain("The photo of Side lawn has been saved.");
    page = await page.reload();
    const photo = page.images().find((i) => i.name === "Photo of Side lawn");
    expect(photo?.src).toMatch(/^\/files\//);
    expect(await fetchedImage(browser, photo!.src)).toEqual({ status: 200, type: "image/png" });
  });

  test("evacuation points: move one up, delete another after confirming", async () => {
    const { browser, site } = await adminOnFreshSite(["Car park", "Side lawn"]);
    let page = await browser.open(`/manage/site/${site.id}/evacuationpoints`);
    expect(titles(page, site)).toEqual(["1. Car park", "2. Side lawn"]);
    expect(page.hasButton("Move up “Car park”")).toBe(false);
    page = await page.click("Move up “Side lawn”");
    expect(notices(page)).toContain("Side lawn has moved up to position 1.");
    page = await browser.open(`/manage/site/${site.id}/evacuationpoints`);
    expect(titles(page, site)).toEqual(["1. Side lawn", "2. Car park"]);
    expect(confirmOf(page, "Delete “Car park”").has("Delete Car park? The point is removed")).toBe(true);
    page = await page.form({ within: confirmOf(page, "Delete “Car park”"), button: "Yes, delete it" }).submit("Yes, delete it");
    expect(notices(page)).toContain("Car park has been deleted.");
    expect(titles(await browser.open(`/manage/site/${site.id}/evacuationpoints`), site)).toEqual(["1. Side lawn"]);
  });

  test("an image over 10 MB is refused by the portal with the rule, and nothing is stored", async () => {
    const { browser, site } = await adminOnFreshSite();
    let page = await browser.open(`/manage/site/${site.id}/branding`);
    page = await page.form("Upload image").attach("New branding image", { name: "huge.png", type: "image/png", data: Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]) }).submit("Upload image");
    expect(page.has("The image must be at most 10 MB")).toBe(true);
    expect((await browser.open(`/manage/site/${site.id}/branding`)).has("No branding image yet.")).toBe(true);
  });
});

describe("custom fields, messages, privacy, features and badges (manage-fields.spec.ts)", () => {
  async function adminOnFreshSite() {
    const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT Fields ${tag()}`, all_groups: true });
    const { browser, email } = await admin("eu:1", "fields-nojs");
    return { browser, site, api: await upstreamAccess(upstreamUrl(), email), tab: (name: string) => `/manage/site/${site.id}/${name}` };
  }
  const rowLabels = (page: Page) =>
    page
      .all({ tag: "table", class: "field-table" })[0]!
      .all({ tag: "th", attr: "scope", value: "row" })
      .map((th) => th.text());

  test("custom fields: add a dropdown and a text field, favourites at most 4, move and delete", async () => {
    const { browser, site, api, tab } = await adminOnFreshSite();
    let page = await browser.open(tab("customfields"));
    expect(page.region("Site sections").all({ tag: "a", attr: "aria-current", value: "page" }).map((a) => a.text())).toEqual(["Custom fields"]);
    expect(page.has("This site has no custom fields yet.")).toBe(true);

    // A dropdown: its type first, then what a dropdown has; no options is refused.
    page = await page.form("Next").select("Field type", "dropdown").submit("Next");
    expect(page.path).toMatch(/\?add=dropdown$/);
    expect(page.hasField("Options")).toBe(true);
    page = await page.form("Add field").fill("Label", "Visitor type").submit("Add field");
    expect(page.has("Add at least one option")).toBe(true);
    expect(page.field("Label").value).toBe("Visitor type");
    page = await page.form("Add field").fill("Options", "Contractor\nGuest\nInterview").fill("Default option (optional)", "Guest").check("An answer is required").submit("Add field");
    expect(notices(page)).toContain("“Visitor type” has been added.");

    // A text field has no options.
    page = await page.form("Next").select("Field type", "text").submit("Next");
    expect(page.hasField("Options")).toBe(false);
    page = await page.form("Add field").fill("Label", "Company").check("Show on the evacuation list").submit("Add field");
    expect(notices(page)).toContain("“Company” has been added.");

    page = await browser.open(tab("customfields"));
    expect(rowLabels(page)).toEqual(["Visitor type", "Company"]);
    for (const text of ["Dropdown", "Options: Contractor, Guest, Interview", "Default: Guest", "Required"]) expect(page.row("Visitor type").text()).toContain(text);
    expect(page.row("Company").text()).toContain("On the evacuation list");

    // Three more straight through the upstream, so five can be ticked.
    for (const label of ["Host", "Car registration", "Badge number"]) expect((await api.send("POST", `sites/${site.id}/custom-fields`, { label, type: "text" })).status).toBe(200);
    page = await browser.open(tab("customfields"));
    const all = ["Visitor type", "Company", "Host", "Car registration", "Badge number"];
    let favourites = page.form("Save favourites");
    for (const label of all) favourites.check(`Favourite: ${label}`);
    page = await favourites.submit("Save favourites");
    expect(page.has("You can choose at most 4 favourite fields")).toBe(true);
    page = await browser.open(tab("customfields"));
    for (const label of all) expect(page.field(`Favourite: ${label}`).checked).toBe(false);
    favourites = page.form("Save favourites");
    for (const label of all.slice(0, 4)) favourites.check(`Favourite: ${label}`);
    page = await favourites.submit("Save favourites");
    expect(notices(page)).toContain("Favourites saved: 4 fields.");
    page = await browser.open(tab("customfields"));
    for (const label of all.slice(0, 4)) expect(page.field(`Favourite: ${label}`).checked).toBe(true);
    expect(page.field("Favourite: Badge number").checked).toBe(false);

    // Move Company up, then delete it after confirming.
    page = await page.click("Move up “Company”");
    expect(notices(page)).toContain("“Company” has been moved.");
    page = await browser.open(tab("customfields"));
    expect(rowLabels(page)).toEqual(["Company", "Visitor type", "Host", "Car registration", "Badge number"]);
    const confirm = confirmOf(page, "Delete “Company”");
    expect(confirm.has("Delete “Company”?")).toBe(true);
    page = await page.form({ within: confirm, button: "Delete field" }).submit("Delete field");
    expect(notices(page)).toContain("“Company” has been deleted.");
    expect(rowLabels(await browser.open(tab("customfields")))).toEqual(["Visitor type", "Host", "Car registration", "Badge number"]);
    const stored = (await api.get(`sites/${site.id}/custom-fields`)) as { label: string; favourite: boolean; options: string[] }[];
    expect(stored.map((f) => [f.label, f.favourite])).toEqual([
      ["Visitor type", true],
      ["Host", true],
      ["Car registration", true],
      ["Badge number", false],
    ]);
    expect(stored[0]!.options).toEqual(["Contractor", "Guest", "Interview"]);
  });

  test("messages: bold text is saved, a script is not; a message can be edited", async () => {
    const { browser, site, api, tab } = await adminOnFreshSite();
    let page = await browser.open(tab("messages"));
    expect(page.has("This site has no messages yet.")).toBe(true);
    page = await page.form("Add message").submit("Add message");
    expect(page.has("A message title is required")).toBe(true);
    expect(page.has("An icon character is required")).toBe(true);

    page = await page
      .form("Add message")
      .fill("Icon", "🔥")
      .fill("Title", "Fire drill")
      .fill("Message", "Leave by the **nearest exit**. <script>document.title='pwned'</script>\n\n- Go to Car park A\n- Wait for the all clear")
      .fill("Checkbox label", "I know where to go")
      .select("Show it again", "every_time")
      .submit("Add message");
    expect(notices(page)).toContain("“Fire drill” has been added.");

    page = await browser.open(tab("messages"));
    const card = page.all({ class: "message-card" }).find((c) => c.has("Fire drill"))!;
    expect(card.all({ tag: "strong" }).map((b) => b.text())).toEqual(["nearest exit"]);
    expect(card.all({ tag: "li" }).map((li) => li.text())).toEqual(["Go to Car park A", "Wait for the all clear"]);
    expect(card.all({ tag: "script" })).toHaveLength(0);
    expect(card.has("pwned")).toBe(false);
    expect(card.has("Shown again: every time")).toBe(true);
    expect(page.title()).not.toBe("pwned");
    const [saved] = (await api.get(`sites/${site.id}/messages`)) as { id: number; content: string; title: string }[];
    expect(saved!.content).toContain("<strong>nearest exit</strong>");
    expect(saved!.content).not.toMatch(/<script|pwned/);

    // Edit: the saved text comes back in the same syntax.
    page = await page.click("Edit “Fire drill”");
    expect(page.path).toMatch(new RegExp(`\\?edit=${saved!.id}$`));
    expect(page.field("Message").value).toBe("Leave by the **nearest exit**.\n\n- Go to Car park A\n- Wait for the all clear");
    page = await page.form("Save message").fill("Title", "Fire safety").submit("Save message");
    expect(notices(page)).toContain("“Fire safety” has been saved.");
    page = await browser.open(tab("messages"));
    expect(page.headings().filter((h) => h.includes("Fire safety"))).toHaveLength(1);
    expect(page.all({ class: "message-card" }).flatMap((c) => c.all({ tag: "strong" }).map((b) => b.text()))).toEqual(["nearest exit"]);
  });

  test("messages: one to sign, for one group, with an attachment; the attachment removed", async () => {
    /** The start of a PDF (the upstream judges the content by its first bytes). */
    const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n", "latin1"), Buffer.alloc(2000, 0x20), Buffer.from("\n%%EOF\n", "latin1")]);
    const { browser, site, api, tab } = await adminOnFreshSite();
    let page = await browser.open(tab("messages"));
    expect(page.field("Tick a checkbox").checked).toBe(true);
    expect(page.field("Every group").checked).toBe(true);
    // No prompt and no group ticked: both refused, and what was chosen stays.
    page = await page.form("Add message").fill("Icon", "✍️").fill("Title", "Induction").fill("Message", "Read the **site rules**.").check("Sign with a finger").check("Only the groups ticked below").submit("Add message");
    expect(page.has("Choose at least one group")).toBe(true);
    expect(page.has("A checkbox label is required")).toBe(true);
    expect(page.field("Title").value).toBe("Induction");
    expect(page.field("Sign with a finger").checked).toBe(true);
    expect(page.field("Only the groups ticked below").checked).toBe(true);
    page = await page.form("Add message").fill("Checkbox label", "Sign to confirm you have read the rules").check("Contractors").submit("Add message");
    expect(notices(page)).toContain("“Induction” has been added.");

    page = await browser.open(tab("messages"));
    const card = () => page.all({ class: "message-card" }).find((c) => c.has("Induction"))!;
    expect(card().all({ tag: "dd" }).map((d) => d.text())).toEqual(["Sign with a finger", "Contractors", "No attachment"]);
    expect(card().has("Sign to confirm you have read the rules")).toBe(true);
    const [stored] = (await api.get(`sites/${site.id}/messages`)) as { id: number }[];
    const contractors = site.groups.find((g) => g.name === "Contractors")!.id;
    expect(stored).toMatchObject({ action: "sign", checkbox_label: "Sign to confirm you have read the rules", recipient_group_ids: [contractors], attachment: null });

    // The edit view starts as stored, and takes the attachment.
    page = await page.click("Edit “Induction”");
    expect(page.path).toMatch(new RegExp(`\\?edit=${stored!.id}$`));
    expect(page.field("Sign with a finger").checked).toBe(true);
    expect(page.field("Only the groups ticked below").checked).toBe(true);
    expect(page.field("Contractors").checked).toBe(true);
    expect(page.field("Visitors").checked).toBe(false);
    page = await page.form("Upload attachment").attach("New attachment", { name: "rules.pdf", type: "application/pdf", data: PDF }).submit("Upload attachment");
    expect(notices(page)).toContain("The attachment of “Induction” has been saved.");
    page = await browser.open(tab("messages"));
    const href = card().link("Open the attachment “Induction”");
    expect(href).toMatch(/^\/files\/[A-Za-z0-9_-]+\.pdf$/);
    expect(card().has("(PDF document, 2 kB)")).toBe(true);
    const { res } = await browser.client.request(href);
    expect([res.status, res.headers.get("content-type"), res.headers.get("content-disposition")?.startsWith("attachment")]).toEqual([200, "application/pdf", true]);

    // Remove it from the list.
    page = await page.click("Remove attachment “Induction”");
    expect(notices(page)).toContain("The attachment of “Induction” has been removed.");
    page = await browser.open(tab("messages"));
    expect(card().all({ tag: "dd" }).map((d) => d.text())).toEqual(["Sign with a finger", "Contractors", "No attachment"]);
    expect(((await api.get(`sites/${site.id}/messages`)) as { attachment: unknown }[])[0]!.attachment).toBeNull();
  });

  test("privacy: two flags turned, and kept after a reload", async () => {
    const { browser, site, api, tab } = await adminOnFreshSite();
    let page = await browser.open(tab("privacy"));
    expect(page.field("Suggest names while typing").checked).toBe(true);
    expect(page.field("Hide who has signed out").checked).toBe(false);
    page = await page.form("Save privacy settings").uncheck("Suggest names while typing").check("Hide who has signed out").submit("Save privacy settings");
    expect(notices(page)).toContain(`The privacy settings of ${site.name} have been saved.`);
    page = await browser.open(tab("privacy"));
    expect(page.field("Suggest names while typing").checked).toBe(false);
    expect(page.field("Hide who has signed out").checked).toBe(true);
    expect(page.field("Keep printed badges").checked).toBe(true);
    expect((await api.get(`sites/${site.id}`)).privacy).toMatchObject({ autocomplete: false, hide_sign_outs: true, store_badges: true });
  });

  test("features: kiosk options, location with the 150 m advice, an on-site report at 09:00; a second at 09:00 is refused", async () => {
    const { browser, site, api, tab } = await adminOnFreshSite();
    let page = await browser.open(tab("features"));
    page = await page
      .form("Save features")
      .check("Contactless sign-in")
      .uncheck("Visitor photos")
      .check("QR code scanning")
      .fill("Latitude", "53.3498")
      .fill("Longitude", "-6.2603")
      .fill("Radius in metres", "120")
      .check("Geofence on sign in")
      .select("Time of report 1", "09:00")
      .fill("Emails for report 1", "Ops@acme.example.com,desk@acme.example.com")
      .check("Send the report even when nobody is on site")
      .fill("Notice emails (optional)", "alerts@acme.example.com")
      .submit("Save features");
    expect(notices(page)).toContain(`The features of ${site.name} have been saved.`);

    page = await browser.open(tab("features"));
    expect(page.field("Contactless sign-in").checked).toBe(true);
    expect(page.field("Visitor photos").checked).toBe(false);
    expect(page.field("QR code scanning").checked).toBe(true);
    expect(page.field("Radius in metres").value).toBe("120");
    expect(page.has("We recommend at least 150 m")).toBe(true);
    expect(page.field("Geofence on sign in").checked).toBe(true);
    expect(page.field("Time of report 1").value).toBe("09:00");
    expect(page.field("Emails for report 1").value).toBe("ops@acme.example.com, desk@acme.example.com");
    expect(page.field("Time of report 2").value).toBe("");
    expect(page.field("Send the report even when nobody is on site").checked).toBe(true);

    // A second report at the same time is refused, and nothing changes.
    page = await page.form("Save features").select("Time of report 2", "09:00").fill("Emails for report 2", "night@acme.example.com").submit("Save features");
    expect(page.has("Each on-site report time must be unique")).toBe(true);
    expect(page.field("Emails for report 2").value).toBe("night@acme.example.com");
    page = await browser.open(tab("features"));
    expect(page.field("Time of report 2").value).toBe("");
    expect(page.hasField("Time of report 3")).toBe(false);
    expect(await api.get(`sites/${site.id}`)).toMatchObject({
      contactless: true,
      visitor_photos: false,
      qr_scanning: true,
      geofence_sign_in: true,
      location: { lat: 53.3498, lng: -6.2603, radius: 120 },
      on_site_report_schedules: [{ time: "09:00", emails: "ops@acme.example.com, desk@acme.example.com" }],
      send_empty: true,
      emails: "alerts@acme.example.com",
    });
  });

  test("badges: the site prints the badge chosen, or none", async () => {
    const { browser, site, api, tab } = await adminOnFreshSite();
    let page = await browser.open(tab("badges"));
    expect(page.field("No badge").checked).toBe(true);
    page = await page.form("Save badge").check("Contractor badge").submit("Save badge");
    expect(notices(page)).toContain(`The badge of ${site.name} has been saved.`);
    expect((await browser.open(tab("badges"))).field("Contractor badge").checked).toBe(true);
    const badges = await api.get(`sites/${site.id}/badges`);
    expect(badges.badges.find((b: { id: number }) => b.id === badges.badge_id).name).toBe("Contractor badge");
    page = await (await browser.open(tab("badges"))).form("Save badge").check("No badge").submit("Save badge");
    expect(notices(page)).toContain(`${site.name} prints no badge now.`);
    expect((await browser.open(tab("badges"))).field("No badge").checked).toBe(true);
    expect((await api.get(`sites/${site.id}`)).badge_id).toBeNull();
  });
});
