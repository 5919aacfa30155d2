/**
 * Portal users with JavaScript (issue 16 item 1; ADR 020): an administrator invites a user through
 * the dialog over the list (the invitation lands in the upstream's outbox), then removes another
 * user's two-factor authentication after the kit's confirmation. axe checks each screen. (The rules
 * and refusals in depth, without JavaScript: tests/integration/forms-users; the API:
 * upstream/src/users/users.test.ts.)
 */
import { upstreamAccess } from "../support/access";
import { checkpoint, createUser, DEMO_TOTP_SECRET, expect, latestMail, settled, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

test("invite a user through the dialog; remove another user's two-factor authentication", async ({ page }, testInfo) => {
  const email = uniqueEmail("users-e2e");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Ulla Users" });
  const target = uniqueEmail("users-e2e-2fa");
  await createUser({ email: target, role: "Standard User", client: "eu:1", name: "Tariq Twofactor", totp_secret: DEMO_TOTP_SECRET });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);

  await page.goto("/manage/account/users");
  await checkpoint(page, testInfo, "portal users");
  await page.getByRole("link", { name: "Invite a user" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a user" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/manage\/account\/users\/new$/);
  await checkpoint(page, testInfo, "invite dialog");
  const invitee = uniqueEmail("invitee-e2e");
  await dialog.getByLabel("Name", { exact: true }).fill("Ines Invited");
  await dialog.getByLabel("Email address", { exact: true }).fill(invitee);
  await dialog.getByLabel("Role", { exact: true }).selectOption({ label: "Standard User" });
  // Issue 24: billing and technical contact are the primary user's to give: read-only here, saying why.
  await expect(dialog.getByLabel("Technical contact", { exact: true })).toBeDisabled();
  await expect(dialog.getByText("Only the primary user can change the billing and technical contact flags")).toBeVisible();
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${invitee}`).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await settled(page, testInfo);
  const mail = await latestMail(invitee);
  expect(mail.subject).toBe("You have been invited to Acme Ltd on Gatehouse");
  expect(mail.body).toMatch(/\/reset\/[\w-]+\?email=/);

  // Remove the other user's two-factor authentication, after confirming.
  await page.getByRole("searchbox", { name: "Search by name or email" }).fill(target);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const row = page.getByRole("row", { name: /Tariq Twofactor/ });
  await expect(row.getByText("On", { exact: true })).toBeVisible();
  await row.locator("summary", { hasText: "Remove two-factor" }).click();
  await checkpoint(page, testInfo, "remove two-factor confirmation");
  await row.getByRole("button", { name: "Remove two-factor authentication" }).click();
  await expect(page.getByText("Two-factor authentication removed for Tariq Twofactor").first()).toBeVisible();
  await expect(page.getByRole("row", { name: /Tariq Twofactor/ }).getByText("Off", { exact: true })).toBeVisible();
  const admin = await upstreamAccess(upstreamUrl(), "admin@example.com");
  const found = await admin.get(`portal-users?search=${encodeURIComponent(target)}`);
  expect(found.users[0].two_factor).toBe(false);
});
