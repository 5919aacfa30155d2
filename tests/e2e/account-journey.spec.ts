/**
 * Issue 16's journey, with and without JavaScript: an administrator creates a custom role with a
 * few sections, invites a user with it; the invitee chooses a password from the mail's link, signs
 * in and sees only what the role opens. The administrator adds a section to the role, and the
 * invitee's next page follows (no sign-out, no wait for the config cache). Deleting the primary
 * user, oneself and the role in use are refused with the spec's messages, and the audit log shows
 * the steps, each with its before and after. axe checks the screens (with JavaScript). (Each
 * part's rules in depth: tests/integration/forms-roles, forms-users, audit-log; the SSO loop:
 * forms-sso and sso-self-service.spec; the password policy at login: forms-account; a password
 * change and two-factor set-up: my-profile.spec.)
 */
import { checkpoint, createUser, expect, heading, latestMail, settled, signIn, test, uniqueEmail } from "./fixtures";

const tag = () => Math.random().toString(36).slice(2, 7);
const nav = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Main" }).getByRole("link");

test("a custom role, a user invited with it, the role edited, the refusals and the audit log @nojs", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("journey16");
  const adminName = `Jo Journey ${tag()}`;
  await createUser({ email, role: "Administrator", client: "eu:1", name: adminName });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);

  // A role that opens Today (view) and the evacuation list, nothing else.
  const role = `Lobby ${tag()}`;
  await page.goto("/manage/account/permissions/new");
  await settled(page, testInfo);
  await page.getByLabel("Role name").fill(role);
  await page.getByLabel("View (Today view)").check();
  await page.getByLabel("Access (Evacuation list)").check();
  await page.getByRole("button", { name: "Create the role" }).click();
  await expect(page.getByText(`The role “${role}” was created.`).first()).toBeVisible();
  const roleRow = page.getByRole("row", { name: new RegExp(role) });
  const roleHref = await roleRow.getByRole("link").first().getAttribute("href");
  expect(roleHref).toMatch(/\/manage\/account\/permissions\/\d+$/);

  // Invite a user with it.
  const invitee = uniqueEmail("journey16-invitee");
  await page.goto("/manage/account/users/new");
  await settled(page, testInfo);
  await page.getByLabel("Name", { exact: true }).fill("Ines Invitee");
  await page.getByLabel("Email address", { exact: true }).fill(invitee);
  await page.getByLabel("Role", { exact: true }).selectOption({ label: role });
  await page.getByRole("button", { name: "Send invitation", exact: true }).click();
  await expect(page.getByText(`Invitation sent to ${invitee}`).first()).toBeVisible();

  // The invitee, in a browser of their own: the mail's link, a password, sign in.
  const link = /(https?:\/\/\S+\/reset\/[\w-]+\?email=[^\s"]+)/.exec((await latestMail(invitee)).body)![1]!;
  const theirs = await browser.newContext({ baseURL: new URL(page.url()).origin, javaScriptEnabled: testInfo.project.use.javaScriptEnabled, locale: "en-GB", timezoneId: "Europe/London" });
  const other = await theirs.newPage();
  try {
    await other.goto(link);
    await other.getByLabel("New password", { exact: true }).fill("Invited-Passw0rd!");
    await other.getByLabel("Confirm new password").fill("Invited-Passw0rd!");
    await other.getByRole("button", { name: "Save new password" }).click();
    await signIn(other, testInfo, invitee, { password: "Invited-Passw0rd!" });
    // A new user accepts the terms of service first.
    await other.getByLabel("I have read and accept the terms of service.").check();
    await other.getByRole("button", { name: "Accept and continue" }).click();
    await expect(other).toHaveURL(/\/today$/);
    await expect(nav(other)).toHaveText(["Today", "Fire list"]);
    expect((await other.goto("/reports"))!.status()).toBe(403);

    // The role gains History (view): the invitee's next page has Reports.
    await page.goto(roleHref!);
    await settled(page, testInfo);
    await page.getByLabel("View (History)").check();
    await page.getByRole("button", { name: "Save the role" }).click();
    await expect(page.getByText(`The role “${role}” was saved.`).first()).toBeVisible();
    await other.goto("/today");
    await expect(nav(other)).toHaveText(["Today", "Fire list", "Reports"]);
    expect((await other.goto("/reports/history"))!.status()).toBe(200);
    await expect(heading(other)).toHaveText("Visit history");
  } finally {
    await theirs.close();
  }

  // The refusals: the primary user, oneself, the role while a user holds it.
  const users = "/manage/account/users";
  for (const [who, search, message] of [
    ["Alice Admin", "admin@example.com", "Cannot perform delete: You cannot delete primary user"],
    [adminName, email, "You cannot delete yourself"],
  ] as const) {
    await page.goto(`${users}?search=${encodeURIComponent(search)}`);
    await settled(page, testInfo);
    const row = page.getByRole("row", { name: new RegExp(who) });
    await row.locator("summary", { hasText: "Delete" }).click();
    await row.getByRole("button", { name: "Delete user" }).click();
    await expect(page.getByText(message).first()).toBeVisible();
  }
  await page.goto("/manage/account/permissions");
  await settled(page, testInfo);
  const held = page.getByRole("row", { name: new RegExp(role) });
  await held.locator("summary", { hasText: "Delete" }).click();
  await held.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page.getByText("This role cannot be deleted while users hold it (users: 1). Give them another role first.").first()).toBeVisible();

  // The audit log: the administrator's steps, each with before and after.
  await page.goto("/manage/account/audit-log");
  await settled(page, testInfo);
  await page.getByLabel("User").selectOption({ label: adminName });
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page.getByText(/Changes found: [3-9]/)).toBeVisible();
  await checkpoint(page, testInfo, "audit log of the journey");
  await page.getByRole("link", { name: new RegExp(`^Show changes\\s*: ${role}`) }).first().click();
  const entry = page.getByRole("dialog", { name: "Change details" }).or(page.getByRole("main"));
  await expect(entry.getByRole("row", { name: /^Rights/ }).first()).toContainText("History.viewer");
});
