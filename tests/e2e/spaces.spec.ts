/**
 * Spaces (issue 26; ADR 036), with and without JavaScript (@nojs): an administrator designs a zone
 * with desks on a floor plan, books a desk for tomorrow 09:00–17:00, finds it in "My bookings" and
 * in the calendar feed (read back with an iCalendar parser: 09:00 in the site's zone), cancels it;
 * a desk taken by someone else meanwhile answers with platform §8's message and the offered
 * alternative books in one click. With JavaScript only: another person's booking appears without a
 * reload (the site channel).
 */
import type { Page } from "@playwright/test";
import ical from "node-ical";
import { upstreamAccess } from "../support/access";
import { checkpoint, createUser, expect, heading, hook, jsEnabled, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

const tag = () => Math.random().toString(36).slice(2, 7);

interface Site {
  id: number;
  name: string;
  timezone: string;
}
let hq: Site;
const admin = () => upstreamAccess(upstreamUrl(), "admin@example.com");

test.beforeAll(async () => {
  const sites = (await (await admin()).get("sites")) as Site[];
  hq = sites.find((s) => s.name === "Head Office")!;
});

/** A day in the site's zone, `n` days from today (YYYY-MM-DD). */
const dayIn = (n: number) => new Intl.DateTimeFormat("en-CA", { timeZone: hq.timezone }).format(new Date(Date.now() + n * 86_400_000));

/** `day` at `time` in the site's zone as ISO 8601 with its offset. */
function zoned(day: string, time: string): string {
  const guess = new Date(`${day}T${time}:00Z`);
  const name = new Intl.DateTimeFormat("en", { timeZone: hq.timezone, timeZoneName: "longOffset" }).formatToParts(guess).find((p) => p.type === "timeZoneName")!.value;
  const offset = name === "GMT" ? "+00:00" : name.slice(3);
  return `${day}T${time}:00${offset}`;
}

/** A node of the Head Office's layout by name, as the upstream has it. */
async function spaceNode(name: string): Promise<{ id: number; placement: { x: number; y: number } | null }> {
  const site = (await (await admin()).get(`spaces/${hq.id}`)) as { layout: unknown[] };
  const walk = (nodes: any[]): any => {
    for (const n of nodes) {
      if (n.name === name) return n;
      const found = walk(n.children);
      if (found) return found;
    }
    return undefined;
  };
  const node = walk(site.layout);
  if (!node) throw new Error(`no space ${name}`);
  return node;
}
const spaceId = async (name: string) => (await spaceNode(name)).id;

/** A 200×100 floor plan (PNG). */
const PLAN = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAZAAAAEsCAIAAABi1XKVAAAD8ElEQVR4nO3UsQkAIBDAwN9/UGtrK1ewk8DBDZAqs/YBSJjvBQCPDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDDsIAMwwIyDAvIMCwgw7CADMMCMgwLyDAsIMOwgAzDAjIMC8gwLCDjArceqTt5xJJpAAAAAElFTkSuQmCC", "base64");

async function signedInAdmin(page: Page, testInfo: Parameters<typeof signIn>[1]) {
  const email = uniqueEmail("spaces");
  await createUser({ email, role: "Administrator", client: "eu:1", name: `Sam Spaces ${tag()}` });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
  return email;
}

async function searchDay(page: Page, day: string, zone: string) {
  const form = page.getByRole("form", { name: "Search spaces" });
  await form.getByLabel("Day", { exact: true }).fill(day);
  await form.getByLabel("From", { exact: true }).fill("09:00");
  await form.getByLabel("To", { exact: true }).fill("17:00");
  await form.getByLabel("Zone", { exact: true }).selectOption({ label: zone });
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`day=${day}`));
}

test("design a zone, book a desk for tomorrow, see it in My bookings and the calendar feed, cancel it; a clash books the alternative in one click @nojs", async ({ page }, testInfo) => {
  await signedInAdmin(page, testInfo);
  const zone = `E2E zone ${tag()}`;
  const desks = [1, 2, 3].map((i) => `${zone.slice(9)}-D${i}`);

  // Design: a zone with a floor plan, three desks in it, the first placed on the plan — by its
  // coordinates (the form without JavaScript), and with JavaScript dragged and saved as well.
  await page.goto("/spaces");
  await page.getByRole("link", { name: "Design spaces" }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/spaces/${hq.id}$`));
  const addZone = page.getByRole("form", { name: "Add a zone" });
  await addZone.getByLabel("Name").fill(zone);
  await addZone.getByRole("button", { name: "Add zone" }).click();
  await expect(page.getByText(`Zone ${zone} added.`)).toBeVisible();
  await page.getByText(`Edit ${zone}`, { exact: true }).click();
  await page.getByLabel(`Floor plan of ${zone}`).setInputFiles({ name: "plan.png", mimeType: "image/png", buffer: PLAN });
  await page.getByRole("button", { name: `Upload floor plan for ${zone}` }).click();
  await expect(page.getByText("Floor plan uploaded.")).toBeVisible();
  for (const d of desks) {
    const addSpace = page.getByRole("form", { name: "Add a space" });
    await addSpace.getByLabel("Name").fill(d);
    await addSpace.getByLabel("Zone").selectOption({ label: zone });
    await addSpace.getByRole("button", { name: "Add space" }).click();
    await expect(page.getByText(`Space ${d} added.`)).toBeVisible();
  }
  await page.getByText(`Edit ${desks[0]}`, { exact: true }).click();
  const place = page.getByRole("form", { name: `Place ${desks[0]} on the floor plan` });
  await place.getByLabel("Across (x, 0 to 1)").fill("0.25");
  await place.getByLabel("Down (y, 0 to 1)").fill("0.5");
  await place.getByRole("button", { name: `Place ${desks[0]}` }).click();
  await expect(page.getByText("Placement saved.")).toBeVisible();
  await checkpoint(page, testInfo, "designer");
  const placed = async () => (await spaceNode(desks[0]!)).placement;
  expect(await placed()).toEqual({ x: 0.25, y: 0.5 });
  if (jsEnabled(testInfo)) {
    const canvas = page.getByRole("group", { name: `Floor plan of ${zone}` });
    const marker = canvas.getByRole("button", { name: new RegExp(`^${desks[0]} at 0.25, 0.5`) });
    await marker.scrollIntoViewIfNeeded();
    const from = (await marker.locator("circle").boundingBox())!;
    const area = (await canvas.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width * 0.6, area.y + area.height * 0.3, { steps: 8 });
    await page.mouse.up();
    // The zone's own save state (every floor plan of the site has one).
    const state = page.getByRole("region", { name: `Floor plan of ${zone}` }).getByRole("status");
    await expect(state).toHaveText("Unsaved changes");
    await page.getByRole("button", { name: `Save placements on ${zone}` }).click();
    await expect(state).toHaveText("Saved");
    await expect.poll(async () => (await placed())?.x).not.toBe(0.25);
  }

  // Book the first desk for tomorrow 09:00–17:00.
  await page.goto("/spaces");
  await expect(page).toHaveURL(new RegExp(`/spaces/${hq.id}/bookings`));
  await expect(heading(page)).toHaveText(`Bookings at ${hq.name}`);
  const tomorrow = dayIn(1);
  await searchDay(page, tomorrow, zone);
  const list = page.getByRole("region", { name: `${zone} · Desk` });
  await expect(list.getByRole("row", { name: new RegExp(desks[0]!) })).toContainText("Free");
  await checkpoint(page, testInfo, "spaces of a zone, all free");
  await list.getByRole("button", { name: `Book ${desks[0]}`, exact: true }).click();
  await expect(page.getByText("Booked.").first()).toBeVisible();
  const mine = page.getByRole("table", { name: "My bookings" });
  await expect(mine.getByRole("row", { name: new RegExp(desks[0]!) })).toContainText("09:00–17:00");
  await checkpoint(page, testInfo, "booked");

  // The calendar feed of my bookings: its URL shown once, read back with an iCalendar parser — the
  // desk at 09:00 in the site's zone.
  const feeds = page.getByRole("region", { name: "Calendar feed" });
  await feeds.getByRole("button", { name: "Create a feed of my bookings" }).click();
  await expect(feeds.getByText("Copy this link now: it will not be shown again.")).toBeVisible();
  const feedUrl = await feeds.getByRole("textbox", { name: "Calendar feed URL" }).inputValue();
  const calendar = ical.sync.parseICS(await (await fetch(feedUrl)).text());
  const event = Object.values(calendar)
    .filter((c): c is ical.VEvent => c?.type === "VEVENT")
    .find((c) => String(c.summary).includes(desks[0]!));
  expect(event, "the booking in the feed").toBeDefined();
  expect(event!.start.tz).toBe(hq.timezone);
  const local = new Intl.DateTimeFormat("en-CA", { timeZone: hq.timezone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(event!.start);
  expect(local).toBe(`${tomorrow}, 09:00`);

  // Cancel it.
  await mine.getByRole("button", { name: `Cancel ${desks[0]} 09:00–17:00` }).click();
  await expect(page.getByText("Booking cancelled.").first()).toBeVisible();
  await expect(list.getByRole("row", { name: new RegExp(desks[0]!) })).toContainText("Free");
  await expect(mine.getByRole("row", { name: new RegExp(desks[0]!) })).toHaveCount(0);

  // Someone else takes the second desk while the page is open: the spec's message, and the nearest
  // free desk of the zone offered and booked in one click.
  const taken = await spaceId(desks[1]!);
  await hook("POST", `sites/${hq.id}/spaces/bookings`, { space_id: taken, person_name: "Kim Early", starts_at: zoned(tomorrow, "08:00"), ends_at: zoned(tomorrow, "18:00") });
  await list.getByRole("button", { name: `Book ${desks[1]}`, exact: true }).click();
  await expect(page.getByText("This space is unavailable for the requested time period").first()).toBeVisible();
  await checkpoint(page, testInfo, "a clash and its alternative");
  const instead = page.getByRole("button", { name: new RegExp(`^Book ${zone.slice(9)}-D[13] instead$`) });
  const alternative = ((await instead.textContent()) ?? "").replace(/^Book | instead$/g, "").trim();
  await instead.click();
  await expect(page.getByText("Booked.").first()).toBeVisible();
  await expect(page.getByRole("table", { name: "My bookings" }).getByRole("row", { name: new RegExp(alternative) })).toContainText("09:00–17:00");
});

test("another person's booking appears without a reload @js-only", async ({ browser, page }, testInfo) => {
  await signedInAdmin(page, testInfo);
  const zone = `E2E live ${tag()}`;
  const z = await hook<{ id: number }>("POST", `sites/${hq.id}/spaces/nodes`, { name: zone });
  const desks = [1, 2].map((i) => `${zone.slice(9)}-L${i}`);
  for (const d of desks) await hook("POST", `sites/${hq.id}/spaces/nodes`, { name: d, parent_id: z.id, category: "desk" });
  const day = dayIn(2);
  await page.goto(`/spaces/${hq.id}/bookings`);
  await searchDay(page, day, zone);
  const list = page.getByRole("region", { name: `${zone} · Desk` });
  await expect(list.getByRole("row", { name: new RegExp(desks[0]!) })).toContainText("Free");

  // A second person books the first desk in their own session: the first page shows it booked.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signedInAdmin(second, testInfo);
  await second.goto(`/spaces/${hq.id}/bookings`);
  await searchDay(second, day, zone);
  await second.getByRole("region", { name: `${zone} · Desk` }).getByRole("button", { name: `Book ${desks[0]}`, exact: true }).click();
  await expect(second.getByText("Booked.").first()).toBeVisible();
  await expect(list.getByRole("row", { name: new RegExp(desks[0]!) })).toContainText(/Booked by Sam Spaces/);
  await expect(list.getByRole("button", { name: `Book ${desks[0]}`, exact: true })).toHaveCount(0);
  await other.close();
});
