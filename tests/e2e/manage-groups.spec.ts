/**
 * Groups in the manage area, with JavaScript (without it: tests/integration/forms-manage.test.ts): an administrator finds the groups
 * overview from the manage landing, adds a group (its message first), sees it shown at every site,
 * leaves it out at one site on that site's groups tab and brings it back; the group limit refuses
 * one too many with the spec's message. After each step a reload shows what the upstream stored.
 */
import type { Page } from "@playwright/test";
import { createUpstreamSite } from "../support/hooks";
import { checkpoint, createUser, expect, heading, hook, settled, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

const tag = () => Math.random().toString(36).slice(2, 7);

async function admin(page: Page, testInfo: Parameters<typeof signIn>[1], client = "eu:1") {
  const email = uniqueEmail("groups");
  await createUser({ email, role: "Administrator", client, name: "Gus Groups" });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
}

test("an administrator adds a group and chooses the sites that show it", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  // Other tests add groups and sites of their own to Acme: lift its limits (the group limit has its own test).
  await hook("POST", "clients/eu:1", { group_limit: null, site_limit: null });
  const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `E2E Groups site ${tag()}` });
  await admin(page, testInfo);
  await page.goto("/manage");
  await page.getByRole("link", { name: "Groups", exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/overview\/groups$/);
  await expect(page.getByRole("rowheader", { name: "Visitors", exact: true })).toBeVisible();
  await checkpoint(page, testInfo, "groups overview");

  // Add one: the name first.
  await page.getByRole("link", { name: "Add a group" }).click();
  await expect(heading(page)).toHaveText("Add a group");
  await settled(page, testInfo);
  await page.getByRole("button", { name: "Add group" }).click();
  await expect(page.getByText("The group name is required")).toBeVisible();
  await checkpoint(page, testInfo, "add a group, with an error");
  const name = `E2E Crew ${tag()}`;
  await page.getByLabel("Group name").fill(name);
  await page.getByRole("radio", { name: "Returning members" }).check();
  await page.getByRole("button", { name: "Add group" }).click();
  await expect(page.getByText(`Group “${name}” added.`)).toBeVisible();
  await expect(page).toHaveURL(/\/manage\/overview\/groups\?search=/);
  await page.reload();
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  await expect(row).toContainText("Returning members");
  await expect(row).toContainText("Every site");

  // The new site shows it; leave it out there.
  await page.goto(`/manage/site/${site.id}/groups`);
  const list = page.getByRole("group", { name: `Groups shown at ${site.name}` });
  const box = list.getByRole("checkbox", { name });
  await expect(box).toBeChecked();
  await checkpoint(page, testInfo, "site groups tab");
  await box.uncheck();
  await page.getByRole("button", { name: "Save groups" }).click();
  await expect(page.getByText(new RegExp(`^${site.name} now shows \\d+ groups?\\.$`))).toBeVisible();
  await page.reload();
  await expect(box).not.toBeChecked();
  await page.goto(`/manage/overview/groups?search=${encodeURIComponent(name)}`);
  await expect(row).not.toContainText("Every site");
  await expect(row).toContainText(/\d+ sites?/);

  // And back.
  await page.goto(`/manage/site/${site.id}/groups`);
  await box.check();
  await page.getByRole("button", { name: "Save groups" }).click();
  await expect(page.getByText(new RegExp(`^${site.name} now shows \\d+ groups?\\.$`))).toBeVisible();
  await page.reload();
  await expect(box).toBeChecked();
});

test("the group limit: one group too many says so, keeps the name and adds nothing", async ({ page }, testInfo) => {
  // Oakfield Academy (eu:4): its limit is set to the groups it has, so the next one is refused.
  await admin(page, testInfo, "eu:4");
  await page.goto("/manage/overview/groups");
  const count = await page.getByRole("row").count(); // the header row, and one per group (fewer than a page)
  await hook("POST", "clients/eu:4", { group_limit: count - 1 });
  await page.reload();
  await expect(page.getByText(`${count - 1} of ${count - 1} groups used`)).toBeVisible();
  await page.getByRole("link", { name: "Add a group" }).click();
  await settled(page, testInfo);
  await page.getByLabel("Group name").fill("One group too many");
  await page.getByRole("button", { name: "Add group" }).click();
  await expect(page.getByText("You are over the limit, please upgrade your tier")).toBeVisible();
  await expect(page.getByLabel("Group name")).toHaveValue("One group too many");
  await checkpoint(page, testInfo, "group limit");
  await page.goto("/manage/overview/groups");
  await expect(page.getByRole("rowheader", { name: "One group too many" })).toHaveCount(0);
});
