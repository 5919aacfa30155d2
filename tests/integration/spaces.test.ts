/**
 * Spaces' booking screens through real HTTP, as a browser without JavaScript (issue 26 item 3;
 * ADR 036): /spaces straight to the one spaces site; a desk booked for tomorrow from the list and
 * shown in My bookings; a clash answered with platform §8's message and the alternative booked in
 * one click; a booking's time changed and cancelled; a weekly booking and "this and the following"
 * cancelled; a past start and an end before the start refused on their fields with what was typed
 * kept; a Standard user (Spaces.viewer) sees the list without Book buttons; no spaces right: 403 on
 * every page and POST; another site or client: 404; hostile query strings: 4xx with the message.
 *
 * Each test books in a zone of its own added to Acme's Head Office (the demo bookings stay as seeded)
 * and as a user of its own (a person holds one desk at a time).
 */
import { beforeAll, describe, expect, test } from "vitest";
import type { Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { createUpstreamRole } from "../support/hooks";
import { createUser, hook, newBrowser, newClient, signIn, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 7);
let hq = 0;
let wh = 0;
let zoneTz = "UTC";
/** A day in the Head Office's zone, `n` days from today. */
const dayIn = (n: number) => new Intl.DateTimeFormat("en-CA", { timeZone: zoneTz }).format(new Date(Date.now() + n * 86_400_000));

beforeAll(async () => {
  const api = await upstreamAccess(upstreamUrl(), "admin@example.com");
  const sites = (await api.get("sites")) as { id: number; name: string; timezone: string }[];
  const head = sites.find((s) => s.name === "Head Office")!;
  [hq, zoneTz, wh] = [head.id, head.timezone || "UTC", sites.find((s) => s.name === "Warehouse")!.id];
});

/** A zone of the test's own at the Head Office with `n` desks: its name and the desks' names. */
async function zoneWithDesks(n: number) {
  const name = `Test zone ${tag()}`;
  const zone = await hook<{ id: number }>("POST", `sites/${hq}/spaces/nodes`, { name });
  const desks: string[] = [];
  for (let i = 1; i <= n; i++) {
    const desk = `${name.slice(10)}-D${i}`;
    await hook("POST", `sites/${hq}/spaces/nodes`, { name: desk, parent_id: zone.id, category: "desk" });
    desks.push(desk);
  }
  return { name, id: zone.id, desks };
}
async function userOf(role = "Administrator", opts: { site_ids?: number[]; client?: string } = {}) {
  const email = uniqueEmail("spaces");
  await createUser({ email, role, client: opts.client ?? "eu:1", ...opts });
  return email;
}
async function browserFor(email: string) {
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return browser;
}
const searchOf = (page: Page) => page.form({ button: "Search", action: /^\/spaces\// });
async function search(page: Page, day: string, zone: string, from = "09:00", to = "17:00") {
  const next = await searchOf(page).fill("Day", day).fill("From", from).fill("To", to).select("Zone", zone).submit("Search");
  expect(next.status).toBe(200);
  return next;
}
const noticed = (page: Page) => page.notices().join(" ");
/** A desk's row in the list of spaces (its zone's desks). */
const spaceRow = (page: Page, zone: string, desk: string) => page.region(`${zone} · Desk`).row(desk);
const statusOf = (page: Page, desk: string) => spaceRow(page, desk.split("-")[0] ? `Test zone ${desk.split("-")[0]}` : "", desk).text();

describe("booking spaces, without JavaScript", () => {
  test("book a desk for tomorrow; a clash offers the nearest free desk, booked in one click; change its time; cancel it", async () => {
    const zone = await zoneWithDesks(2);
    const [a, b] = [await browserFor(await userOf()), await browserFor(await userOf())];
    let pageA = await a.open("/spaces");
    expect(pageA.path).toBe(`/spaces/${hq}/bookings`);
    expect(pageA.heading()).toBe("Bookings at Head Office");
    pageA = await search(pageA, dayIn(1), zone.name);
    expect(pageA.path).toContain(`day=${dayIn(1)}`);
    expect(statusOf(pageA, zone.desks[0]!)).toContain("Free");
    // B looks at the same search before A books.
    const stale = await search(await b.open(`/spaces/${hq}/bookings`), dayIn(1), zone.name);

    pageA = await pageA.click(`Book ${zone.desks[0]}`);
    expect(noticed(pageA)).toContain("Booked.");
    expect(pageA.path).toContain(`day=${dayIn(1)}`);
    expect(pageA.path).toContain("from=09%3A00");
    expect(pageA.region("My bookings").row(zone.desks[0]!).text()).toContain("09:00–17:00");
    expect(statusOf(pageA, zone.desks[0]!)).toMatch(/Booked by .+ 09:00–17:00/);
    expect(spaceRow(pageA, zone.name, zone.desks[0]!).hasButton(`Book ${zone.desks[0]}`)).toBe(false);

    let pageB = await stale.click(`Book ${zone.desks[0]}`);
    expect(pageB.status).toBe(409);
    expect(pageB.text()).toContain("This space is unavailable for the requested time period");
    pageB = await pageB.click(`Book ${zone.desks[1]} instead`);
    expect(noticed(pageB)).toContain("Booked.");
    expect(pageB.region("My bookings").rowHeaders()).toEqual([zone.desks[1]]);

    pageA = await pageA.go(pageA.region("My bookings").link(`Change ${zone.desks[0]} 09:00–17:00`));
    expect(pageA.heading()).toBe(`Booking of ${zone.desks[0]}`);
    expect(pageA.text()).toContain(zone.name);
    pageA = await pageA.form("Save changes").fill("From", "10:00").submit("Save changes");
    expect(noticed(pageA)).toContain("Booking changed.");
    expect(pageA.path).toContain(`day=${dayIn(1)}`);
    expect(pageA.region("My bookings").row(zone.desks[0]!).text()).toContain("10:00–17:00");

    pageA = await pageA.form({ button: `Cancel ${zone.desks[0]} 10:00–17:00`, within: pageA.region("My bookings") }).submit(`Cancel ${zone.desks[0]} 10:00–17:00`);
    expect(noticed(pageA)).toContain("Booking cancelled.");
    expect(pageA.region("Everyone's bookings").rowHeaders()).not.toContain(zone.desks[0]);
    expect(statusOf(pageA, zone.desks[0]!)).toContain("Free");
  });

  test("the search's spaces on their zone's floor plan: a free one links to its booking form, a booked one says so", async () => {
    const name = `Plan zone ${tag()}`;
    const zone = await hook<{ id: number }>("POST", `sites/${hq}/spaces/nodes`, { name });
    const desks = [`${name.slice(10)}-P1`, `${name.slice(10)}-P2`, `${name.slice(10)}-P3`];
    await hook("POST", `sites/${hq}/spaces/nodes`, { name: desks[0], parent_id: zone.id, category: "desk", x: 0.2, y: 0.3 });
    await hook("POST", `sites/${hq}/spaces/nodes`, { name: desks[1], parent_id: zone.id, category: "desk", x: 0.7, y: 0.6 });
    await hook("POST", `sites/${hq}/spaces/nodes`, { name: desks[2], parent_id: zone.id, category: "desk" });
    const api = await upstreamAccess(upstreamUrl(), "admin@example.com");
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
    expect((await api.upload(`spaces/${hq}/nodes/${zone.id}/floor-plan`, "plan.png", png, "image/png")).status).toBe(200);
    const a = await browserFor(await userOf());
    await (await search(await a.open(`/spaces/${hq}/bookings`), dayIn(1), name)).click(`Book ${desks[0]}`);
    const page = await search(await (await browserFor(await userOf())).open(`/spaces/${hq}/bookings`), dayIn(1), name);
    const plan = page.region(`Floor plan of ${name}`);
    expect(plan.images().map((i) => i.name)).toContain(`${desks[0]}, booked`);
    expect(plan.hasLink(`${desks[0]}, booked`)).toBe(false);
    const free = plan.link(`${desks[1]}, free: book it`);
    // The unplaced desk is in the list only.
    expect(plan.text()).not.toContain(desks[2]);
    const form = await page.go(free);
    expect(form.heading(2)).toBe(`Book ${desks[1]}`);
    // With no zone chosen the plans show too (a site under the marker limit).
    expect((await search(form, dayIn(1), "Any zone")).hasLink(`${desks[1]}, free: book it`)).toBe(true);
  });

  test("a weekly booking, and cancelling this and the following", async () => {
    const zone = await zoneWithDesks(1);
    const browser = await browserFor(await userOf());
    let page = await search(await browser.open(`/spaces/${hq}/bookings`), dayIn(1), zone.name);
    page = await page.click(`More options ${zone.desks[0]}`);
    expect(page.heading(2)).toBe(`Book ${zone.desks[0]}`);
    page = await page.form(`Book ${zone.desks[0]}`).select("Repeat", "Every week").fill("Repeat until", dayIn(15)).fill("Note", "Team day").submit(`Book ${zone.desks[0]}`);
    expect(noticed(page)).toContain("3 bookings made.");
    page = await search(page, dayIn(8), zone.name);
    expect(page.region("My bookings").row(zone.desks[0]!).text()).toContain("Repeats");
    page = await page.go(page.region("My bookings").link(`Change ${zone.desks[0]} 09:00–17:00`));
    expect(page.text()).toContain("Team day");
    page = await page.form("Cancel booking").check("This and the following").submit("Cancel booking");
    expect(noticed(page)).toContain("2 bookings cancelled.");
    expect(page.text()).toContain("No bookings on this day.");
    page = await search(page, dayIn(15), zone.name);
    expect(statusOf(page, zone.desks[0]!)).toContain("Free");
    page = await search(page, dayIn(1), zone.name);
    expect(page.region("My bookings").rowHeaders()).toEqual([zone.desks[0]]);
  });

  test("book for someone else: find them by name, choose them, and the booking is theirs (booked by the one who made it)", async () => {
    const zone = await zoneWithDesks(1);
    const who = `Robin Remote ${tag()}`;
    const group = await hook<{ id: number; members: { id: number }[] }>("POST", "groups", { client: "eu:1", name: `Desk people ${tag()}`, members: [who], site_ids: [hq] });
    const api = await upstreamAccess(upstreamUrl(), "admin@example.com");
    expect((await api.send("PATCH", `groups/${group.id}/members/${group.members[0]!.id}`, { permissions: { book_spaces: true } })).status).toBe(200);
    const browser = await browserFor(await userOf());
    let page = await search(await browser.open(`/spaces/${hq}/bookings`), dayIn(1), zone.name);
    page = await page.click(`More options ${zone.desks[0]}`);
    const bookIt = `Book ${zone.desks[0]}`;
    // Too short a search: the message on the field, the rest of the form as it was.
    page = await page.form(bookIt).fill("Note", "Visiting").fill("Find someone else", "R").submit("Find");
    expect(page.text()).toContain("Type at least 2 characters of a name or email");
    expect(page.form(bookIt).value("Note")).toBe("Visiting");
    page = await page.form(bookIt).fill("Find someone else", who.slice(-5)).submit("Find");
    expect(page.status).toBe(200);
    expect(page.form(bookIt).value("Note")).toBe("Visiting");
    page = await page.form(bookIt).check(who).submit(bookIt);
    expect(noticed(page)).toContain("Booked.");
    expect(page.region("Everyone's bookings").row(zone.desks[0]!).text()).toContain(who);
    const day = (await api.get(`spaces/${hq}/bookings?from=${dayIn(1)}&to=${dayIn(1)}`)) as { bookings: { space_name: string; person: { name: string }; booked_by: { name: string }; note: string | null }[] };
    const made = day.bookings.find((b) => b.space_name === zone.desks[0])!;
    expect([made.person.name, made.note]).toEqual([who, "Visiting"]);
    expect(made.booked_by.name).not.toBe(who);
    // Nobody found: said so, and "Me" still the choice.
    page = await search(page, dayIn(2), zone.name);
    page = await (await page.click(`More options ${zone.desks[0]}`)).form(bookIt).fill("Find someone else", "zz-nobody-zz").submit("Find");
    expect(page.text()).toContain("Nobody who may book spaces matches “zz-nobody-zz”.");
  });

  test("a past start and an end before the start are refused on their fields; the form keeps what was typed", async () => {
    const zone = await zoneWithDesks(1);
    const browser = await browserFor(await userOf());
    let page = await search(await browser.open(`/spaces/${hq}/bookings`), dayIn(1), zone.name);
    page = await page.click(`More options ${zone.desks[0]}`);
    const bookIt = `Book ${zone.desks[0]}`;
    page = await page.form(bookIt).fill("Day", dayIn(-1)).fill("Note", "kept").submit(bookIt);
    expect(page.status).toBe(422);
    expect(page.form(bookIt).fieldErrors("From")).toEqual(["The start must be after the current time"]);
    expect([page.form(bookIt).value("Day"), page.form(bookIt).value("Note")]).toEqual([dayIn(-1), "kept"]);
    page = await page.form(bookIt).fill("Day", dayIn(2)).fill("From", "17:00").fill("To", "09:00").submit(bookIt);
    expect(page.status).toBe(422);
    expect(page.form(bookIt).fieldErrors("To")).toEqual(["The end must be after the start"]);
    expect([page.form(bookIt).value("From"), page.form(bookIt).value("To")]).toEqual(["17:00", "09:00"]);
  });
});

describe("who may see and book", () => {
  test("a Standard user (Spaces.viewer) sees the spaces but no Book button, and may not post", async () => {
    const browser = await browserFor(await userOf("Standard User"));
    const page = await browser.open(`/spaces/${hq}/bookings?day=${dayIn(1)}`);
    expect(page.status).toBe(200);
    expect(page.text()).toContain("Free");
    expect(page.buttons().filter((n) => n.startsWith("Book"))).toEqual([]);
    const client = newClient();
    await signIn(client, await userOf("Standard User"));
    expect((await client.post(`/spaces/${hq}/bookings`, { intent: "book", space_id: "1", day: dayIn(1), from: "09:00", to: "17:00" })).res.status).toBe(403);
  });

  test("a booker without Spaces.viewer sees another person's desk taken, not by whom, and no Book button on it", async () => {
    const zone = await zoneWithDesks(2);
    const other = await browserFor(await userOf());
    await (await search(await other.open(`/spaces/${hq}/bookings`), dayIn(1), zone.name)).click(`Book ${zone.desks[0]}`);
    const role = `Spaces booker ${tag()}`;
    await createUpstreamRole(upstreamUrl(), { name: role, rights: ["Today.viewer", "Spaces.book"] });
    const page = await search(await (await browserFor(await userOf(role))).open(`/spaces/${hq}/bookings`), dayIn(1), zone.name);
    expect(spaceRow(page, zone.name, zone.desks[0]!).text()).toContain("Booked 09:00–17:00");
    expect(spaceRow(page, zone.name, zone.desks[0]!).text()).not.toContain("Booked by");
    expect(spaceRow(page, zone.name, zone.desks[0]!).hasButton(`Book ${zone.desks[0]}`)).toBe(false);
    expect(spaceRow(page, zone.name, zone.desks[1]!).hasButton(`Book ${zone.desks[1]}`)).toBe(true);
  });

  test("without any spaces right every page and every post is 403", async () => {
    const role = `Spaces none ${tag()}`;
    await createUpstreamRole(upstreamUrl(), { name: role, rights: ["Today.viewer"] });
    const client = newClient();
    await signIn(client, await userOf(role));
    for (const path of ["/spaces", "/spaces/bookings", `/spaces/${hq}/bookings`, `/spaces/${hq}/bookings/1`]) {
      expect([path, (await client.request(path)).res.status]).toEqual([path, 403]);
      expect([path, (await client.post(path, { intent: "cancel", booking_id: "1" })).res.status]).toEqual([path, 403]);
    }
  });

  test("a site outside the user's scope, a site without spaces and another client's site are 404", async () => {
    const client = newClient();
    await signIn(client, await userOf("Administrator", { site_ids: [wh] }));
    for (const path of [`/spaces/${hq}/bookings`, `/spaces/${wh}/bookings`, `/spaces/${hq}/bookings/1`, "/spaces/bookings"]) {
      expect([path, (await client.request(path)).res.status]).toEqual([path, 404]);
    }
    const landing = await client.request("/spaces");
    expect([landing.res.status, landing.body.includes("None of your sites uses spaces.")]).toEqual([200, true]);
    const initech = newClient();
    await signIn(initech, await userOf("Administrator", { client: "eu:5" }));
    expect((await initech.request(`/spaces/${hq}/bookings`)).res.status).toBeGreaterThanOrEqual(403);
  });

  test("hostile query strings and posts are 4xx with the message", async () => {
    const client = newClient();
    await signIn(client, await userOf());
    const cases: [string, number, string][] = [
      ["day=2026-02-30", 400, "Enter a date as YYYY-MM-DD, before 2038"],
      ["day=2038-01-01", 400, "Enter a date as YYYY-MM-DD, before 2038"],
      ["day=%3Cscript%3E", 400, "Enter a date as YYYY-MM-DD, before 2038"],
      ["from=25:00", 400, "Enter a time as HH:MM"],
      ["from=12:00&to=11:00", 400, "The end must be after the start"],
      ["category=%3Cscript%3E", 400, "Choose one of the categories"],
      ["zone=1%20OR%201=1", 400, "Choose one of this site&#x27;s zones"],
      ["zone=999999", 400, "Choose one of this site&#x27;s zones"],
      ["space=abc", 400, "Choose a space of this site"],
    ];
    for (const [query, status, message] of cases) {
      const r = await client.request(`/spaces/${hq}/bookings?${query}`);
      expect([query, r.res.status, r.body.includes(message) || r.body.includes(message.replace("&#x27;", "'"))]).toEqual([query, status, true]);
      expect(r.body).not.toContain("<script>");
    }
    for (const path of [`/spaces/abc/bookings`, `/spaces/${hq}/bookings/abc`, `/spaces/${hq}/bookings/999999999`, `/spaces/99999999/bookings`]) {
      expect([path, (await client.request(path)).res.status]).toEqual([path, 404]);
    }
    const post = (form: Record<string, string>) => client.post(`/spaces/${hq}/bookings`, form).then((r) => r.res.status);
    expect(await post({ intent: "nope" })).toBe(400);
    expect(await post({ intent: "book", space_id: "abc", day: dayIn(1), from: "09:00", to: "17:00" })).toBe(400);
    expect(await post({ intent: "cancel", booking_id: "1 OR 1=1" })).toBe(400);
  });
});
