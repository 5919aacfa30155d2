/** The extra sign-in steps a fresh account can meet: expired password, two-factor setup, terms. */
import { totp } from "../support/totp";
import { DEMO_PASSWORD, checkpoint, createUser, expect, expectToday, heading, signIn, submitEmail, submitPassword, test, uniqueEmail } from "./fixtures";

test.describe("sign-in steps", () => {
  test("an expired password is replaced, then the new one signs in", async ({ page }, testInfo) => {
    const email = uniqueEmail("expired-pw");
    await createUser({ email, client: "eu:1", role: "Administrator", password_expired: true });
    await page.goto("/login");
    await submitEmail(page, testInfo, email);
    await submitPassword(page, testInfo, DEMO_PASSWORD);

    await expect(heading(page)).toHaveText("Choose a new password");
    await expect(page.getByRole("status")).toContainText("Your password has expired, password policy requires you to change your password.");
    await checkpoint(page, testInfo, "password expired step");
    await page.getByLabel("New password", { exact: true }).fill("Brand-N3w-Pass!");
    await page.getByLabel("Confirm new password").fill("Brand-N3w-Pass!");
    await page.getByRole("button", { name: "Change password and sign in" }).click();
    await expectToday(page, testInfo);

    // The new password is the one that works now (a new browser session: cookies cleared).
    await page.context().clearCookies();
    await page.goto("/login");
    await signIn(page, testInfo, email, { password: "Brand-N3w-Pass!" });
    await expectToday(page, testInfo);
  });

  test("force-2FA organisation: two-factor setup with the key shown on the page", async ({ page }, testInfo) => {
    const email = uniqueEmail("setup2fa");
    await createUser({ email, client: "eu:3", role: "Administrator" });
    await page.goto("/login");
    await submitEmail(page, testInfo, email);
    await submitPassword(page, testInfo);

    await expect(heading(page)).toHaveText("Set up two-factor authentication");
    await expect(page.getByRole("status")).toContainText("Password policy requires you to setup two factor authentication to continue.");
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    await checkpoint(page, testInfo, "two-factor setup step");
    const key = (await page.getByLabel("Setup key").textContent())?.trim() ?? "";
    expect(key).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByLabel("Authentication code").fill(totp(key));
    await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    await expectToday(page, testInfo);
    await expect(page.getByText("at Secure Corp.")).toBeVisible();
  });

  test("terms of service must be accepted", async ({ page }, testInfo) => {
    const email = uniqueEmail("terms");
    await createUser({ email, terms_accepted: false });
    await page.goto("/login");
    await signIn(page, testInfo, email);

    await expect(heading(page)).toHaveText("Terms of service");
    await checkpoint(page, testInfo, "terms step");
    await expect(page.getByRole("link", { name: "Read the terms of service (opens in a new tab)" })).toHaveAttribute("href", "/terms");
    await page.getByRole("checkbox", { name: "I have read and accept the terms of service." }).check();
    await page.getByRole("button", { name: "Accept and continue" }).click();
    await expectToday(page, testInfo);
  });
});
