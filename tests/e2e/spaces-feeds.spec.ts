/**
 * The booking page's calendar feed with JavaScript on (issue 26 item 5; ADR 036): create a feed of
 * my bookings, copy its URL with the copy button ("Copied"), a calendar app's fetch of it answers
 * the calendar; a reload no longer shows it; revoke → 404. axe checks the page with the URL shown.
 * (Every rule without JavaScript, and the feed read back with node-ical:
 * tests/integration/spaces-feeds.test.ts.)
 */
import { checkpoint, createUser, expect, signIn, test, uniqueEmail } from "./fixtures";

test("create my bookings' feed, copy its URL, fetch it; reload hides it; revoke → 404", async ({ page, context }, testInfo) => {
  const email = uniqueEmail("feeds-e2e");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Fay Feeds" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
  await page.goto("/spaces");
  await expect(page).toHaveURL(/\/spaces\/\d+\/bookings/);
  const feeds = page.getByRole("region", { name: "Calendar feed" });
  await feeds.getByRole("button", { name: "Create a feed of my bookings" }).click();
  await expect(feeds.getByText("Copy this link now: it will not be shown again.")).toBeVisible();
  await checkpoint(page, testInfo, "calendar feed, URL shown once");
  const field = feeds.getByRole("textbox", { name: "Calendar feed URL" });
  const url = await field.inputValue();
  expect(url).toMatch(/\/api\/v2\/calendar\/[0-9a-f]{64}\.ics$/);
  expect(page.url()).not.toContain(url.slice(-68, -4));
  await feeds.getByRole("button", { name: "Copy the calendar feed URL" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText()).catch(() => url)).toBe(url);
  const res = await fetch(url);
  expect([res.status, res.headers.get("content-type")]).toEqual([200, "text/calendar; charset=utf-8"]);

  await page.reload();
  await expect(feeds.getByRole("row").filter({ hasText: "My bookings" })).toBeVisible();
  await expect(feeds.getByRole("textbox", { name: "Calendar feed URL" })).toHaveCount(0);
  await feeds.getByRole("button", { name: "Revoke My bookings" }).click();
  await expect(feeds.getByText("You have no calendar feeds at this site.")).toBeVisible();
  expect((await fetch(url)).status).toBe(404);
});
