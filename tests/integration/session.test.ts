/** Session and token life cycle: rotation, logout, refresh (single-flight, across processes), 401, retries, timeouts. */
import { afterAll, afterEach, describe, expect, inject, test } from "vitest";
import { WebClient, h1, messages } from "../support/client";
import { portalEnv, startPortal, type PortalHandle } from "../support/stack";
import { DEMO_PASSWORD, createUser, hook, newClient, refreshCalls, signIn, uniqueEmail, upstreamUrl } from "./helpers";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const extraPortals: PortalHandle[] = [];
async function extraPortal(env: Record<string, string> = {}) {
  const p = await startPortal({ env: portalEnv(upstreamUrl(), inject("redisUrl"), env) });
  extraPortals.push(p);
  return p;
}
afterAll(async () => {
  await Promise.all(extraPortals.map((p) => p.close()));
});
afterEach(async () => {
  await hook("POST", "config", { access_token_ttl: 3600 });
  await hook("POST", "faults/reset");
});

/** Sign in with an access token that has 303 s to live, then wait until 300 s or less remain. */
async function signInNearExpiry(client: WebClient, email: string) {
  await hook("POST", "config", { access_token_ttl: 303 });
  await signIn(client, email);
  await hook("POST", "config", { access_token_ttl: 3600 });
  await sleep(3200);
}

describe("session cookie", () => {
  test("HttpOnly, SameSite=Lax, Path=/; the id rotates at login and the old id is dead", async () => {
    const client = newClient();
    await client.post("/login", { email: "admin@example.com" });
    const before = client.cookies.get("gh_session");
    expect(before).toBeTruthy();
    await client.post("/login", { password: DEMO_PASSWORD });
    const after = client.cookies.get("gh_session");
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const sc = client.setCookies.filter((c) => c.startsWith("gh_session=") && !/max-age=0|expires=thu, 01 jan 1970/i.test(c)).at(-1)!;
    expect(sc).toMatch(/HttpOnly/i);
    expect(sc).toMatch(/SameSite=Lax/i);
    expect(sc).toMatch(/Path=\//);
    expect(sc).not.toMatch(/Secure/i);
    // The cookie holds a signed id, nothing else.
    expect(decodeURIComponent(after!).length).toBeLessThan(120);
    const old = new WebClient(client.base);
    old.cookies.set("gh_session", before!);
    const r = await old.get("/today");
    expect(r.final).toContain("/login");
  });

  test("over HTTPS (behind a proxy) the cookie is Secure and __Host- prefixed", async () => {
    const portal = await extraPortal({ TRUST_PROXY: "1" });
    const client = new WebClient(portal.url, { "x-forwarded-proto": "https" });
    await client.request("/login", {
      method: "POST",
      body: new URLSearchParams({ email: "admin@example.com" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      origin: `https://localhost:${portal.port}`,
    });
    const sc = client.setCookies.find((c) => c.startsWith("__Host-gh_session="));
    expect(sc).toBeTruthy();
    expect(sc).toMatch(/;\s*Secure/i);
    expect(sc).toMatch(/HttpOnly/i);
  });

  test("logout destroys the session server-side and says so on the login page", async () => {
    const client = newClient();
    await signIn(client, "admin@example.com");
    const cookie = client.cookies.get("gh_session")!;
    const r = await client.post("/logout", {});
    expect(r.final).toMatch(/\/login$/);
    expect(messages(r.body).join(" ")).toContain("You have been logged out.");
    const replay = new WebClient(client.base);
    replay.cookies.set("gh_session", cookie);
    expect((await replay.get("/today")).final).toContain("/login");
  });

  test("a GET to /logout does not sign out", async () => {
    const client = newClient();
    await signIn(client, "admin@example.com");
    const r = await client.get("/logout");
    expect(h1(r.body)).toBe("Log out of Gatehouse?");
    expect(h1((await client.get("/today")).body)).toBe("Today");
  });

  // Timer-bound: the timeouts leave seconds of slack, since the machine may be busy with other
  // test processes (a request can take most of a second then).
  test("idle timeout ends the session", async () => {
    const portal = await extraPortal({ SESSION_IDLE_TIMEOUT: "3" });
    const client = new WebClient(portal.url);
    await signIn(client, "admin@example.com");
    expect(h1((await client.get("/today")).body)).toBe("Today");
    await sleep(4100);
    expect((await client.get("/today")).final).toContain("/login?redirectTo=%2Ftoday");
  });

  test("absolute timeout ends the session even when active", async () => {
    const portal = await extraPortal({ SESSION_ABSOLUTE_TIMEOUT: "6" });
    const client = new WebClient(portal.url);
    await signIn(client, "admin@example.com");
    // Counted from the end of the sign-in: the session is at most that old (a loaded machine can
    // take seconds over the sign-in's requests, and the session is made during them).
    const started = Date.now();
    // In use until 3 s after the sign-in began...
    while (Date.now() - started < 3000) {
      expect(h1((await client.get("/today")).body)).toBe("Today");
      await sleep(800);
    }
    // ...and still ended at 6 s.
    await sleep(Math.max(0, 6500 - (Date.now() - started)));
    expect((await client.get("/today")).final).toContain("/login");
  });
});
describe("token refresh", () => {
  test("refreshes when 300 s or less remain, and keeps the user signed in", async () => {
    const client = newClient();
    await signInNearExpiry(client, "admin@example.com");
    const before = await refreshCalls();
    expect(h1((await client.get("/today")).body)).toBe("Today");
    expect((await refreshCalls()) - before).toBe(1);
    // The new token has an hour: no further refresh.
    expect(h1((await client.get("/today")).body)).toBe("Today");
    expect((await refreshCalls()) - before).toBe(1);
  });

  test("20 parallel requests at expiry make exactly one refresh call, and nobody is logged out", async () => {
    const client = newClient();
    await signInNearExpiry(client, "admin@example.com");
    const before = await refreshCalls();
    const results = await Promise.all(Array.from({ length: 20 }, () => client.get("/today")));
    for (const r of results) {
      expect(r.res.status).toBe(200);
      expect(h1(r.body)).toBe("Today");
    }
    expect((await refreshCalls()) - before).toBe(1);
  });

  test("two portal processes sharing Redis refresh once between them", async () => {
    const second = await extraPortal();
    const a = newClient();
    await signInNearExpiry(a, "admin@example.com");
    const b = new WebClient(second.url);
    b.cookies.set("gh_session", a.cookies.get("gh_session")!);
    const before = await refreshCalls();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).get("/today")));
    for (const r of results) expect(h1(r.body)).toBe("Today");
    expect((await refreshCalls()) - before).toBe(1);
  });

  test("a 4xx from refresh logs out with the session-expired message", async () => {
    const email = uniqueEmail("refresh-4xx");
    await createUser({ email });
    const client = newClient();
    await signInNearExpiry(client, email);
    await hook("POST", "revoke", { email });
    const r = await client.get("/today");
    expect(r.final).toContain("/login?redirectTo=%2Ftoday");
    expect(messages(r.body).join(" ")).toContain("Your session has expired, please login.");
    expect((await client.get("/today")).final).toContain("/login");
  });

  test("a refresh refused by the password policy's forced re-authentication says so at the login page", async () => {
    const { global_id } = await hook<{ global_id: string }>("POST", "account/clients", { name: `Reauth Co ${Math.random().toString(36).slice(2, 7)}` });
    await hook("POST", `clients/${global_id}`, { force_reauthentication: true });
    const email = uniqueEmail("reauth");
    await createUser({ email, client: global_id, role: "Standard User" });
    const client = newClient();
    await signInNearExpiry(client, email);
    // Signed in 13 hours ago (the policy's 12 hours have passed): the refresh is refused.
    await hook("POST", "sessions/age", { email, hours: 13 });
    const r = await client.get("/today");
    expect(r.final).toContain("/login?redirectTo=%2Ftoday");
    expect(messages(r.body).join(" ")).toContain("Password policy requires you to sign in again.");
    expect(messages(r.body).join(" ")).not.toContain("Your session has expired");
  });

  test("a 5xx from refresh keeps the still-valid token, and tries again after the retry delay", async () => {
    const portal = await extraPortal({ REFRESH_RETRY_DELAY_MS: "3000" });
    const client = new WebClient(portal.url);
    await hook("POST", "config", { access_token_ttl: 303 });
    await signIn(client, "admin@example.com");
    await hook("POST", "config", { access_token_ttl: 3600 });
    await sleep(3200);
    await hook("POST", "faults", { route: "accessToken", status: 500, count: 1 });
    const before = await refreshCalls();
    expect(h1((await client.get("/today")).body)).toBe("Today");
    expect((await refreshCalls()) - before).toBe(1);
    expect(h1((await client.get("/today")).body)).toBe("Today");
    expect((await refreshCalls()) - before).toBe(1); // within the retry delay: no new attempt
    await sleep(3100);
    expect(h1((await client.get("/today")).body)).toBe("Today");
    expect((await refreshCalls()) - before).toBe(2);
  });

  test("an expired token waits for the refresh, retrying, and shows a clear error when it never comes", async () => {
    // Generous margins: the token's `exp` is whole seconds (a 1 s token may live 0–1 s, and a sign-in
    // on a loaded CI machine makes several calls with it), so tokens live 3 s, each sign-in is
    // checked, and then left well past its expiry.
    const portal = await extraPortal({ REFRESH_RETRY_DELAY_MS: "500", REFRESH_MAX_ATTEMPTS: "3" });
    const client = new WebClient(portal.url);
    await hook("POST", "config", { access_token_ttl: 3 });
    expect(h1((await signIn(client, "admin@example.com")).body)).toBe("Today");
    await hook("POST", "config", { access_token_ttl: 3600 });
    await sleep(4500);
    await hook("POST", "faults", { route: "accessToken", status: 503, count: 2 });
    let r = await client.get("/today");
    expect(h1(r.body)).toBe("Today"); // third attempt succeeded

    await hook("POST", "config", { access_token_ttl: 3 });
    const other = new WebClient(portal.url);
    expect(h1((await signIn(other, "admin@example.com")).body)).toBe("Today");
    await hook("POST", "config", { access_token_ttl: 3600 });
    await sleep(4500);
    await hook("POST", "faults", { route: "accessToken", status: 503, count: 10 });
    r = await other.get("/today");
    expect(r.res.status).toBe(503);
    expect(r.body).toContain("We could not renew your session");
    // The spec's title for it (platform §8), and a retry every 5 s that needs no JavaScript (§4).
    expect(r.body).toContain("<title>Failed to request new tokens · Gatehouse</title>");
    expect(r.body).toMatch(/<meta http-equiv="refresh" content="5"\/?>/);
  });

  test("a 401 on any upstream call logs out with a message", async () => {
    const email = uniqueEmail("revoked");
    await createUser({ email });
    const client = newClient();
    await signIn(client, email);
    await hook("POST", "revoke", { email });
    const r = await client.get("/today");
    expect(r.final).toContain("/login");
    expect(messages(r.body).join(" ")).toContain("Your session has expired, please login.");
  });
});

describe("clients and sites", () => {
  async function twoClientUser() {
    const email = uniqueEmail("multi");
    await createUser({ email, client: "eu:1", role: "Administrator", also: [{ client: "us:1", role: "Administrator" }] });
    return email;
  }

  test("a two-client user switches client; the last used site comes back when switching back", async () => {
    const client = newClient();
    await signIn(client, await twoClientUser());
    let r = await client.get("/today");
    expect(r.body).toContain("Acme Ltd");
    const warehouse = r.body.match(/<option value="(\d+)"[^>]*>Warehouse</)![1]!;
    r = await client.post("/select-site", { siteId: warehouse, redirectTo: "/today" });
    expect(r.body).toMatch(/<h2[^>]*>Warehouse<\/h2>/);
    r = await client.get("/client-switcher");
    expect(h1(r.body)).toBe("Switch organisation");
    r = await client.post("/client-switcher", { client_id: "us:1" });
    expect(r.final).toMatch(/\/today$/);
    expect(r.body).toContain("Northwind School");
    expect(messages(r.body).join(" ")).toContain("You are now working in this organisation.");
    r = await client.post("/client-switcher", { client_id: "eu:1" });
    expect(r.body).toContain("Acme Ltd");
    expect(r.body).toMatch(/<h2[^>]*>Warehouse<\/h2>/);
  });

  test("a failed switch says 'Failed to load client'", async () => {
    const client = newClient();
    await signIn(client, await twoClientUser());
    const r = await client.post("/client-switcher", { client_id: "eu:2" }); // not one of multi's clients
    expect(r.res.status).toBe(403); // the upstream's refusal keeps its meaning (issue 12)
    expect(messages(r.body).join(" ")).toContain("Failed to load client");
  });

  test("the client switcher is only for users with more than one client", async () => {
    const client = newClient();
    await signIn(client, "admin@example.com");
    expect((await client.get("/client-switcher")).res.status).toBe(403);
    expect((await client.get("/today")).body).not.toContain('href="/client-switcher"');
  });

  test("selecting a site is ignored when the client is expired (not a super user)", async () => {
    const client = newClient();
    await signIn(client, await twoClientUser());
    const page = await client.post("/client-switcher", { client_id: "us:1" }); // Northwind: trial ended
    const ids = [...page.body.matchAll(/<option value="(\d+)"/g)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(1);
    const r = await client.post("/select-site", { siteId: ids[1]!, redirectTo: "/today" });
    expect(messages(r.body).join(" ")).toContain("That site could not be selected.");
  });
});
