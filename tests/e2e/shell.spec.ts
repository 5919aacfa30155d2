/**
 * The signed-in shell: each demo account's navigation shows exactly the areas the access table
 * lets it open; the profile, support, trial-ended, Forbidden and Page-not-found pages; the
 * language picker. With JavaScript, axe on every page (without it:
 * tests/integration/forms-shell.test.ts).
 */
import { navigationFor } from "../../app/access/navigation";
import { upstreamAccess } from "../support/access";
import { checkpoint, expect, heading, openUserMenu, signIn, test, translation, upstreamUrl } from "./fixtures";

const ACCOUNTS = [
  "admin@example.com",
  "standard@example.com",
  "frontdesk@example.com",
  "super@example.com",
  "expired@example.com",
  "supervisor@example.com",
  "multi@example.com",
  "school@example.com",
  "globex@example.com",
];

test.describe("navigation per demo account", () => {
  for (const email of ACCOUNTS) {
    test(`${email} sees exactly the areas it may open`, async ({ page }, testInfo) => {
      const { ctx } = await upstreamAccess(upstreamUrl(), email);
      const expected = navigationFor(ctx).map((n) => translation("en_GB", "common", n.labelKey));
      await page.goto("/login");
      await signIn(page, testInfo, email);
      await expect(page).toHaveURL(/\/today$/);
      const nav = page.getByRole("navigation", { name: "Main" }).getByRole("link");
      await expect(nav).toHaveText(expected as string[]);
      await testInfo.attach(`navigation-${email}.png`, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
      await checkpoint(page, testInfo, "today");
    });
  }
});

test.describe("shell pages", () => {
  test("my profile and support show the signed-in user's real details", async ({ page }, testInfo) => {
    await page.goto("/login");
    await signIn(page, testInfo, "standard@example.com");
    await expect(page).toHaveURL(/\/today$/);
    await page.goto("/my-profile");
    await expect(heading(page)).toHaveText("My profile");
    await expect(page.getByText("standard@example.com", { exact: true }).last()).toBeVisible();
    await expect(page.getByText("Standard User")).toBeVisible();
    await expect(page.getByText("Head Office", { exact: true }).last()).toBeVisible(); // restricted to one site
    await checkpoint(page, testInfo, "my profile");
    await page.goto("/support");
    await expect(heading(page)).toHaveText("Support");
    await expect(page.getByText("eu:1")).toBeVisible();
    await checkpoint(page, testInfo, "support");
  });

  test("a page the user may not open says Forbidden inside the shell; an unknown one Page not found", async ({ page }, testInfo) => {
    await page.goto("/login");
    await signIn(page, testInfo, "standard@example.com");
    await expect(page).toHaveURL(/\/today$/);
    const forbidden = await page.goto("/manage");
    expect(forbidden?.status()).toBe(403);
    await expect(heading(page)).toHaveText("Forbidden");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await checkpoint(page, testInfo, "forbidden");
    const missing = await page.goto("/no-such-page");
    expect(missing?.status()).toBe(404);
    await expect(heading(page)).toHaveText("Page not found");
    await checkpoint(page, testInfo, "not found");
  });

  test("an expired client's active-only routes lead to the trial-ended page", async ({ page }, testInfo) => {
    await page.goto("/login");
    await signIn(page, testInfo, "expired@example.com");
    await expect(page).toHaveURL(/\/today$/);
    await page.goto("/fire-list");
    await expect(page).toHaveURL(/\/trial-ended$/);
    await expect(heading(page)).toHaveText("Your trial has ended");
    await checkpoint(page, testInfo, "trial ended");
  });

  test("the language picker changes the portal's language", async ({ page }, testInfo) => {
    await page.goto("/login");
    await signIn(page, testInfo, "admin@example.com");
    await expect(page).toHaveURL(/\/today$/);
    await openUserMenu(page);
    await page.getByLabel("Language").selectOption("de");
    await page.getByRole("button", { name: "Change" }).click();
    await expect(heading(page)).toHaveText(translation("de", "today", "heading")!);
    await checkpoint(page, testInfo, "today in German");
    await openUserMenu(page);
    await page.getByLabel(translation("de", "common", "shell.language")!).selectOption("en_GB");
    await page.getByRole("button", { name: translation("de", "common", "shell.change_language")! }).click();
    await expect(heading(page)).toHaveText("Today");
  });

  // Without JavaScript the message stays on the page: tests/integration/forms-shell.test.ts.
  test("a message from the server is a toast, gone after 5 s with JavaScript", async ({ page }, testInfo) => {
    await page.goto("/login");
    await signIn(page, testInfo, "admin@example.com");
    await expect(page).toHaveURL(/\/today$/);
    await openUserMenu(page);
    await page.getByRole("button", { name: "Log out" }).click();
    const toast = page.getByRole("status").filter({ hasText: "You have been logged out." });
    await expect(toast).toBeVisible();
    await checkpoint(page, testInfo, "toast");
    await expect(toast).toBeHidden({ timeout: 7000 });
  });
});
