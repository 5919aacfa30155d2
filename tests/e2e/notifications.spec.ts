/**
 * Notifications with JavaScript on (ADR 028): an administrator creates an email notification with
 * a filter — only the chosen channel's fields show, "Add another filter" adds a row in place —
 * edits it, and disables it. axe checks the list and the form. (Every rule and refusal without
 * JavaScript: tests/integration/forms-notifications.test.ts.)
 */
import { checkpoint, createUser, expect, settled, signIn, test, uniqueEmail } from "./fixtures";

test("create an email notification with a filter, edit it, disable it @js-only", async ({ page }, testInfo) => {
  const email = uniqueEmail("notif-e2e");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Nell Notify" });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);

  await page.goto("/manage/features/notifications");
  await checkpoint(page, testInfo, "notifications");
  await page.getByRole("link", { name: "New notification" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New notification");
  await settled(page, testInfo);

  // Only the chosen channel's fields: email shows recipients, not the URL; a webhook the URL.
  await expect(page.getByLabel("Recipients")).toBeVisible();
  await expect(page.getByLabel("URL")).toHaveCount(0);
  await page.getByLabel("Send by", { exact: true }).selectOption({ label: "Webhook" });
  await expect(page.getByLabel("URL")).toBeVisible();
  await expect(page.getByLabel("Recipients")).toHaveCount(0);
  await page.getByLabel("Send by", { exact: true }).selectOption({ label: "Email" });

  const subject = `Arrivals ${Math.random().toString(36).slice(2, 7)}`;
  await page.locator("#notification-new-site_id").selectOption({ label: "Head Office" });
  await page.getByLabel("Recipients").fill("desk@acme.example");
  await page.getByLabel("Subject").fill(subject);
  await page.getByRole("button", { name: "Add another filter" }).click();
  await expect(page.getByLabel("Field of filter 4", { exact: true })).toBeVisible();
  await page.getByLabel("Field of filter 4", { exact: true }).selectOption({ label: "Host" });
  await page.getByLabel("Operator of filter 4", { exact: true }).selectOption({ label: "starts with" });
  await page.getByLabel("Value of filter 4").fill("Grace");
  await checkpoint(page, testInfo, "new notification");
  await page.getByRole("button", { name: "Create notification" }).click();
  await expect(page).toHaveURL(/\/manage\/features\/notifications$/);
  await expect(page.getByText("The notification has been created.").first()).toBeVisible();

  // Edit it: a second recipient.
  await page.goto(`/manage/features/notifications?search=${encodeURIComponent(subject)}`);
  const row = page.getByRole("row", { name: /desk@acme\.example/ });
  await row.getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Sign-in · Email");
  await settled(page, testInfo);
  await expect(page.getByLabel("Value of filter 1")).toHaveValue("Grace");
  await page.getByLabel("Recipients").fill("desk@acme.example\nsecurity@acme.example");
  await page.getByRole("button", { name: "Save notification" }).click();
  await expect(page.getByText("The notification has been saved.").first()).toBeVisible();
  await expect(page.getByLabel("Recipients")).toHaveValue("desk@acme.example\nsecurity@acme.example");

  // Disable it: the state in words.
  await page.getByRole("button", { name: "Disable" }).click();
  await expect(page.getByText("The notification is disabled").first()).toBeVisible();
  await page.goto(`/manage/features/notifications?search=${encodeURIComponent(subject)}`);
  await expect(page.getByRole("row", { name: /security@acme\.example/ })).toContainText("Disabled");
});
