/**
 * The portal in German and Japanese: the browser's language picks the sign-in page's language,
 * and a user whose profile language matches sees Today in it too. Expected strings come from
 * locales/{de,ja}/*.json at test time (translations are maintained there, not in the tests).
 */
import fs from "node:fs";
import { DEMO_PASSWORD, checkpoint, createUser, expect, heading, localeFile, test, translation, uniqueEmail } from "./fixtures";

const LANGUAGES = [
  { browser: "de-DE", locale: "de", lang: "de" },
  { browser: "ja-JP", locale: "ja", lang: "ja" },
] as const;

for (const { browser, locale, lang } of LANGUAGES) {
  test.describe(`in ${browser}`, () => {
    test.use({ locale: browser });

    test(`the sign-in page and Today are in ${locale}`, async ({ page }, testInfo) => {
      const missing = (["auth", "common", "today"] as const).map((ns) => localeFile(locale, ns)).filter((f) => !fs.existsSync(f));
      expect(missing, `translation files for ${locale}`).toEqual([]);
      /** The translated text (i18next falls back to en_GB for a missing key, and so does this). */
      const t = (ns: "auth" | "common" | "today", key: string) => translation(locale, ns, key) ?? translation("en_GB", ns, key)!;
      const english = (ns: "auth" | "common" | "today", key: string) => translation("en_GB", ns, key);

      const signInHeading = translation(locale, "auth", "login.heading.request_email");
      const todayHeading = translation(locale, "today", "heading");
      expect(signInHeading, `auth:login.heading.request_email in ${locale}`).toBeTruthy();
      expect(todayHeading, `today:heading in ${locale}`).toBeTruthy();
      expect(signInHeading).not.toBe(english("auth", "login.heading.request_email"));
      expect(todayHeading).not.toBe(english("today", "heading"));

      // A user whose profile language is this one: after sign-in the portal adopts the profile's
      // language (an English profile would switch the portal to English at that point).
      const email = uniqueEmail(`i18n-${locale}`);
      await createUser({ email, locale });

      await page.goto("/login");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(heading(page)).toHaveText(signInHeading!);
      await checkpoint(page, testInfo, `${locale} email step`);
      await page.getByLabel(t("auth", "login.email")).fill(email);
      await page.getByRole("button", { name: t("auth", "login.submit.request_email") }).click();

      await expect(heading(page)).toHaveText(t("auth", "login.heading.password"));
      await checkpoint(page, testInfo, `${locale} password step`);
      await page.getByLabel(t("auth", "login.password"), { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: t("auth", "login.submit.password") }).click();

      await expect(page).toHaveURL(/\/today$/);
      await expect(heading(page)).toHaveText(todayHeading!);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await checkpoint(page, testInfo, `${locale} today`);
    });
  });
}
