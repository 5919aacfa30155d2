/**
 * The signed-in shell without JavaScript, through the pages themselves (tests/support/browser.ts):
 * each demo account's navigation, the profile, support, Forbidden, Page-not-found and trial-ended
 * pages, the language picker and the server's message kept on the page (ADR 012: moved from the
 * e2e `nojs` project; shell.spec.ts keeps them with JavaScript, axe included).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { navigationFor } from "../../app/access/navigation";
import { upstreamAccess } from "../support/access";
import { ROOT } from "../support/stack";
import { newBrowser, signInWithForms, upstreamUrl } from "./helpers";

const translation = (locale: string, ns: string, key: string): string | undefined => {
  let node: unknown = JSON.parse(fs.readFileSync(path.join(ROOT, "locales", locale, `${ns}.json`), "utf8"));
  for (const part of key.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : undefined;
};

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

describe("navigation per demo account", () => {
  test("each demo account sees exactly the areas it may open", async () => {
    const failures: string[] = [];
    for (const email of ACCOUNTS) {
      const { ctx } = await upstreamAccess(upstreamUrl(), email);
      const expected = navigationFor(ctx).map((n) => translation("en_GB", "common", n.labelKey));
      const page = await signInWithForms(newBrowser(), email);
      expect(page.path, email).toBe("/today");
      const shown = page.region("Main").links().map((l) => l.name);
      if (JSON.stringify(shown) !== JSON.stringify(expected)) failures.push(`${email}: ${JSON.stringify(shown)} ≠ ${JSON.stringify(expected)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("shell pages", () => {
  test("my profile and support show the signed-in user's real details", async () => {
    const browser = newBrowser();
    expect((await signInWithForms(browser, "standard@example.com")).path).toBe("/today");
    const profile = await browser.open("/my-profile");
    expect(profile.heading()).toBe("My profile");
    const main = profile.all({ tag: "main" })[0]!;
    expect(main.has("standard@example.com")).toBe(true);
    expect(main.has("Standard User")).toBe(true);
    expect(main.has("Head Office")).toBe(true); // restricted to one site
    const support = await browser.open("/support");
    expect(support.heading()).toBe("Support");
    expect(support.has("eu:1")).toBe(true);
  });

  test("a page the user may not open says Forbidden inside the shell; an unknown one Page not found", async () => {
    const browser = newBrowser();
    expect((await signInWithForms(browser, "standard@example.com")).path).toBe("/today");
    const forbidden = await browser.open("/manage");
    expect(forbidden.status).toBe(403);
    expect(forbidden.heading()).toBe("Forbidden");
    expect(forbidden.region("Main").links().length).toBeGreaterThan(0);
    const missing = await browser.open("/no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.heading()).toBe("Page not found");
  });

  test("an expired client's active-only routes lead to the trial-ended page", async () => {
    const browser = newBrowser();
    expect((await signInWithForms(browser, "expired@example.com")).path).toBe("/today");
    const page = await browser.open("/fire-list");
    expect(page.path).toBe("/trial-ended");
    expect(page.heading()).toBe("Your trial has ended");
  });

  test("the language picker changes the portal's language, and back", async () => {
    const browser = newBrowser();
    let page = await signInWithForms(browser, "admin@example.com");
    expect(page.path).toBe("/today");
    page = await page.form("Change").select("Language", "de").submit("Change");
    expect(page.heading()).toBe(translation("de", "today", "heading"));
    page = await page.form(translation("de", "common", "shell.change_language")!).select(translation("de", "common", "shell.language")!, "en_GB").submit();
    expect(page.heading()).toBe("Today");
  });

  test("a message from the server is on the page as a status without JavaScript (nothing hides it)", async () => {
    const page = await (await signInWithForms(newBrowser(), "admin@example.com")).click("Log out");
    expect(page.notices().join(" ")).toContain("You have been logged out.");
    // The toast's 5 s timer is JavaScript's; without it the region is plain, unhidden markup.
    const toast = page.byClass("toast");
    expect(toast.attr("hidden")).toBeUndefined();
    expect(toast.has("You have been logged out.")).toBe(true);
  });
});
