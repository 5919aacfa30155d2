/**
 * Daily attendance with JavaScript (issue 17 "Done when": edit a day in daily attendance; ADR 027):
 * open the report on a group of the test's own, override a member's day (remote, with a note),
 * see it beside what the visits say, clear it again; axe on the report. The filters, hostile input
 * and the exports are tested over HTTP (tests/integration/attendance.test.ts).
 */
import { upstreamAccess } from "../support/access";
import { checkpoint, createUser, expect, hook, settled, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

test("edit a day in daily attendance, then clear it @js-only", async ({ page }, testInfo) => {
  const email = uniqueEmail("attendance-e2e");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Ada Attendance" });
  const sites = (await (await upstreamAccess(upstreamUrl(), email)).get("sites")) as { id: number }[];
  const group = await hook<{ id: number; name: string }>("POST", "groups", {
    client: "eu:1",
    name: `E2E Attendance ${Math.random().toString(36).slice(2, 7)}`,
    members: ["Remy Remote"],
    site_ids: [sites[0]!.id],
  });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);

  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/reports/daily-attendance?day=${day}&group=${group.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Daily attendance" })).toBeVisible();
  await checkpoint(page, testInfo, "daily attendance");
  const row = page.getByRole("row", { name: /Remy Remote/ });
  await expect(row.locator(".attendance-status--absent")).toBeVisible();

  await row.getByText("Change Remy Remote's day").click();
  await row.getByLabel("Status").selectOption("remote");
  await row.getByLabel("Note (optional)").fill("Worked from home");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Remy Remote's day was changed.").first()).toBeVisible();
  await settled(page, testInfo);
  const override = row.locator(".attendance-override");
  await expect(override).toContainText("Remote");
  await expect(override).toContainText("Worked from home");
  await expect(row.locator(".attendance-status--absent")).toBeVisible();
  await checkpoint(page, testInfo, "daily attendance with an override");

  await row.getByRole("button", { name: "Clear change for Remy Remote" }).click();
  await expect(page.getByText("Remy Remote's day is as the visits say again.").first()).toBeVisible();
  await expect(row.locator(".attendance-override")).toHaveCount(0);
  await expect(row.getByText("As the visits say")).toBeVisible();
});
