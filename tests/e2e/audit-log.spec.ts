/**
 * The audit log with JavaScript (issue 16 §3, ADR 022): open the log, filter it, and open an entry's
 * before → after as a dialog (closed with Escape, back on the filtered list); axe on each screen.
 * Without JavaScript, and the rules in depth: tests/integration/audit-log.test.ts; the capture:
 * upstream/src/audit/audit.test.ts.
 */
import { upstreamAccess } from "../support/access";
import { checkpoint, createUser, expect, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

test("open the log, filter by user and area, open an entry's diff @js-only", async ({ page }, testInfo) => {
  const email = uniqueEmail("audit-e2e");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Ada Auditor" });
  const api = await upstreamAccess(upstreamUrl(), email);
  const site = (await api.get("sites"))[0] as { id: number; name: string };
  const point = await api.send("POST", `sites/${site.id}/evacuation-points`, { title: `Muster point ${Date.now()}` });
  expect(point.status).toBe(200);
  expect((await api.send("PATCH", `sites/${site.id}/evacuation-points/${point.json.id}`, { title: "Rear car park" })).status).toBe(200);

  await signIn(page, testInfo, email, { audit: false });
  await expect(page).toHaveURL(/\/today$/);
  await page.goto("/manage/account/audit-log");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await checkpoint(page, testInfo, "audit log");

  await page.getByLabel("User").selectOption({ label: "Ada Auditor" });
  await page.getByLabel("Area").selectOption("sites");
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(/user=\d+.*area=sites/);
  await expect(page.getByText("Changes found: 2")).toBeVisible();
  await checkpoint(page, testInfo, "audit log, filtered");

  await page.getByRole("link", { name: /^Show changes\s*: Rear car park/ }).click();
  const dialog = page.getByRole("dialog", { name: "Change details" });
  await expect(dialog).toBeVisible();
  const row = dialog.getByRole("row", { name: /^Title/ });
  await expect(row).toContainText(point.json.title);
  await expect(row).toContainText("Rear car park");
  await checkpoint(page, testInfo, "entry diff");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/manage\/account\/audit-log\?user=\d+&area=sites$/);
});
