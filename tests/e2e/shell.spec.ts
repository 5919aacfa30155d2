/**
 * The signed-in shell: every demo account of the README signs in and reaches Today in its
 * organisation, and its navigation shows exactly the areas the access table lets it open; the profile, support, trial-ended, Forbidden and Page-not-found pages; the
 * language picker. With JavaScript, axe on every page (without it:
 * tests/integration/forms-shell.test.ts).
 */
import { navigationFor } from "../../app/access/navigation";
import { upstreamAccess } from "../support/access";
import { checkpoint, DEMO_TOTP_SECRET, expect, expectToday, heading, openUserMenu, shell, signIn, test, translation, upstreamUrl } from "./fixtures";

/** Every demo account of the README (with the organisation it lands in, when it has one only). */
const ACCOUNTS: { email: string; organisation?: string; totp?: boolean }[] = [
  { email: "admin@example.com", organisation: "Acme Ltd" },
  { email: "standard@example.com", organisation: "Acme Ltd" },
  { email: "frontdesk@example.com", organisation: "Acme Ltd" },
  { email: "reception@example.com", organisation: "Acme Ltd" },
  { email: "super@example.com", organisation: "Acme Ltd" },
  { email: "expired@example.com", organisation: "Expired Trial Co" },
  { email: "supervisor@example.com", organisation: "Expired Trial Co" },
  { email: "multi@example.com" },
  { email: "school@example.com", organisation: "Oakfield Academy" },
  { email: "globex@example.com", organisation: "Globex Inc" },
  { email: "twofactor@example.com", organisation: "Acme Ltd", totp: true },
];

test.describe("each demo account", () => {
  for (const account of ACCOUNTS) {
    test(`${account.email} reaches Today${account.totp ? "" : " and sees exactly the areas it may open"}`, async ({ page }, testInfo) => {
      // The upstream's own view of the account (a TOTP account's is not read: it needs its code).
      const expected = account.totp ? null : navigationFor((await upstreamAccess(upstreamUrl(), account.email)).ctx).map((n) => translation("en_GB", "common", n.labelKey));
      await page.goto("/login");
      // The sign-in steps' pages are audited by login.spec.ts; Today is audited here for each account.
      await signIn(page, testInfo, account.email, { ...(account.totp ? { totpSecret: DEMO_TOTP_SECRET } : {}) });
      await expectToday(page, testInfo);
      if (account.organisation) await expect(shell(page).organisation).toHaveText(account.organisation);
      if (expected) await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(expected as string[]);
      await testInfo.attach(`navigation-${account.email}.png`, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
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
