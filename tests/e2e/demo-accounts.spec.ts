/** Every demo account of the README signs in and reaches Today, with JavaScript (without it: tests/integration/forms-login.test.ts). */
import { DEMO_TOTP_SECRET, expect, expectToday, shell, signIn, test } from "./fixtures";

const ACCOUNTS: { email: string; organisation: string; totp?: boolean }[] = [
  { email: "admin@example.com", organisation: "Acme Ltd" },
  { email: "standard@example.com", organisation: "Acme Ltd" },
  { email: "frontdesk@example.com", organisation: "Acme Ltd" },
  { email: "super@example.com", organisation: "Acme Ltd" },
  { email: "expired@example.com", organisation: "Expired Trial Co" },
  { email: "twofactor@example.com", organisation: "Acme Ltd", totp: true },
];

for (const account of ACCOUNTS) {
  test(`${account.email} reaches Today`, async ({ page }, testInfo) => {
    await page.goto("/login");
    await signIn(page, testInfo, account.email, account.totp ? { totpSecret: DEMO_TOTP_SECRET } : {});
    await expectToday(page, testInfo);
    await expect(shell(page).organisation).toHaveText(account.organisation);
  });
}
