/** A user of several organisations switches between them from the user menu. */
import { checkpoint, expect, expectToday, heading, openUserMenu, shell, signIn, test } from "./fixtures";

test("multi@example.com switches to Northwind School from the user menu", async ({ page }, testInfo) => {
  await page.goto("/login");
  await signIn(page, testInfo, "multi@example.com");
  await expectToday(page, testInfo);

  const openSwitcher = async () => {
    await openUserMenu(page);
    await checkpoint(page, testInfo, "user menu open");
    await page.getByRole("link", { name: "Switch organisation" }).click();
    await expect(page).toHaveURL(/\/client-switcher$/);
    await expect(heading(page)).toHaveText("Switch organisation");
    await checkpoint(page, testInfo, "client switcher");
  };
  await openSwitcher();

  // Switching remembers the organisation for the next sign-in (update_last_client), so a run in
  // the other project may have left multi@ in Northwind School: go to Acme Ltd first then.
  const toNorthwind = page.getByRole("button", { name: "Switch to Northwind School" });
  if (!(await toNorthwind.isVisible())) {
    await page.getByRole("button", { name: "Switch to Acme Ltd" }).click();
    await expectToday(page, testInfo);
    await expect(shell(page).organisation).toHaveText("Acme Ltd");
    await openSwitcher();
  }

  await toNorthwind.click();
  await expectToday(page, testInfo);
  await expect(page.getByRole("status").filter({ hasText: "You are now working in this organisation." })).toBeVisible();
  await expect(shell(page).organisation).toHaveText("Northwind School");
  await expect(page.getByText("Signed in as Max Multi at Northwind School.")).toBeVisible();
});
