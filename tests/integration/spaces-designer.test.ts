/**
 * The spaces designer through real HTTP, as a browser without JavaScript (issue 26 item 4; ADR
 * 036): every form of /manage/spaces/:id — add a zone, add a space with its category and tags,
 * rename, move to another zone, upload a floor plan, place a space by coordinates, the booking
 * rules — checked on the page and in what the upstream stored; the upstream's refusals shown on
 * their fields in words with what was typed kept; deleting a zone that holds a space with an active
 * booking confirmed twice (its children, then its bookings); the
 * designer linked from the bookings page for an editor only; a Standard User (no Spaces.editor)
 * 403 on the page and every post; an unknown site 404.
 *
 * Each test owns a fresh site of Acme (eu:1) with spaces switched on, deleted after it: other files
 * (tests/integration/spaces.test.ts) count on Head Office being Acme's one spaces site.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { createUpstreamSite } from "../support/hooks";
import { createUser, hook, newBrowser, newClient, signIn, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const tag = () => Math.random().toString(36).slice(2, 7);

interface Node {
  id: number;
  type: "zone" | "space";
  name: string;
  category: string | null;
  tags: string[];
  zone_path: number[];
  placement: { x: number; y: number } | null;
  children: Node[];
}
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

/** Deletes each test's site after it. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A fresh spaces site, an administrator signed in with the form driver, and the upstream as them. */
async function designerSite() {
  const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `Design ${tag()}` });
  await hook("POST", `sites/${site.id}/spaces`, {});
  const email = uniqueEmail("designer");
  await createUser({ email, role: "Administrator" });
  const api = await upstreamAccess(upstreamUrl(), email);
  const browser = newBrowser();
  // Deleted as an administrator does it: the details tab's delete with the name typed.
  cleanups.push(async () => expect((await browser.client.post(`/manage/site/${site.id}/details`, { intent: "delete", confirm: site.name }, { follow: false })).res.status).toBe(303));
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  const stored = async () => (await api.get(`spaces/${site.id}`)) as { layout: Node[]; floor_plans: { zone_id: number; file: string }[]; booking_advance_limit: { unit: string; value: number | null }; buffer_minutes: number; release_after_minutes: number | null };
  const node = async (name: string) => flat((await stored()).layout).find((n) => n.name === name);
  return { site, browser, api, stored, node, path: `/manage/spaces/${site.id}` };
}
const noticed = (page: Page) => page.notices().join(" ");

describe("the spaces designer, without JavaScript", () => {
  test("add zones and a space, rename, move, upload a floor plan, place by coordinates, the booking rules", async () => {
    const s = await designerSite();
    let page = await s.browser.open(s.path);
    expect(page.status).toBe(200);
    expect(page.heading()).toBe(`Design spaces at ${s.site.name}`);
    expect(page.text()).toContain("No zones or spaces yet.");

    page = await page.form({ button: "Add zone" }).fill("Name", "Floor 1").submit("Add zone");
    expect(noticed(page)).toContain("Zone Floor 1 added.");
    expect(page.path).toBe(s.path);
    page = await page.form({ button: "Add zone" }).fill("Name", "Floor 2").submit("Add zone");
    page = await page.form({ button: "Add zone" }).fill("Name", "North wing").select("Inside", "Floor 1").submit("Add zone");
    const floor1 = (await s.node("Floor 1"))!;
    expect((await s.node("North wing"))!.zone_path).toEqual([floor1.id]);

    page = await page.form({ button: "Add space" }).fill("Name", "Desk A1").select("Zone", "Floor 1 › North wing").select("Category", "Meeting room").fill("Tags", "window, quiet, Window").submit("Add space");
    expect(noticed(page)).toContain("Space Desk A1 added.");
    let desk = (await s.node("Desk A1"))!;
    expect(desk).toMatchObject({ type: "space", category: "meeting-room", tags: ["window", "quiet"] });
    expect(desk.zone_path).toEqual([floor1.id, (await s.node("North wing"))!.id]);
    expect(page.region("Zones and spaces").text()).toContain("Desk A1 Meeting room · window, quiet");

    // Rename and change its tags.
    page = await page.form({ button: "Save Desk A1" }).fill("Name", "Desk B1").fill("Tags", "standing").submit("Save Desk A1");
    expect(noticed(page)).toContain("Desk B1 saved.");
    desk = (await s.node("Desk B1"))!;
    expect(desk.tags).toEqual(["standing"]);
    expect(await s.node("Desk A1")).toBeUndefined();

    // Move it to Floor 2 (after what is there); a zone cannot be moved into itself (not offered).
    page = await page.form({ button: "Add space" }).fill("Name", "Desk C1").select("Zone", "Floor 2").submit("Add space");
    page = await page.form({ button: "Save Desk B1" }).select("Zone", "Floor 2").submit("Save Desk B1");
    const floor2 = (await s.node("Floor 2"))!;
    expect((await s.node("Desk B1"))!.zone_path).toEqual([floor2.id]);
    expect(floor2.children.map((c) => c.name)).toEqual(["Desk C1", "Desk B1"]);
    // …and first among them by its position.
    page = await page.form({ button: "Save Desk B1" }).fill("Position", "0").submit("Save Desk B1");
    expect((await s.node("Floor 2"))!.children.map((c) => c.name)).toEqual(["Desk B1", "Desk C1"]);
    expect(() => page.form({ button: "Save Floor 1" }).select("Zone", "Floor 1 › North wing")).toThrow();

    // A floor plan for Floor 2 (multipart, as the branding image), shown from the portal's /files/.
    page = await page.form({ button: "Upload floor plan for Floor 2" }).attach("Floor plan of Floor 2", { name: "plan.png", type: "image/png", data: PNG }).submit("Upload floor plan for Floor 2");
    expect(noticed(page)).toContain("Floor plan uploaded.");
    const plan = (await s.stored()).floor_plans.find((f) => f.zone_id === floor2.id)!;
    expect(plan).toBeTruthy();
    expect(page.images()).toContainEqual({ name: "Floor plan of Floor 2", src: `/files/${plan.file}` });
    expect(page.region("Floor plan of Floor 2").text()).toContain("Not placed yet: Desk B1, Desk C1");

    // Placed by coordinates.
    page = await page.form({ button: "Place Desk B1" }).fill("Across (x, 0 to 1)", "0.25").fill("Down (y, 0 to 1)", "0.4").submit("Place Desk B1");
    expect(noticed(page)).toContain("Placement saved.");
    expect((await s.node("Desk B1"))!.placement).toEqual({ x: 0.25, y: 0.4 });
    expect(page.region("Spaces on the plan").text()).toContain("Desk B1");
    expect(page.region("Floor plan of Floor 2").text()).toContain("Not placed yet: Desk C1");

    // The booking rules.
    page = await page
      .form({ button: "Save booking rules" })
      .select("Advance limit", "Weeks")
      .fill("How many (weeks, months or years)", "2")
      .fill("Buffer", "1")
      .select("Buffer unit", "Hours")
      .fill("Release unused desks and parking spaces after (minutes)", "30")
      .submit("Save booking rules");
    expect(noticed(page)).toContain("Booking rules saved.");
    expect(await s.stored()).toMatchObject({ booking_advance_limit: { unit: "weeks", value: 2 }, buffer_minutes: 60, release_after_minutes: 30 });
    const rules = page.form({ button: "Save booking rules" });
    expect([rules.value("How many (weeks, months or years)"), rules.value("Buffer"), rules.value("Buffer unit"), rules.value("Release unused desks and parking spaces after (minutes)")]).toEqual(["2", "1", "hours", "30"]);
  });

  test("the upstream's refusals on their fields, in words, with what was typed kept", async () => {
    const s = await designerSite();
    let page = await s.browser.open(s.path);
    page = await page.form({ button: "Add zone" }).fill("Name", "Floor 1").submit("Add zone");

    page = await page.form({ button: "Add zone" }).fill("Name", "floor 1").submit("Add zone");
    expect(page.status).toBe(422);
    expect(page.form({ button: "Add zone" }).fieldErrors("Name")).toEqual(["Another zone or space here has this name"]);
    expect(page.form({ button: "Add zone" }).value("Name")).toBe("floor 1");

    page = await page.form({ button: "Save booking rules" }).fill("Buffer", "25").select("Buffer unit", "Hours").submit("Save booking rules");
    expect(page.status).toBe(422);
    expect(page.form({ button: "Save booking rules" }).fieldErrors("Buffer")).toEqual(["The buffer must be a whole number of minutes or hours, at most 24 hours"]);
    expect(page.form({ button: "Save booking rules" }).value("Buffer")).toBe("25");

    page = await page.form({ button: "Save booking rules" }).select("Advance limit", "Months").fill("How many (weeks, months or years)", "").fill("Buffer", "0").submit("Save booking rules");
    expect(page.status).toBe(422);
    expect(page.form({ button: "Save booking rules" }).fieldErrors("How many (weeks, months or years)")).toEqual(["Enter a number of weeks, months or years from 1 to 99, or choose no limit"]);

    page = await page.form({ button: "Add space" }).fill("Name", "Desk 1").select("Zone", "Floor 1").submit("Add space");
    page = await page.form({ button: "Place Desk 1" }).fill("Across (x, 0 to 1)", "1.5").fill("Down (y, 0 to 1)", "0.5").submit("Place Desk 1");
    expect(page.status).toBe(422);
    expect(page.form({ button: "Place Desk 1" }).fieldErrors("Across (x, 0 to 1)")).toEqual(["Place it with x and y from 0 to 1 (fractions of the floor plan)"]);
    expect(page.form({ button: "Place Desk 1" }).value("Across (x, 0 to 1)")).toBe("1.5");
    expect((await s.node("Desk 1"))!.placement).toBeNull();

    page = await page.form({ button: "Save Desk 1" }).fill("Name", " ").submit("Save Desk 1");
    expect(page.status).toBe(422);
    expect(page.form({ button: "Save Desk 1" }).fieldErrors("Name")).toEqual(["Enter a name"]);

    // A hostile post: an unknown intent, a node id that is not one.
    const client = s.browser.client;
    expect((await client.post(s.path, { intent: "nope" })).res.status).toBe(400);
    expect((await client.post(s.path, { intent: "update", node_id: "x1", name: "A" })).res.status).toBe(400);
    const gone = await client.post(s.path, { intent: "update", node_id: "999999", name: "A", type: "zone" });
    expect(gone.res.status).toBe(404);
    expect(gone.body).toContain("This zone or space no longer exists");
  });

  test("deleting a zone that holds a space with an active booking is confirmed (its children, then its bookings), then goes", async () => {
    const s = await designerSite();
    let page = await s.browser.open(s.path);
    page = await page.form({ button: "Add zone" }).fill("Name", "Floor 9").submit("Add zone");
    page = await page.form({ button: "Add space" }).fill("Name", "Desk 9").select("Zone", "Floor 9").select("Category", "Desk").submit("Add space");
    const desk = (await s.node("Desk 9"))!;
    const start = new Date(Date.now() + 2 * 86_400_000);
    await hook("POST", `sites/${s.site.id}/spaces/bookings`, { space_id: desk.id, person_name: "Pat Booker", starts_at: start.toISOString(), ends_at: new Date(start.getTime() + 3_600_000).toISOString() });

    page = await page.click("Delete Floor 9");
    expect(page.status).toBe(422);
    expect(page.alerts().join(" ")).toContain("Floor 9 still holds zones or spaces. Delete it with everything in it?");
    expect(await s.node("Floor 9")).toBeTruthy();

    page = await page.click("Yes, delete Floor 9");
    expect(page.status).toBe(422);
    expect(page.alerts().join(" ")).toContain("Floor 9 has active bookings that have not ended (1). Delete it and cancel them?");
    expect(await s.node("Floor 9")).toBeTruthy();

    page = await page.click("Yes, delete Floor 9");
    expect(noticed(page)).toContain("Deleted.");
    expect((await s.stored()).layout).toEqual([]);
    expect(page.text()).toContain("No zones or spaces yet.");
  });

  test("linked from the bookings page for an editor; a Standard User (no Spaces.editor) gets 403 on the page and every post; an unknown site 404", async () => {
    const s = await designerSite();
    const bookings = await s.browser.open(`/spaces/${s.site.id}/bookings`);
    expect(bookings.link("Design spaces")).toBe(s.path);

    const email = uniqueEmail("designer-std");
    await createUser({ email, role: "Standard User" });
    const std = newBrowser();
    expect((await signInWithForms(std, email)).path).toBe("/today");
    const seen = await std.open(`/spaces/${s.site.id}/bookings`);
    expect(seen.status).toBe(200);
    expect(seen.hasLink("Design spaces")).toBe(false);
    const client = newClient();
    await signIn(client, email);
    expect((await client.request(s.path)).res.status).toBe(403);
    for (const intent of ["add-zone", "update", "place", "settings", "delete", "remove-floor-plan"]) {
      expect([intent, (await client.post(s.path, { intent, type: "zone", name: "Nope", node_id: "1" })).res.status]).toEqual([intent, 403]);
    }
    expect(await s.node("Nope")).toBeUndefined();

    expect((await s.browser.client.request("/manage/spaces/999999")).res.status).toBe(404);
    expect((await s.browser.client.request("/manage/spaces/abc")).res.status).toBe(404);
  });
});
