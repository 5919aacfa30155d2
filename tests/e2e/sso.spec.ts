/** Single sign-on through the upstream's demo identity provider. */
import { checkpoint, expect, expectToday, heading, submitEmail, test, uniqueEmail, upstreamUrl } from "./fixtures";

test.describe("single sign-on", () => {
  test("sso@sso.example.com signs in at the identity provider and lands on Today", async ({ page }, testInfo) => {
    await page.goto("/login");
    await submitEmail(page, testInfo, "sso@sso.example.com");

    await expect(page).toHaveURL((url) => url.origin === upstreamUrl());
    await expect(heading(page)).toHaveText("Demo identity provider");
    await expect(page.getByLabel("Email address")).toHaveValue("sso@sso.example.com");
    await checkpoint(page, testInfo, "identity provider");
    await page.getByRole("button", { name: "Sign in" }).click();

    await expectToday(page, testInfo);
    await expect(page.getByText("Signed in as Sandy Sso at Acme Ltd.")).toBeVisible();
  });

  test("an unknown SSO address requests access to Acme Ltd", async ({ page }, testInfo) => {
    const email = uniqueEmail("new-person", "sso.example.com");
    await page.goto("/login");
    await submitEmail(page, testInfo, email);

    await expect(page).toHaveURL((url) => url.origin === upstreamUrl());
    await expect(heading(page)).toHaveText("Demo identity provider");
    await checkpoint(page, testInfo, "identity provider");
    await page.getByRole("button", { name: "Sign in" }).click();

    await expect(page).toHaveURL(/\/login\/sso\/request-access$/);
    await expect(heading(page)).toHaveText("Request access");
    await expect(page.getByText(`You signed in as ${email}`)).toBeVisible();
    await checkpoint(page, testInfo, "request access");
    await page.getByRole("radio", { name: "Acme Ltd" }).check();
    await page.getByRole("button", { name: "Request access" }).click();

    await expect(page.getByRole("status").filter({ hasText: "Your request has been sent to the organisation's administrators." })).toBeVisible();
    await expect(page.getByRole("radio", { name: /Acme Ltd/ })).toBeDisabled();
    await checkpoint(page, testInfo, "access requested");
  });
});
