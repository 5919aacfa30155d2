import { checkpoint, expect, heading, openUserMenu, shell, signIn, test } from "./fixtures";

test.describe("password sign-in", () => {
  test("admin signs in, sees Today at Head Office, and logs out through the user menu", async ({ page }, testInfo) => {
    await page.goto("/login");
    await signIn(page, testInfo, "admin@example.com");
    await expect(page).toHaveURL(/\/today$/);
    await expect(heading(page)).toHaveText("Today");
    await expect(page.getByRole("heading", { level: 2, name: "Head Office" })).toBeVisible();
    await expect(shell(page).organisation).toHaveText("Acme Ltd");
    await checkpoint(page, testInfo, "today");
    await testInfo.attach("today-admin.png", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });

    await openUserMenu(page);
    await checkpoint(page, testInfo, "user menu open");
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(heading(page)).toHaveText("Sign in");
    await expect(page.getByText("You have been logged out.")).toBeVisible();
    await checkpoint(page, testInfo, "logged out");

    await page.goBack();
    await expect(page).toHaveURL(/\/login/);
    await page.goto("/today");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftoday$/);
    await expect(heading(page)).toHaveText("Sign in");
  });
});
