/** Every login step, through the portal's forms (no JavaScript), against the real upstream. */
import { describe, expect, test } from "vitest";
import { h1, messages } from "../support/client";
import { totp } from "../support/totp";
import { DEMO_PASSWORD, createUser, hook, newClient, signIn, uniqueEmail } from "./helpers";

describe("demo accounts", () => {
  for (const email of ["admin@example.com", "standard@example.com", "super@example.com", "multi@example.com", "expired@example.com"]) {
    test(`${email} signs in and reaches Today`, async () => {
      const client = newClient();
      const r = await signIn(client, email);
      expect(r.final).toMatch(/\/today$/);
      expect(r.res.status).toBe(200);
      expect(h1(r.body)).toBe("Today");
    });
  }

  test("twofactor@example.com answers the one-time password step", async () => {
    const client = newClient();
    let r = await client.post("/login", { email: "twofactor@example.com" });
    r = await client.post("/login", { password: DEMO_PASSWORD });
    expect(h1(r.body)).toBe("Two-factor authentication");
    const wrong = totp("JBSWY3DPEHPK3PXP") === "000000" ? "111111" : "000000";
    r = await client.post("/login", { oneTimePassword: wrong });
    expect(r.res.status).toBe(401);
    expect(messages(r.body).join(" ")).toContain("That code is not valid");
    r = await client.post("/login", { oneTimePassword: totp("JBSWY3DPEHPK3PXP") });
    expect(h1(r.body)).toBe("Today");
  });
});

describe("login steps", () => {
  test("an unknown address still asks for a password, then says Invalid credentials", async () => {
    const client = newClient();
    let r = await client.post("/login", { email: uniqueEmail("nobody") });
    expect(h1(r.body)).toBe("Enter your password");
    r = await client.post("/login", { password: "Wrong-Passw0rd!" });
    expect(r.res.status).toBe(401);
    expect(messages(r.body).join(" ")).toContain("Invalid credentials.");
    expect(h1(r.body)).toBe("Enter your password");
  });

  test("empty and malformed input get translated field errors and a 400", async () => {
    const client = newClient();
    let r = await client.post("/login", { email: "" });
    expect(r.res.status).toBe(400);
    expect(messages(r.body)).toContain("Enter your email address.");
    r = await client.post("/login", { email: "not-an-email" });
    expect(r.res.status).toBe(400);
    expect(messages(r.body)).toContain("Enter a valid email address.");
    r = await client.post("/login", { email: "x".repeat(10_000) + "@example.com" });
    expect(r.res.status).toBe(400);
  });

  test("Cancel returns to the email step", async () => {
    const client = newClient();
    await client.post("/login", { email: "admin@example.com" });
    const r = await client.post("/login", { intent: "cancel" });
    expect(h1(r.body)).toBe("Sign in");
  });

  test("the password is never rendered back into the page", async () => {
    const client = newClient();
    await client.post("/login", { email: "admin@example.com" });
    const secret = "Sekret-Wr0ng-Passw0rd!";
    const r = await client.post("/login", { password: secret });
    expect(r.res.status).toBe(401);
    expect(r.body).not.toContain(secret);
  });

  test("expired password: the strength rule, then a new password signs in", async () => {
    const email = uniqueEmail("expired-pw");
    await createUser({ email, password_expired: true });
    const client = newClient();
    await client.post("/login", { email });
    let r = await client.post("/login", { password: DEMO_PASSWORD });
    expect(h1(r.body)).toBe("Choose a new password");
    expect(messages(r.body).join(" ")).toContain("Your password has expired, password policy requires you to change your password.");
    r = await client.post("/login", { newPassword: "weak", newPasswordConfirmation: "weak" });
    expect(r.res.status).toBe(400);
    expect(messages(r.body).join(" ")).toContain("Use 8 or more characters");
    r = await client.post("/login", { newPassword: "Brand-N3w-Pass!", newPasswordConfirmation: "Other-N3w-Pass!" });
    expect(messages(r.body)).toContain("The passwords do not match.");
    r = await client.post("/login", { newPassword: "Brand-N3w-Pass!", newPasswordConfirmation: "Brand-N3w-Pass!" });
    expect(h1(r.body)).toBe("Today");
    const again = newClient();
    expect(h1((await signIn(again, email, "Brand-N3w-Pass!")).body)).toBe("Today");
  });

  test("terms must be accepted", async () => {
    const email = uniqueEmail("terms");
    await createUser({ email, terms_accepted: false });
    const client = newClient();
    await client.post("/login", { email });
    let r = await client.post("/login", { password: DEMO_PASSWORD });
    expect(h1(r.body)).toBe("Terms of service");
    r = await client.post("/login", {});
    expect(r.res.status).toBe(400);
    expect(messages(r.body)).toContain("You must accept the terms of service to continue.");
    r = await client.post("/login", { acceptedTerms: "on" });
    expect(h1(r.body)).toBe("Today");
  });

  test("force-2FA policy: setup shows the secret as text and QR, and a valid code completes it", async () => {
    const email = uniqueEmail("setup2fa");
    await createUser({ email, client: "eu:3" });
    const client = newClient();
    await client.post("/login", { email });
    let r = await client.post("/login", { password: DEMO_PASSWORD });
    expect(h1(r.body)).toBe("Set up two-factor authentication");
    expect(messages(r.body).join(" ")).toContain("Password policy requires you to setup two factor authentication to continue.");
    expect(r.body).toContain('src="data:image/svg+xml;base64,');
    const secret = r.body.match(/class="readonly-value secret"[^>]*>([A-Z2-7]+)</)?.[1];
    expect(secret).toBeTruthy();
    r = await client.post("/login", { twoFactorAuthSecret: secret!, twoFactorAuthCode: "12" });
    expect(r.res.status).toBe(400);
    expect(messages(r.body)).toContain("The code is 6 digits.");
    r = await client.post("/login", { twoFactorAuthSecret: secret!, twoFactorAuthCode: totp(secret!) });
    expect(h1(r.body)).toBe("Today");
    // From now on the account asks for a one-time password.
    const again = newClient();
    await again.post("/login", { email });
    expect(h1((await again.post("/login", { password: DEMO_PASSWORD })).body)).toBe("Two-factor authentication");
  });

  test("429 from the upstream is shown as a field error with status 429", async () => {
    const email = uniqueEmail("throttled");
    await createUser({ email });
    await hook("POST", "config", { login_rate_limit: 3 });
    try {
      const client = newClient();
      await client.post("/login", { email });
      let r;
      for (let i = 0; i < 4; i++) r = await client.post("/login", { password: "Wrong-Passw0rd!" });
      expect(r!.res.status).toBe(429);
      expect(messages(r!.body).join(" ")).toContain("Too many attempts");
    } finally {
      await hook("POST", "config", { login_rate_limit: 1000 });
      await hook("POST", "rate-limit/reset");
    }
  });

  test("a redirectTo survives login", async () => {
    const client = newClient();
    const first = await client.get("/client-switcher");
    expect(first.final).toContain("/login?redirectTo=%2Fclient-switcher");
    const r = await signIn(client, "multi@example.com", DEMO_PASSWORD, { redirectTo: "/client-switcher" });
    expect(r.final).toMatch(/\/client-switcher$/);
    expect(h1(r.body)).toBe("Switch organisation");
  });
});

describe("forgot and reset", () => {
  test("a reset link from the outbox sets a new password", async () => {
    const email = uniqueEmail("forgot");
    await createUser({ email });
    const client = newClient();
    let r = await client.post("/forgot", { email });
    expect(r.res.status).toBe(200);
    expect(messages(r.body).join(" ")).toContain("we have sent a link");
    const mail = await hook<{ body: string }>("GET", `outbox?to=${encodeURIComponent(email)}`);
    const link = new URL(mail.body.match(/https?:\/\/\S+\/reset\/\S+/)![0]);
    expect(link.pathname).toMatch(/^\/reset\//);
    r = await client.get(link.pathname + link.search);
    expect(h1(r.body)).toBe("Choose a new password");
    r = await client.post(link.pathname, { email, password: "weak", password_confirmation: "weak" });
    expect(r.res.status).toBe(400);
    r = await client.post(link.pathname, { email, password: "Reset-Passw0rd!", password_confirmation: "Reset-Passw0rd!" });
    expect(r.final).toMatch(/\/login$/);
    expect(messages(r.body).join(" ")).toContain("Your password has been changed.");
    // The link works once.
    r = await client.post(link.pathname, { email, password: "Reset-Passw0rd2!", password_confirmation: "Reset-Passw0rd2!" });
    expect(r.res.status).toBe(422);
    expect(messages(r.body).join(" ")).toMatch(/invalid or has expired/);
    expect(h1((await signIn(newClient(), email, "Reset-Passw0rd!")).body)).toBe("Today");
  });

  test("forgot for an unknown address says the same thing", async () => {
    const r = await newClient().post("/forgot", { email: uniqueEmail("ghost") });
    expect(r.res.status).toBe(200);
    expect(messages(r.body).join(" ")).toContain("we have sent a link");
  });
});
