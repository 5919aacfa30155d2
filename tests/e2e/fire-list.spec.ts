/**
 * The fire list: everyone on the selected site (deliveries too: everyone must get out), by group,
 * printable as a clean A4 page, kept current by the site's channel with JavaScript, and the start
 * of an evacuation (which opens its live report) — with and without JavaScript. Each test owns a
 * fresh site.
 */
import { createUpstreamSite, kioskSignIn } from "../support/hooks";
import { checkpoint, createUser, expect, heading, jsEnabled, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

test("the fire list shows who is on site, prints cleanly, and starts an evacuation @nojs", async ({ page }, testInfo) => {
  const name = `E2E fire ${Math.random().toString(36).slice(2, 7)}`;
  const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name, all_groups: true });
  const group = (g: string) => site.groups.find((x) => x.name === g)!.id;
  for (const [g, person] of [["Visitors", "Vera Visitor"], ["Deliveries", "Dan Delivery"]] as const) {
    const r = await kioskSignIn(upstreamUrl(), "eu", site.device_token, { group_id: group(g), name: person });
    expect(r.ok, JSON.stringify(r)).toBe(true);
  }
  const email = uniqueEmail("fire");
  await createUser({ email, role: "Administrator", site_ids: [site.id] });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Fire list" }).click();
  await expect(page).toHaveURL(/\/fire-list$/);
  await expect(heading(page)).toHaveText("Fire list");
  await expect(page.getByText("2 people on site")).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Vera Visitor" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Dan Delivery" })).toBeVisible();
  await checkpoint(page, testInfo, "fire list");

  if (jsEnabled(testInfo)) {
    // Live: a sign-in at the front desk appears without a reload.
    const r = await kioskSignIn(upstreamUrl(), "eu", site.device_token, { group_id: group("Visitors"), name: "Late Larry" });
    expect(r.ok).toBe(true);
    await expect(page.getByRole("rowheader", { name: "Late Larry" })).toBeVisible({ timeout: 3000 });
    await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  } else {
    await expect(page.getByText("To print this list, use your browser's Print command.")).toBeVisible();
  }

  // Printed: only the list (no header, no buttons).
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("header.shell-header")).toBeHidden();
  await expect(page.getByRole("button", { name: "Start an evacuation" })).toBeHidden();
  await expect(page.getByRole("rowheader", { name: "Vera Visitor" })).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  // Starting opens the live report (this user may see reports).
  await page.getByRole("button", { name: "Start an evacuation" }).click();
  await expect(page).toHaveURL(/\/reports\/evacuations\/\d+$/);
  await expect(page.getByText(`An evacuation of ${name} has started.`)).toBeVisible();
  const report = new URL(page.url()).pathname;
  // Back on the fire list: the evacuation in progress, no second start, a way to its report.
  await page.goto("/fire-list");
  await expect(page.getByText(/An evacuation is in progress here: started at .+ by /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Start an evacuation" })).toHaveCount(0);
  await checkpoint(page, testInfo, "fire list during an evacuation");
  await page.getByRole("link", { name: "Open the evacuation report" }).click();
  await expect(page).toHaveURL(new RegExp(`${report}$`));
});
