/** Password sign-in, its errors, logout, two-factor and a deep link, with JavaScript (the first also without
 * it; the rest without it: tests/integration/forms-login.test.ts). */
import {
  DEMO_TOTP_SECRET,
  checkpoint,
  expect,
  expectToday,
  heading,
  openUserMenu,
  shell,
  signIn,
  submitEmail,
  submitPassword,
  test,
} from "./fixtures";

test.describe("password sign-in", () => {
  test("admin signs in, sees Today at Head Office, and logs out through the user menu @nojs", async ({ page }, testInfo) => {
    await page.goto("/login");
    await signIn(page, testInfo, "admin@example.com", { audit: true });
    await expectToday(page, testInfo);
    await expect(page.getByRole("heading", { level: 2, name: "Head Office" })).toBeVisible();
    await expect(shell(page).organisation).toHaveText("Acme Ltd");
    await expect(page.getByText("Signed in as Alice Admin at Acme Ltd.")).toBeVisible();
    await testInfo.attach("today-admin.png", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });

    await openUserMenu(page);
    await checkpoint(page, testInfo, "user menu open");
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(heading(page)).toHaveText("Sign in");
    await expect(page.getByRole("status").filter({ hasText: "You have been logged out." })).toBeVisible();
    await checkpoint(page, testInfo, "logged out");

    // The session is gone: Today sends the visitor back to sign in.
    await page.goto("/today");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftoday$/);
    await expect(heading(page)).toHaveText("Sign in");
    await checkpoint(page, testInfo, "today after logout");
  });

  test("Back after logging out does not show the signed-in page", async ({ page }, testInfo) => {
    // BUG-1 (see tests/e2e/README.md): signed-in documents are sent without Cache-Control, so
    // without JavaScript the browser's Back button shows the cached Today page after logout.
    await page.goto("/login");
    await signIn(page, testInfo, "admin@example.com");
    await expectToday(page, testInfo);
    await openUserMenu(page);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByText("You have been logged out.")).toBeVisible();
    await checkpoint(page, testInfo, "logged out");

    await page.goBack();
    await expect(page).toHaveURL(/\/login/);
    await expect(heading(page)).toHaveText("Sign in");
    await expect(page.getByText("Alice Admin")).toHaveCount(0);
  });

  test("a wrong password says Invalid credentials, and Cancel returns to Sign in", async ({ page }, testInfo) => {
    await page.goto("/login");
    await submitEmail(page, testInfo, "admin@example.com");
    await submitPassword(page, testInfo, "Wrong-Passw0rd!");
    await expect(page.getByRole("alert")).toContainText("Invalid credentials.");
    await expect(heading(page)).toHaveText("Enter your password");
    // That the server never renders the password back: tests/integration/forms-login.test.ts.
    await checkpoint(page, testInfo, "invalid credentials");

    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(heading(page)).toHaveText("Sign in");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Email address")).toBeVisible();
    await checkpoint(page, testInfo, "after cancel");
  });

  test("an empty email address is refused with Enter your email address.", async ({ page }, testInfo) => {
    // BUG-3 (see tests/e2e/README.md): with JavaScript, a form on a page that was loaded as a
    // document (not reached by client-side navigation) shows no client-side error on submit.
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.goto("/login");
    await checkpoint(page, testInfo, "email step");
    await page.getByRole("button", { name: "Continue" }).click();

    const email = page.getByLabel("Email address");
    await expect(page.getByText("Enter your email address.")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(heading(page)).toHaveText("Sign in");
    await checkpoint(page, testInfo, "email required");
    // Client-side validation: no round trip to the server (without JavaScript it is one: forms-login.test.ts).
    expect(posts).toEqual([]);
    // ...and the message goes away as soon as the field is valid (revalidation on input).
    await email.fill("admin@example.com");
    await expect(page.getByText("Enter your email address.")).toHaveCount(0);
  });

  test("twofactor@example.com signs in with a code from the authenticator", async ({ page }, testInfo) => {
    await page.goto("/login");
    await signIn(page, testInfo, "twofactor@example.com", { totpSecret: DEMO_TOTP_SECRET, audit: true });
    await expectToday(page, testInfo);
    await expect(page.getByText("Signed in as Tom Twofactor at Acme Ltd.")).toBeVisible();
  });

  test("a deep link to the client switcher survives sign-in", async ({ page }, testInfo) => {
    await page.goto("/client-switcher");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fclient-switcher$/);
    await signIn(page, testInfo, "multi@example.com");
    await expect(page).toHaveURL(/\/client-switcher$/);
    await expect(heading(page)).toHaveText("Switch organisation");
    await checkpoint(page, testInfo, "client switcher");
  });
});
