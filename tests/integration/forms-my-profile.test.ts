/**
 * My profile (/my-profile; issue 16 item 6; ADR 020) through real HTTP, as a browser without
 * JavaScript: change the password (the current one, the strength rule and the confirmation with
 * platform §5's messages; the reuse rule of a client that prevents it), set up two-factor
 * authentication with the key shown beside the QR code and remove it with a code, the language
 * stored on the user, the notification preferences; hostile input gets a 4xx with a message.
 */
import { describe, expect, test } from "vitest";
import type { Page } from "../support/browser";
import { upstreamAccess } from "../support/access";
import { totp } from "../support/totp";
import { createUser, DEMO_PASSWORD, failuresOf, hook, newBrowser, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const notices = (page: Page) => page.notices().join(" ");

async function signedIn(extra: Record<string, unknown> = {}) {
  const email = uniqueEmail("profile");
  await createUser({ email, role: "Standard User", client: "eu:1", name: "Pia Profile", ...extra });
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return { browser, email };
}

describe("my profile, without JavaScript", () => {
  test("the password: wrong current, weak, mismatched are refused with their messages; then it changes", async () => {
    const { browser, email } = await signedIn();
    let page = await browser.open("/my-profile");
    const form = () => page.form("Change password");
    page = await form().fill("Current password", "Wrong-Passw0rd!").fill("New password", "Next-Passw0rd!").fill("Confirm new password", "Next-Passw0rd!").submit("Change password");
    expect(page.status).toBe(422);
    expect(form().fieldErrors("Current password")).toEqual(["The current password is incorrect"]);
    expect(form().value("New password")).toBe(""); // never rendered back
    page = await form().fill("Current password", DEMO_PASSWORD).fill("New password", "weak").fill("Confirm new password", "weak").submit("Change password");
    expect(page.status).toBe(400);
    expect(form().fieldErrors("New password").join(" ")).toContain("8 or more characters");
    page = await form().fill("Current password", DEMO_PASSWORD).fill("New password", "Next-Passw0rd!").fill("Confirm new password", "Other-Passw0rd!").submit("Change password");
    expect(page.status).toBe(400);
    expect(form().fieldErrors("Confirm new password").join(" ")).toMatch(/match/i);
    page = await form().fill("Current password", DEMO_PASSWORD).fill("New password", "Next-Passw0rd!").fill("Confirm new password", "Next-Passw0rd!").submit("Change password");
    expect(notices(page)).toContain("Your password has been changed");
    const again = newBrowser();
    expect((await signInWithForms(again, email, { password: "Next-Passw0rd!" })).path).toBe("/today");
  });

  test("a client that prevents reuse refuses an earlier password with a clear message", async () => {
    // Expired Trial Co (eu:2): its prevent_password_reuse is set here and only this test's user is in it.
    const email = uniqueEmail("reuse");
    await createUser({ email, role: "Administrator", client: "eu:2" });
    const browser = newBrowser();
    expect((await signInWithForms(browser, email)).path).not.toBe("/login");
    await hook("POST", "clients/eu:2", { prevent_password_reuse: true });
    try {
      let page = await browser.open("/my-profile");
      page = await page.form("Change password").fill("Current password", DEMO_PASSWORD).fill("New password", DEMO_PASSWORD).fill("Confirm new password", DEMO_PASSWORD).submit("Change password");
      expect(page.status).toBe(422);
      expect(page.form("Change password").fieldErrors("New password")).toEqual(["You cannot reuse one of your last 5 passwords"]);
    } finally {
      await hook("POST", "clients/eu:2", { prevent_password_reuse: false });
    }
  });

  test("two-factor: set up with the key beside the QR code and a code; sign in with it; turn off with a code", async () => {
    const { browser, email } = await signedIn();
    let page = await browser.open("/my-profile");
    expect(page.has("Off: signing in asks only for your password.")).toBe(true);
    page = await page.follow("Set up two-factor authentication");
    expect(page.path).toBe("/my-profile/two-factor");
    expect(page.images().some((i) => i.name.length > 0 && i.src.startsWith("data:image/svg+xml"))).toBe(true);
    const secret = page.byClass("secret").text().trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    page = await page.form("Turn on two-factor authentication").fill("Authentication code", "12").submit("Turn on two-factor authentication");
    expect(page.status).toBe(400);
    page = await page.form("Turn on two-factor authentication").fill("Authentication code", totp(secret)).submit("Turn on two-factor authentication");
    expect(notices(page)).toContain("Two-factor authentication is on");
    expect(page.has("On: signing in asks for a code from your authenticator app.")).toBe(true);

    const again = newBrowser();
    expect((await signInWithForms(again, email, { totpSecret: secret })).path).toBe("/today");

    page = await browser.open("/my-profile");
    page = await page.form("Turn off two-factor authentication").fill("Authentication code", totp(secret) === "000000" ? "111111" : "000000").submit("Turn off two-factor authentication");
    expect(page.status).toBe(422);
    expect(page.form("Turn off two-factor authentication").fieldErrors("Authentication code")).toEqual(["The code is invalid"]);
    page = await page.form("Turn off two-factor authentication").fill("Authentication code", totp(secret)).submit("Turn off two-factor authentication");
    expect(notices(page)).toContain("Two-factor authentication is off");
  });

  test("the language is stored on the user; the notification preferences are kept per organisation", async () => {
    const { browser, email } = await signedIn();
    let page = await browser.open("/my-profile");
    page = await page.form("Save notifications").uncheck("An evacuation starts").check("A kiosk goes offline or is out of date").submit("Save notifications");
    expect(notices(page)).toContain("Notification preferences saved");
    const api = await upstreamAccess(upstreamUrl(), email);
    expect((await api.get("me/profile")).notifications).toEqual({ device_alerts: true, evacuation_started: false, evacuation_completed: true, pre_registration_arrived: true });
    page = await page.form("Save language").select("Language", "Deutsch").submit("Save language");
    expect(page.heading()).toBe("Mein Profil");
    expect((await api.get("me/profile")).locale).toBe("de");
  });

  test("hostile input: a 4xx with a message, never a 500", async () => {
    const { browser } = await signedIn();
    expect(
      await failuresOf(browser.client, [
        ["/my-profile", { intent: "language", locale: "xx" }, 400, ""],
        ["/my-profile", { intent: "password", current_password: "x".repeat(2000), password: "A-b1".repeat(300), password_confirmation: "A-b1".repeat(300) }, 400, ""],
        ["/my-profile", { intent: "disable-2fa", code: "abc" }, 400, ""],
        ["/my-profile", { intent: "disable-2fa", code: "123456" }, 422, "Two-factor authentication is not on"],
        ["/my-profile", { intent: "notifications", evacuation_started: "maybe" }, 400, ""],
        ["/my-profile", { intent: "nonsense" }, 400, ""],
        ["/my-profile/two-factor", { intent: "enable-2fa", code: "12\u0007456" }, 400, ""],
      ]),
    ).toEqual([]);
  });
});
