/**
 * Manage sites and events, with JavaScript (without it: tests/integration/forms-manage.test.ts): an administrator adds a site (the form's
 * messages first), edits its details, and deletes it by typing its name; adds an event with its
 * dates; hits the site limit. After each step a reload shows what the upstream stored. A viewer of
 * sites sees the overview without "Add a site" and gets 403 on a site's own pages (admin only).
 */
import type { Page } from "@playwright/test";
import { createUpstreamRole } from "../support/hooks";
import { checkpoint, createUser, expect, heading, hook, settled, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

const tag = () => Math.random().toString(36).slice(2, 7);

async function admin(page: Page, testInfo: Parameters<typeof signIn>[1], client = "eu:1") {
  const email = uniqueEmail("manage");
  await createUser({ email, role: "Administrator", client, name: "Mia Manager" });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
}

test("an administrator adds a site, edits its details and deletes it by typing its name", async ({ page }, testInfo) => {
  // Other tests add sites of their own to Acme: lift its limit (the limit has its own test below).
  await hook("POST", "clients/eu:1", { site_limit: null });
  await admin(page, testInfo);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Manage" }).click();
  await expect(heading(page)).toHaveText("Manage");
  await checkpoint(page, testInfo, "manage landing");
  await page.getByRole("link", { name: "Sites", exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/overview\/sites$/);
  await expect(page.getByRole("table")).toBeVisible();
  await checkpoint(page, testInfo, "sites overview");

  // Add a site: the form's own messages first, then the real thing.
  await page.getByRole("link", { name: "Add a site" }).click();
  await expect(page).toHaveURL(/\/manage\/overview\/sites\/new$/);
  const dialog = page.getByRole("dialog", { name: "Add a site" });
  await settled(page, testInfo);
  await dialog.getByLabel("Reply-to email").fill("not an email");
  await dialog.getByRole("button", { name: "Add site" }).click();
  await expect(dialog.getByText("A site name is required")).toBeVisible();
  await expect(dialog.getByText("Enter a valid reply-to email address")).toBeVisible();
  await expect(dialog.getByLabel("Reply-to email")).toHaveValue("not an email");
  await checkpoint(page, testInfo, "add a site, with errors");
  const name = `E2E Depot ${tag()}`;
  await dialog.getByLabel("Site name").fill(name);
  await dialog.getByLabel("Reply-to email").fill("depot@acme.example.com");
  await dialog.getByLabel("Time zone", { exact: true }).selectOption("Europe/Dublin");
  await dialog.getByRole("button", { name: "Add site" }).click();
  await expect(page).toHaveURL(/\/manage\/site\/\d+\/details$/);
  await expect(page.getByText(`${name} has been added.`)).toBeVisible();
  await expect(heading(page)).toHaveText(name);
  const detailsUrl = page.url();
  await checkpoint(page, testInfo, "site details");

  // Edit the details; a reload shows what was stored.
  await page.getByLabel("Address (optional)").fill("4 Harbour Road, Dublin");
  await page.getByLabel("Reply-to name (optional)").fill("Depot reception");
  await page.getByLabel("Site name").fill(`${name} North`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(`${name} North has been saved.`)).toBeVisible();
  await page.goto(detailsUrl);
  await expect(page.getByLabel("Site name")).toHaveValue(`${name} North`);
  await expect(page.getByLabel("Address (optional)")).toHaveValue("4 Harbour Road, Dublin");
  await expect(page.getByLabel("Reply-to name (optional)")).toHaveValue("Depot reception");
  await expect(page.getByLabel("Time zone", { exact: true })).toHaveValue("Europe/Dublin");

  // A blank name is refused and nothing is saved.
  await page.getByLabel("Site name").fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("A site name is required")).toBeVisible();
  await page.goto(detailsUrl);
  await expect(page.getByLabel("Site name")).toHaveValue(`${name} North`);

  // Delete by typing the name: a wrong name first.
  await page.getByLabel(`Type “${name} North” to confirm`).fill("something else");
  await page.getByRole("button", { name: "Delete this site" }).click();
  await expect(page.getByText("Type the name exactly as shown to delete it")).toBeVisible();
  await checkpoint(page, testInfo, "delete with a wrong name");
  await page.getByLabel(`Type “${name} North” to confirm`).fill(`${name} North`);
  await page.getByRole("button", { name: "Delete this site" }).click();
  await expect(page).toHaveURL(/\/manage\/overview\/sites$/);
  await expect(page.getByText(`${name} North has been deleted.`)).toBeVisible();
  await page.goto(`/manage/overview/sites?search=${encodeURIComponent(name)}`);
  await expect(page.getByText(/Nothing matches/)).toBeVisible();
  expect((await page.goto(detailsUrl))?.status()).toBe(404);
});

test("an event is added with its dates in the site's time; the end must come after the start", async ({ page }, testInfo) => {
  await admin(page, testInfo);
  await page.goto("/manage/overview/events/new");
  const dialog = page.getByRole("dialog", { name: "Add an event" });
  await settled(page, testInfo);
  const name = `E2E Summer party ${tag()}`;
  await dialog.getByLabel("Event name").fill(name);
  await dialog.getByLabel("Reply-to email").fill("events@acme.example.com");
  await dialog.getByLabel("Time zone", { exact: true }).selectOption("Europe/London");
  await dialog.getByLabel("Starts").fill("2030-07-01T18:00");
  await dialog.getByLabel("Ends").fill("2030-07-01T17:00");
  await dialog.getByRole("button", { name: "Add event" }).click();
  await expect(dialog.getByText("The end must be after the start")).toBeVisible();
  await checkpoint(page, testInfo, "add an event, with an error");
  await dialog.getByLabel("Ends").fill("2030-07-01T23:30");
  await dialog.getByRole("button", { name: "Add event" }).click();
  await expect(page).toHaveURL(/\/manage\/site\/\d+\/details$/);
  await page.reload();
  await expect(page.getByLabel("Starts")).toHaveValue("2030-07-01T18:00");
  await expect(page.getByLabel("Ends")).toHaveValue("2030-07-01T23:30");
  await page.goto(`/manage/overview/events?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole("rowheader", { name })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("1 Jul 2030");
});

test("the site limit: adding one site too many says so and adds nothing", async ({ page }, testInfo) => {
  // Initech Ltd (eu:5) has one site; its limit is set to that, so the next one is refused.
  await hook("POST", "clients/eu:5", { site_limit: 1 });
  await admin(page, testInfo, "eu:5");
  await page.goto("/manage/overview/sites");
  await expect(page.getByText("1 of 1 sites used")).toBeVisible();
  await page.getByRole("link", { name: "Add a site" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a site" });
  await settled(page, testInfo);
  await dialog.getByLabel("Site name").fill("One too many");
  await dialog.getByLabel("Reply-to email").fill("office@initech.example.com");
  await dialog.getByRole("button", { name: "Add site" }).click();
  await expect(dialog.getByText("You have reached your site limit of 1")).toBeVisible();
  await expect(dialog.getByLabel("Site name")).toHaveValue("One too many");
  await checkpoint(page, testInfo, "site limit");
  await page.goto("/manage/overview/sites");
  await expect(page.getByRole("rowheader", { name: "One too many" })).toHaveCount(0);
});

test("a viewer of sites sees the overview read-only, and a site's own pages are for administrators", async ({ page }, testInfo) => {
  await createUpstreamRole(upstreamUrl(), { client: "eu:1", name: "Site viewer", rights: ["ManageSite.viewer"] });
  const email = uniqueEmail("site-viewer");
  await createUser({ email, role: "Site viewer" });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
  // Other tests add sites to Acme: search, so Head Office is on the first page.
  await page.goto("/manage/overview/sites?search=Head%20Office");
  await expect(page.getByRole("rowheader", { name: "Head Office" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add a site" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Head Office" })).toHaveCount(0);
  await checkpoint(page, testInfo, "sites overview, read only");
  expect((await page.goto("/manage/overview/sites/new"))?.status()).toBe(403);
  expect((await page.goto("/manage/site/1/details"))?.status()).toBe(403);
  expect((await page.goto("/manage/overview/events"))?.status()).toBe(403);
});

test("a dropdown of 5 or more options can be searched; the choice survives the filter @js-only", async ({ page }, testInfo) => {
  await hook("POST", "clients/eu:1", { site_limit: null });
  await admin(page, testInfo);
  await page.goto("/manage/overview/sites/new");
  await settled(page, testInfo);
  const dialog = page.getByRole("dialog", { name: "Add a site" });
  const zone = dialog.getByLabel("Time zone", { exact: true });
  const before = await zone.locator("option").count();
  expect(before).toBeGreaterThan(100);
  // Two choices (site or remote site) stay a plain dropdown; 19 languages get a search too.
  await expect(dialog.getByRole("searchbox", { name: "Search “Type”" })).toHaveCount(0);
  await expect(dialog.getByRole("searchbox", { name: "Search “Language on the sign-in screen”" })).toBeVisible();
  const search = dialog.getByRole("searchbox", { name: "Search “Time zone”" });
  await search.fill("tokyo");
  // Asia/Tokyo, and the zone already chosen (the filter never changes the answer).
  await expect(zone.locator("option")).toHaveCount(2);
  await expect(zone).not.toHaveValue("Asia/Tokyo");
  await zone.selectOption("Asia/Tokyo");
  await checkpoint(page, testInfo, "searchable dropdown");
  await search.fill("");
  await expect(zone.locator("option")).toHaveCount(before);
  await expect(zone).toHaveValue("Asia/Tokyo");
  const name = `E2E Tokyo ${tag()}`;
  await dialog.getByLabel("Site name").fill(name);
  await dialog.getByLabel("Reply-to email").fill("tokyo@acme.example.com");
  await dialog.getByRole("button", { name: "Add site" }).click();
  await expect(page).toHaveURL(/\/manage\/site\/\d+\/details$/);
  await page.reload();
  await expect(page.getByLabel("Time zone", { exact: true })).toHaveValue("Asia/Tokyo");
});
