/**
 * The booking page's calendar feeds and its paging, through real HTTP as a browser without
 * JavaScript (issue 26 items 3 and 5; ADR 036): a desk booked for tomorrow 09:00–17:00 at the Head
 * Office (Europe/London); "Create a feed of my bookings" shows the secret URL once (gone on reload,
 * never in a URL); the feed read back with node-ical holds the booking at 09:00 London time; reset
 * gives a new URL and the old one is 404; revoke makes it 404 and empties the list; a space's feed
 * with Spaces.viewer. Everyone's bookings of a busy day come 50 a page, the pager keeping the
 * search, while My bookings stay whole.
 */
import ical from "node-ical";
import { beforeAll, describe, expect, test } from "vitest";
import type { Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { createUpstreamRole } from "../support/hooks";
import { createUser, hook, newBrowser, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 7);
let hq = 0;
let zoneTz = "UTC";
const dayIn = (n: number) => new Intl.DateTimeFormat("en-CA", { timeZone: zoneTz }).format(new Date(Date.now() + n * 86_400_000));
const localTime = (d: Date) => new Intl.DateTimeFormat("en-GB", { timeZone: zoneTz, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(d);
const events = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is ical.VEvent => c?.type === "VEVENT");

beforeAll(async () => {
  const api = await upstreamAccess(upstreamUrl(), "admin@example.com");
  const head = ((await api.get("sites")) as { id: number; name: string; timezone: string }[]).find((s) => s.name === "Head Office")!;
  [hq, zoneTz] = [head.id, head.timezone || "UTC"];
});

async function zoneWithDesks(n: number) {
  const name = `Feed zone ${tag()}`;
  const zone = await hook<{ id: number }>("POST", `sites/${hq}/spaces/nodes`, { name });
  const desks: { id: number; name: string }[] = [];
  for (let i = 1; i <= n; i++) {
    const desk = `${name.slice(10)}-D${i}`;
    desks.push({ id: (await hook<{ id: number }>("POST", `sites/${hq}/spaces/nodes`, { name: desk, parent_id: zone.id, category: "desk" })).id, name: desk });
  }
  return { name, id: zone.id, desks };
}
async function userOf(role = "Administrator") {
  const email = uniqueEmail("feeds");
  await createUser({ email, role, client: "eu:1" });
  return email;
}
async function browserFor(email: string) {
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return browser;
}
async function search(page: Page, day: string, zone: string) {
  const next = await page.form({ button: "Search", action: /^\/spaces\// }).fill("Day", day).fill("From", "09:00").fill("To", "17:00").select("Zone", zone).submit("Search");
  expect(next.status).toBe(200);
  return next;
}
const feedSection = (page: Page) => page.region("Calendar feed");
/** The URL shown once after creating a feed, or null. */
const shownUrl = (page: Page): string | null => (feedSection(page).has("Calendar feed URL") ? feedSection(page).field("Calendar feed URL").value : null);
/** A calendar app's fetch of the feed: the URL as the upstream gave it. */
const fetchFeed = (url: string) => fetch(url);

describe("calendar feeds, without JavaScript", () => {
  test("my bookings' feed: the URL shown once, read back at 09:00 London time; reset and revoke", async () => {
    expect(zoneTz).toBe("Europe/London");
    const zone = await zoneWithDesks(1);
    const browser = await browserFor(await userOf());
    let page = await search(await browser.open(`/spaces/${hq}/bookings`), dayIn(1), zone.name);
    page = await page.click(`Book ${zone.desks[0]!.name}`);
    expect(page.notices().join(" ")).toContain("Booked.");
    expect(feedSection(page).text()).toContain("You have no calendar feeds at this site.");
    const searched = page.path;

    page = await page.click("Create a feed of my bookings");
    expect(page.status).toBe(200);
    // PRG back to the list as searched, the secret nowhere in the URL.
    expect(page.path).toBe(searched);
    expect(page.notices().join(" ")).toContain("Calendar feed created.");
    const url = shownUrl(page)!;
    expect(url).toMatch(/\/eu\/api\/v2\/calendar\/[0-9a-f]{64}\.ics$/);
    expect(page.path).not.toContain(url.slice(-68, -4));
    expect(feedSection(page).row("My bookings").text()).toContain("Reset link");
    expect(page.headers.get("cache-control")).toBe("no-store");
    // Shown once: a reload lists the feed without its URL.
    page = await page.reload();
    expect(shownUrl(page)).toBeNull();
    expect(page.text()).not.toContain(url.slice(-68, -4));
    expect(feedSection(page).rowHeaders()).toEqual(["My bookings"]);

    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const evs = events(await res.text());
    const mine = evs.filter((e) => String(e.summary).includes(zone.desks[0]!.name));
    expect(mine).toHaveLength(1);
    expect((mine[0]!.start as ical.DateWithTimeZone).tz).toBe("Europe/London");
    expect([localTime(mine[0]!.start), localTime(mine[0]!.end!)]).toEqual(["09:00", "17:00"]);
    expect(new Intl.DateTimeFormat("en-CA", { timeZone: zoneTz }).format(mine[0]!.start)).toBe(dayIn(1));

    // Reset: a new URL, the old one 404.
    page = await page.form({ button: "Reset link My bookings" }).submit("Reset link My bookings");
    const again = shownUrl(page)!;
    expect(again).toMatch(/\.ics$/);
    expect(again).not.toBe(url);
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await fetchFeed(again)).status).toBe(200);
    expect(feedSection(page).rowHeaders()).toEqual(["My bookings"]);

    // Revoke: 404, and the list is empty again.
    page = await page.form({ button: "Revoke My bookings" }).submit("Revoke My bookings");
    expect(page.notices().join(" ")).toContain("The calendar feed was revoked.");
    expect(shownUrl(page)).toBeNull();
    expect(feedSection(page).text()).toContain("You have no calendar feeds at this site.");
    expect((await fetchFeed(again)).status).toBe(404);
  });

  test("a space's feed with Spaces.viewer", async () => {
    const zone = await zoneWithDesks(1);
    const desk = zone.desks[0]!;
    await hook("POST", `sites/${hq}/spaces/bookings`, { space_id: desk.id, person_name: "Someone Else", starts_at: `${dayIn(2)}T09:00:00Z`, ends_at: `${dayIn(2)}T10:00:00Z` });
    const browser = await browserFor(await userOf());
    let page = await browser.open(`/spaces/${hq}/bookings`);
    page = await page.form({ button: "Create a feed of this space" }).select("Space", desk.name).submit("Create a feed of this space");
    expect(page.notices().join(" ")).toContain("Calendar feed created.");
    const url = shownUrl(page)!;
    expect(feedSection(page).text()).toContain(`Calendar feed created: Space: ${zone.name} › ${desk.name}`);
    const text = await (await fetchFeed(url)).text();
    const evs = events(text);
    expect(evs.map((e) => [e.summary, localTime(e.start)])).toEqual([[`Desk ${desk.name}`, "09:00"]]);
    // A space's feed names who booked (its creator holds Spaces.viewer).
    expect(text).toContain("Someone Else");
    expect(feedSection(page).rowHeaders()).toEqual([`Space: ${zone.name} › ${desk.name}`]);
  });
});

describe("who may make feeds, and hostile posts", () => {
  test("a Standard user (Spaces.viewer, no booking) makes a feed of their bookings; without Spaces.viewer no space's feed; bad posts are 4xx with the message", async () => {
    const standard = await browserFor(await userOf("Standard User"));
    let page = await standard.open(`/spaces/${hq}/bookings`);
    page = await page.click("Create a feed of my bookings");
    expect(page.notices().join(" ")).toContain("Calendar feed created.");
    expect(shownUrl(page)).toMatch(/\.ics$/);

    const role = `Book only ${tag()}`;
    await createUpstreamRole(upstreamUrl(), { name: role, rights: ["Today.viewer", "Spaces.book"] });
    const booker = await browserFor(await userOf(role));
    page = await booker.open(`/spaces/${hq}/bookings`);
    expect(page.buttons()).toContain("Create a feed of my bookings");
    expect(page.buttons()).not.toContain("Create a feed of this space");
    const post = (form: Record<string, string>) => booker.client.post(`/spaces/${hq}/bookings`, form);
    expect((await post({ intent: "create-feed", kind: "space", space_id: "1" })).res.status).toBe(403);

    const admin = await browserFor(await userOf());
    const send = (form: Record<string, string>) => admin.client.post(`/spaces/${hq}/bookings`, form);
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "create-feed", kind: "nope" }, 400, "Choose my bookings or a space"],
      [{ intent: "create-feed", kind: "space", space_id: "abc" }, 400, ""],
      [{ intent: "create-feed", kind: "space", space_id: "999999999" }, 422, "Choose a space of this site"],
      [{ intent: "revoke-feed", feed_id: "1 OR 1=1" }, 400, ""],
      [{ intent: "revoke-feed", feed_id: "999999999" }, 404, "This calendar feed no longer exists"],
    ];
    for (const [form, status, message] of cases) {
      const r = await send(form);
      expect([form, r.res.status, r.body.includes(message)]).toEqual([form, status, true]);
    }
  });
});

describe("everyone's bookings, a page at a time", () => {
  test("50 a page with prev/next links keeping the search; My bookings whole", async () => {
    const zone = await zoneWithDesks(62);
    const day = dayIn(26);
    for (const d of zone.desks.slice(0, 60)) await hook("POST", `sites/${hq}/spaces/bookings`, { space_id: d.id, person_name: `Person ${d.name}`, starts_at: `${day}T09:00:00Z`, ends_at: `${day}T10:00:00Z` });
    const browser = await browserFor(await userOf());
    let page = await search(await browser.open(`/spaces/${hq}/bookings`), day, zone.name);
    // Two of my own, so My bookings has rows on every page.
    page = await page.click(`Book ${zone.desks[60]!.name}`);
    const everyone = () => page.region("Everyone's bookings").rowHeaders();
    const total = Number(/Bookings on this day: (\d+)/.exec(page.text())![1]);
    expect(total).toBeGreaterThanOrEqual(61);
    expect(everyone()).toHaveLength(50);
    expect(page.region("My bookings").rowHeaders()).toEqual([zone.desks[60]!.name]);
    const pages = Math.ceil(total / 50);
    expect(page.text()).toContain(`Page 1 of ${pages}`);
    const next = page.link("Next page");
    expect(next).toContain(`day=${day}`);
    expect(next).toContain("page=2");
    page = await page.go(next);
    expect(page.status).toBe(200);
    expect(page.text()).toContain(`Page 2 of ${pages}`);
    expect(everyone().length).toBe(pages === 2 ? total - 50 : 50);
    expect(page.region("My bookings").rowHeaders()).toEqual([zone.desks[60]!.name]);
    // A cancel from page 2 comes back to page 2 with the search.
    page = await page.form({ button: new RegExp(`^Cancel ${zone.desks[60]!.name}`), within: page.region("My bookings") }).submit(new RegExp(`^Cancel ${zone.desks[60]!.name}`));
    expect(page.path).toContain("page=2");
    expect(page.path).toContain(`day=${day}`);
    page = await page.go(page.link("Previous page"));
    expect(page.text()).toContain(`Page 1 of ${pages}`);
    // A page past the last shows the last; a hostile page is page 1.
    expect((await browser.open(`/spaces/${hq}/bookings?day=${day}&page=999`)).text()).toContain(`Page ${pages} of ${pages}`);
    expect((await browser.open(`/spaces/${hq}/bookings?day=${day}&page=%3Cx%3E`)).text()).toContain(`Page 1 of ${pages}`);
  });
});
