/**
 * Issue 16 with JavaScript on: a user changes their password and sets up two-factor
 * authentication on My profile (the QR code and the key, as the forced set-up at sign-in), then
 * signs in with both; an administrator's 30-day password policy makes an older password expire at
 * sign-in. axe checks the screens. (Without JavaScript, and every refusal: the integration files
 * forms-my-profile and forms-account.)
 */
import { totp } from "../support/totp";
import { checkpoint, createUser, expect, heading, hook, settled, signIn, submitEmail, submitPassword, test, uniqueEmail } from "./fixtures";

test("change the password, set up two-factor, sign in with both @js-only", async ({ page }, testInfo) => {
  const email = uniqueEmail("profile-e2e");
  await createUser({ email, role: "Standard User", client: "eu:1", name: "Pia Profile" });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);

  await page.goto("/my-profile");
  await checkpoint(page, testInfo, "my profile");
  await page.getByLabel("Current password").fill("Demo-Passw0rd!");
  await page.getByLabel("New password", { exact: true }).fill("weak");
  await page.getByLabel("Confirm new password").fill("weak");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText(/8 or more characters/).first()).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("Profile-Passw0rd!");
  await page.getByLabel("Confirm new password").fill("Profile-Passw0rd!");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password has been changed").first()).toBeVisible();

  await page.getByRole("link", { name: "Set up two-factor authentication" }).click();
  await expect(page).toHaveURL(/\/my-profile\/two-factor$/);
  await settled(page, testInfo);
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  await checkpoint(page, testInfo, "two-factor set-up");
  const key = ((await page.locator(".secret").textContent()) ?? "").trim();
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel("Authentication code").fill(totp(key));
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(page.getByText("Two-factor authentication is on").first()).toBeVisible();

  // Signed out, the new password and a code sign in.
  await page.context().clearCookies();
  await page.goto("/login");
  await signIn(page, testInfo, email, { password: "Profile-Passw0rd!", totpSecret: key });
  await expect(page).toHaveURL(/\/today$/);
});

test("a 30-day password policy makes an older password expire at sign-in @js-only", async ({ page }, testInfo) => {
  const made = await hook<{ global_id: string }>("POST", "account/clients", { name: `Policy Co ${Math.random().toString(36).slice(2, 7)}` });
  const admin = uniqueEmail("policy-admin");
  await createUser({ email: admin, client: made.global_id, role: "Administrator", primary: true, billing: true, name: "Pol Admin" });
  const old = uniqueEmail("policy-old");
  await createUser({ email: old, client: made.global_id, role: "Standard User", password_changed_days_ago: 45 });

  await signIn(page, testInfo, admin);
  await expect(page).toHaveURL(/\/today$/);
  await page.goto("/manage/account/password-policy");
  await settled(page, testInfo);
  await page.getByLabel("Passwords expire").selectOption({ label: "After 30 days" });
  await page.getByRole("button", { name: "Save password policy" }).click();
  await expect(page.getByText("Password policy saved").first()).toBeVisible();
  await checkpoint(page, testInfo, "password policy");

  await page.context().clearCookies();
  await page.goto("/login");
  await submitEmail(page, testInfo, old);
  await submitPassword(page, testInfo);
  await expect(heading(page)).toHaveText("Choose a new password");
  await expect(page.getByText("Your password has expired, password policy requires you to change your password.").first()).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("Fresh-Pass-2026!");
  await page.getByLabel("Confirm new password").fill("Fresh-Pass-2026!");
  await page.getByRole("button", { name: "Change password and sign in" }).click();
  await expect(page).toHaveURL(/\/today$/);
});
