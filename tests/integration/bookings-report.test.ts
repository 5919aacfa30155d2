/**
 * The bookings report through real HTTP, as a browser without JavaScript (issue 26 item 7; ADR 036):
 * the GET filter (range, site, then a zone of it, category, outcome, person), a multi-day booking on
 * each day with each day's outcome and the totals, hostile filters answered 400 with the message on
 * the page and as text on the export, the export's rows, and 403 without the right.
 */
import { describe, expect, test } from "vitest";
import type { Page } from "../support/browser";
import { createUpstreamRole, createUpstreamSite } from "../support/hooks";
import { createUser, hook, newBrowser, newClient, signIn, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 7);
const filterOf = (page: Page) => page.form({ button: "Show", action: /^\/reports\// });

/** A site of the test's own with a zone, a desk, a room and four bookings in March 2026; a user restricted to it. */
async function fixture(role = "Administrator") {
  const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT bookings ${tag()}`, all_groups: true });
  await hook("POST", `sites/${site.id}/spaces`, {});
  const zone = (await hook<{ id: number }>("POST", `sites/${site.id}/spaces/nodes`, { name: "Level 4" })).id;
  const desk = (await hook<{ id: number }>("POST", `sites/${site.id}/spaces/nodes`, { name: "L4-1", parent_id: zone, category: "desk" })).id;
  const room = (await hook<{ id: number }>("POST", `sites/${site.id}/spaces/nodes`, { name: "Snug", category: "meeting-room" })).id;
  const book = (space: number, person: string, from: string, to: string, used = false) =>
    hook("POST", `sites/${site.id}/spaces/bookings`, { space_id: space, person_name: person, starts_at: from, ends_at: to, used });
  await book(desk, "Mia Multi", "2026-03-10T09:00:00Z", "2026-03-12T17:00:00Z", true);
  await book(room, "Ray Room", "2026-03-11T10:00:00Z", "2026-03-11T11:00:00Z");
  await book(room, "=cmd|' /C calc'!A0", "2026-03-12T12:00:00Z", "2026-03-12T13:00:00Z");
  const email = uniqueEmail("bookings-report");
  await createUser({ email, role, site_ids: [site.id] });
  return { site, zone, email };
}

describe("the bookings report, without JavaScript", () => {
  test("the filter narrows by range, site, zone, category and outcome; the totals and rows follow; the export has the rows", async () => {
    const { site, email } = await fixture();
    const browser = newBrowser();
    expect((await signInWithForms(browser, email)).path).toBe("/today");
    let page = await browser.open("/reports");
    page = await page.follow("Bookings report");
    expect([page.status, page.heading()]).toEqual([200, "Bookings"]);
    page = await filterOf(page).fill("From", "2026-03-09").fill("To", "2026-03-13").select("Site", site.name).submit("Show");
    expect(page.status).toBe(200);
    const rows = () => page.all({ tag: "tr", attr: "data-booking-id" }).map((r) => r.text().replace(/\s+/g, " ").trim());
    expect(rows()).toHaveLength(5);
    expect(rows()[0]).toMatch(/Level 4 L4-1 Desk Mia Multi .*Used$/);
    expect(page.all({ tag: "dd", attr: "data-total" }).map((d) => `${d.attr("data-total")}=${d.text()}`)).toEqual(["days=5", "used=3", "released=0", "cancelled=0", "unused=2"]);
    // The zone filter appears once a site is chosen.
    page = await filterOf(page).select("Zone", "Level 4").submit("Show");
    expect(rows().map((r) => r.includes("Mia Multi"))).toEqual([true, true, true]);
    page = await filterOf(page).select("Zone", "All zones").select("Category", "Meeting room").select("Outcome", "Not used").submit("Show");
    expect(rows()).toHaveLength(2);
    page = await filterOf(page).fill("Person", "ray").submit("Show");
    expect(rows()).toHaveLength(1);

    const client = newClient({ "accept-language": "en-GB" });
    await signIn(client, email);
    const csv = await client.request(`/reports/bookings/export?format=csv&from=2026-03-09&to=2026-03-13&site=${site.id}`);
    expect(csv.res.status).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Date,Site,Zone,Space,Category,Person,Start,End,Outcome");
    expect(lines).toHaveLength(6);
    expect(lines.find((l) => l.includes("calc"))).toContain(`'=cmd`);
  });

  test("hostile filters answer 400 with the message; the export says it as text; no right, 403", async () => {
    const { email } = await fixture();
    const client = newClient({ "accept-language": "en-GB" });
    await signIn(client, email);
    const cases: [string, string][] = [
      ["from=2026-03-01&to=2026-04-15", "An export covers at most 31 days"],
      ["from=2026-03-01&to=2026-03-05&category=hammock", "Choose one of the categories"],
      ["from=2026-03-01&to=2026-03-05&outcome=maybe", "Choose used, released, cancelled or not used"],
      ["from=2026-03-01&to=2026-03-05&zone=4", "Choose a zone of the chosen site"],
      ["from=2026-03-01&to=2026-03-05&site=999999", ""],
    ];
    for (const [query, message] of cases) {
      const page = await client.request(`/reports/bookings?${query}`);
      expect(page.res.status, query).toBe(400);
      if (message) expect(page.body, query).toContain(message);
      const sheet = await client.request(`/reports/bookings/export?format=csv&${query}`);
      expect(sheet.res.status, query).toBe(400);
      if (message) expect(sheet.body, query).toBe(message);
    }
    await createUpstreamRole(upstreamUrl(), { name: `No bookings ${tag()}`, rights: ["History.viewer"] }).then(async (role) => {
      const other = uniqueEmail("no-bookings-report");
      await createUser({ email: other, role: role.name });
      const c = newClient();
      await signIn(c, other);
      expect((await c.request("/reports/bookings")).res.status).toBe(403);
    });
  });
});
