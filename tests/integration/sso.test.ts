/** Single sign-on through the upstream's own OpenID Connect provider (a real authorization-code flow). */
import { describe, expect, test } from "vitest";
import { h1, messages } from "../support/client";
import { newClient, throughIdentityProvider } from "./helpers";

describe("single sign-on", () => {
  test("a known SSO user signs in through the identity provider and reaches Today", async () => {
    const portal = newClient();
    const callback = await throughIdentityProvider(portal, "sso@sso.example.com");
    expect(callback.pathname).toBe("/login/sso/callback");
    expect(callback.searchParams.get("code")).toBeTruthy();
    const r = await portal.get(callback.pathname + callback.search);
    expect(r.final).toMatch(/\/today$/);
    expect(h1(r.body)).toBe("Today");
  });

  test("an unknown address of the SSO domain is offered to request access, and the request is sent", async () => {
    const portal = newClient();
    const email = `new-person-${Date.now()}@sso.example.com`;
    const callback = await throughIdentityProvider(portal, email);
    let r = await portal.get(callback.pathname + callback.search);
    expect(r.final).toMatch(/\/login\/sso\/request-access$/);
    expect(h1(r.body)).toBe("Request access");
    expect(r.body).toContain(email);
    const clientId = r.body.match(/name="client_id"[^>]*value="([^"]+)"/)![1]!;
    // No choice is a 400 with a message.
    const bad = await portal.post("/login/sso/request-access", {});
    expect(bad.res.status).toBe(400);
    expect(messages(bad.body)).toContain("Choose an organisation.");
    r = await portal.post("/login/sso/request-access", { client_id: clientId });
    expect(messages(r.body).join(" ")).toContain("Your request has been sent to the organisation's administrators.");
    expect(r.body).toContain("Requested");
  });

  test("cancelling at the identity provider returns to Login with its error", async () => {
    const portal = newClient();
    const callback = await throughIdentityProvider(portal, "sso@sso.example.com", "cancel");
    expect(callback.searchParams.get("error")).toBeTruthy();
    const r = await portal.get(callback.pathname + callback.search);
    expect(r.final).toMatch(/\/login$/);
    expect(messages(r.body).length).toBeGreaterThan(0);
  });

  test("a forged callback (unknown state) goes back to Login with a message, never a 500", async () => {
    const portal = newClient();
    const r = await portal.get("/login/sso/callback?code=forged&state=forged");
    expect(r.final).toMatch(/\/login$/);
    expect(messages(r.body).join(" ")).toMatch(/expired|went wrong/i);
    const none = await portal.get("/login/sso/callback");
    expect(none.final).toMatch(/\/login$/);
    expect(messages(none.body).join(" ")).toContain("Something went wrong, please try again");
  });

  test("login CSRF: a callback produced in one browser, replayed into a fresh browser, signs nobody in", async () => {
    const victimOf = newClient();
    const attacker = newClient();
    const callback = await throughIdentityProvider(attacker, "sso@sso.example.com");
    const replay = callback.pathname + callback.search;
    const r = await victimOf.get(replay);
    expect(r.final).toMatch(/\/login$/);
    expect(messages(r.body).join(" ")).toContain("Something went wrong, please try again");
    expect(h1((await victimOf.get("/today")).body)).not.toBe("Today");
    // The state is bound to the browser, not merely checked once: the browser that started it still gets in…
    const own = await attacker.get(replay);
    expect(h1(own.body)).toBe("Today");
    // …once: the binding is used up with the sign-in (after signing out, the same callback is refused).
    await attacker.post("/logout", {});
    const replayed = await attacker.get(replay);
    expect(replayed.final).toMatch(/\/login$/);
    expect(h1((await attacker.get("/today")).body)).not.toBe("Today");
  });

  test("a callback in a browser that started a different sign-in is refused, and its error text is not shown", async () => {
    const victim = newClient();
    await throughIdentityProvider(victim, "sso@sso.example.com"); // the victim's own, pending sign-in
    const attacker = newClient();
    const theirs = await throughIdentityProvider(attacker, "sso@sso.example.com");
    const r = await victim.get(theirs.pathname + theirs.search);
    expect(r.final).toMatch(/\/login$/);
    expect(h1((await victim.get("/today")).body)).not.toBe("Today");
    const injected = await newClient().get("/login/sso/callback?error=access_denied&error_description=Call%20555-0100%20to%20unlock&state=x");
    expect(injected.final).toMatch(/\/login$/);
    expect(injected.body).not.toContain("555-0100");
  });

  test("the request-access page without an SSO attempt goes to Login", async () => {
    const r = await newClient().get("/login/sso/request-access");
    expect(r.final).toMatch(/\/login$/);
  });
});
