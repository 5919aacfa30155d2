/** Forgotten password: request a link, read it from the upstream's outbox, set a new password. */
import { checkpoint, createUser, expect, expectToday, heading, jsEnabled, latestMail, portalUrl, signIn, test, uniqueEmail } from "./fixtures";
import type { Page, TestInfo } from "@playwright/test";

/** /forgot from the login page's link; returns the link from the mail it sends. */
async function requestResetLink(page: Page, testInfo: TestInfo, email: string): Promise<string> {
  await page.goto("/login");
  await checkpoint(page, testInfo, "login");
  await page.getByRole("link", { name: "Forgotten your password?" }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  await expect(heading(page)).toHaveText("Reset your password");
  await checkpoint(page, testInfo, "forgot");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If that address has an account, we have sent a link to reset the password. Check your inbox.");
  await checkpoint(page, testInfo, "forgot sent");

  const mail = await latestMail(email);
  const link = mail.body.match(/https?:\/\/\S+\/reset\/\S+/)?.[0];
  expect(link, `a reset link in the mail:\n${mail.body}`).toBeTruthy();
  expect(new URL(link!).origin).toBe(portalUrl());
  return link!;
}

test.describe("forgotten password", () => {
  test("the reset link from the mail opens the new-password form", async ({ page }, testInfo) => {
    const email = uniqueEmail("forgot-link");
    await createUser({ email });
    const link = await requestResetLink(page, testInfo, email);
    await page.goto(link);
    await expect(heading(page)).toHaveText("Choose a new password");
    await expect(page.getByLabel("Email address")).toHaveValue(email);
    await checkpoint(page, testInfo, "reset");
  });

  test("a new password set through the link signs in", async ({ page }, testInfo) => {
    // BUG-2 (see tests/e2e/README.md): the reset page sets <meta name="referrer" content="no-referrer">,
    // so Chromium sends `Origin: null` with the plain form POST, which the portal's cross-origin
    // check refuses with 403 "Forbidden: cross-origin request refused.".
    const email = uniqueEmail("forgot");
    await createUser({ email });
    const link = await requestResetLink(page, testInfo, email);

    await page.goto(link);
    await expect(heading(page)).toHaveText("Choose a new password");
    await expect(page.getByLabel("Email address")).toHaveValue(email);
    await checkpoint(page, testInfo, "reset");
    await page.getByLabel("New password", { exact: true }).fill("Reset-Passw0rd!");
    await page.getByLabel("Confirm new password").fill("Reset-Passw0rd!");
    await page.getByRole("button", { name: "Save new password" }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(heading(page)).toHaveText("Sign in");
    await expect(page.getByRole("status")).toContainText("Your password has been changed. You can sign in with it now.");
    await checkpoint(page, testInfo, "after reset");

    await signIn(page, testInfo, email, { password: "Reset-Passw0rd!" });
    await expectToday(page, testInfo);
  });
});
