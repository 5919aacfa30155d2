/**
 * SSO self-service with JavaScript (issue 16 §5; ADR 024): a new person of Acme's verified demo
 * domain signs in by SSO and asks for access; an administrator approves it in the dialog (the
 * default role preselected; axe on the list and the dialog); the person signs in by SSO and lands
 * on Today. The whole loop without JavaScript, and every rule: tests/integration/forms-sso.test.ts.
 */
import { checkpoint, createUser, expect, expectToday, heading, portalUrl, signIn, submitEmail, test, uniqueEmail, upstreamUrl } from "./fixtures";

test("approve an access request in the dialog and the person reaches Today @js-only", async ({ browser, page }, testInfo) => {
  const tag = Math.random().toString(36).slice(2, 7);
  const person = `pia.${tag}@sso.example.com`;
  const name = `Pia ${tag.charAt(0).toUpperCase()}${tag.slice(1)}`;

  // The person: SSO at the demo identity provider, then a request for Acme.
  const theirs = await browser.newContext({ baseURL: portalUrl(), locale: "en-GB" });
  const them = await theirs.newPage();
  await them.goto("/login");
  await submitEmail(them, testInfo, person, false);
  await expect(them).toHaveURL((url) => url.origin === upstreamUrl());
  await them.getByRole("button", { name: "Sign in" }).click();
  await expect(them).toHaveURL(/\/login\/sso\/request-access$/);
  await them.getByRole("radio", { name: "Acme Ltd" }).check();
  await them.getByRole("button", { name: "Request access" }).click();
  await expect(them.getByRole("status").filter({ hasText: "Your request has been sent" })).toBeVisible();

  // The administrator approves it in the dialog.
  const email = uniqueEmail("sso-e2e");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Ana Admin" });
  await signIn(page, testInfo, email, { audit: false });
  await expect(page).toHaveURL(/\/today$/);
  await page.goto("/manage/account/sso/access-requests");
  await expect(heading(page)).toHaveText("Single sign-on");
  await checkpoint(page, testInfo, "access requests");
  const row = page.getByRole("row", { name: new RegExp(name) });
  await row.getByRole("link", { name: /Approve…/ }).click();
  const dialog = page.getByRole("dialog", { name: `Approve ${name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Role" })).not.toHaveValue("");
  await checkpoint(page, testInfo, "approve dialog");
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("The request was approved. The person can now sign in.").first()).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Approved as");

  // The other tabs pass axe too (Acme's verified demo domain: the configuration shows its state).
  await page.getByRole("navigation", { name: "Single sign-on sections" }).getByRole("link", { name: "Configuration" }).click();
  await expect(page.getByText("Domain verified")).toBeVisible();
  await checkpoint(page, testInfo, "configuration");
  await page.getByRole("navigation", { name: "Single sign-on sections" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByLabel("Enforce single sign-on")).toBeVisible();
  await checkpoint(page, testInfo, "settings");

  // The person signs in by SSO and reaches Today.
  await them.goto("/login");
  await submitEmail(them, testInfo, person, false);
  await them.getByRole("button", { name: "Sign in" }).click();
  await expectToday(them, testInfo);
  await theirs.close();
});
