/** Security rules of the brief: origin checks, redirects, issuer allow-list, CSP, no tokens in responses, health. */
import { Redis } from "ioredis";
import { afterAll, describe, expect, inject, test } from "vitest";
import { WebClient, decodeEntities, h1, messages } from "../support/client";
import { portalEnv, startPortal, throwawayRedis, type PortalHandle, type RedisHandle } from "../support/stack";
import { OPEN_REDIRECT_PAYLOADS, staysOnPortal } from "../support/redirects";
import { DEMO_PASSWORD, createUser, hook, newClient, signIn, uniqueEmail, upstreamUrl } from "./helpers";

const clients: WebClient[] = [];
function tracked(c: WebClient) {
  clients.push(c);
  return c;
}
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe("requests from another origin", () => {
  test("a cross-origin POST is refused before any action runs", async () => {
    const client = tracked(newClient());
    await signIn(client, "admin@example.com");
    for (const origin of ["http://evil.example", "null", "http://localhost:1"]) {
      const r = await client.post("/logout", {}, { origin, follow: false });
      expect(r.res.status).toBe(403);
    }
    const noOrigin = await client.request("/logout", {
      method: "POST",
      origin: null,
      headers: { "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(noOrigin.res.status).toBe(403);
    // Still signed in.
    expect(h1((await client.get("/today")).body)).toBe("Today");
  });
});

describe("bad input to small actions", () => {
  test("an unknown language or a malformed site is a 400 with the translated error page", async () => {
    const client = tracked(newClient());
    await signIn(client, "admin@example.com");
    for (const [path, form] of [["/language", { locale: "xx", redirectTo: "/today" }], ["/select-site", { siteId: "abc", redirectTo: "/today" }]] as const) {
      const r = await client.post(path, form, { follow: false });
      expect(r.res.status, path).toBe(400);
      expect(h1(r.body), path).toBe("That request could not be used");
    }
  });
});

describe("redirectTo", () => {
  for (const evil of ["//evil.example", "https://evil.example/", "/\\evil.example", "//evil.example/%2F..", "javascript:alert(1)", "/login"]) {
    test(`redirectTo=${evil} is refused`, async () => {
      const client = tracked(newClient());
      const r = await signIn(client, "admin@example.com", DEMO_PASSWORD, { redirectTo: evil });
      expect(r.hops.at(-1)?.location ?? r.final).not.toContain("evil.example");
      expect(r.final).toMatch(/\/today$/);
    });
  }

  /**
   * Where the answer sends the browser, and the redirectTo it carries on (a /login?redirectTo=…
   * target is checked too). A refusal of the input itself (400) sends nowhere.
   */
  function unsafeTargets(res: Response): string[] {
    if (res.status === 400) return [];
    const location = res.headers.get("location");
    if (res.status < 300 || res.status >= 400 || !location) return [`status ${res.status} without a redirect`];
    const bad = staysOnPortal(location) ? [] : [location];
    const carried = new URL(location, "https://portal.example").searchParams.get("redirectTo");
    if (carried !== null && !staysOnPortal(carried)) bad.push(`carried ${carried}`);
    return bad;
  }

  test(`the open-redirect corpus (${OPEN_REDIRECT_PAYLOADS.length} payloads) on every place that redirects`, async () => {
    const user = tracked(newClient());
    await signIn(user, "admin@example.com");
    const anon = tracked(newClient());
    const places: [string, (p: string) => Promise<Response>][] = [
      ["GET /login-detect (signed in)", async (p) => (await user.request(`/login-detect?redirectTo=${encodeURIComponent(p)}`)).res],
      ["GET /login-detect (signed out)", async (p) => (await anon.request(`/login-detect?redirectTo=${encodeURIComponent(p)}`)).res],
      ["GET /login (signed in)", async (p) => (await user.request(`/login?redirectTo=${encodeURIComponent(p)}`)).res],
      ["POST /login (email step)", async (p) => (await anon.post("/login", { email: "admin@example.com", redirectTo: p }, { follow: false })).res],
      ["POST /language", async (p) => (await user.post("/language", { locale: "en_GB", redirectTo: p }, { follow: false })).res],
      ["POST /select-site", async (p) => (await user.post("/select-site", { siteId: "1", redirectTo: p }, { follow: false })).res],
    ];
    const wrong: string[] = [];
    for (const [place, send] of places) {
      for (const payload of OPEN_REDIRECT_PAYLOADS) {
        for (const bad of unsafeTargets(await send(payload))) wrong.push(`${place} ${JSON.stringify(payload)} → ${bad}`);
      }
      await anon.post("/login", { intent: "cancel" }, { follow: false });
    }
    expect(wrong).toEqual([]);
    // The login form's hidden redirectTo never carries a payload either.
    for (const payload of OPEN_REDIRECT_PAYLOADS) {
      const { body } = await anon.request(`/login?redirectTo=${encodeURIComponent(payload)}`);
      const value = decodeEntities(body.match(/name="redirectTo" value="([^"]*)"/)?.[1] ?? "");
      if (value !== "" && !staysOnPortal(value)) wrong.push(`login form ${JSON.stringify(payload)} → ${value}`);
    }
    expect(wrong).toEqual([]);
  });

  test("signing in with each payload as redirectTo ends on the portal", async () => {
    for (const payload of ["/.//evil.example", "/%2e%2e//evil.example", "/%5Cevil.example", "/\u2028//evil.example"]) {
      const client = tracked(newClient());
      const r = await signIn(client, "admin@example.com", DEMO_PASSWORD, { redirectTo: payload });
      for (const hop of r.hops) expect(staysOnPortal(hop.location ?? "/"), `${payload}: ${hop.location}`).toBe(true);
      expect(r.final).toMatch(/\/today$/);
    }
  });

  test("/login-detect sends a signed-in user to a checked target", async () => {
    const client = tracked(newClient());
    await signIn(client, "admin@example.com");
    const r = await client.request("/login-detect?redirectTo=%2F%2Fevil.example");
    expect(r.res.headers.get("location")).toBe("/today");
    const anon = tracked(newClient());
    const a = await anon.request("/login-detect?email=someone%40example.com&redirectTo=%2Fclient-switcher");
    expect(a.res.headers.get("location")).toBe("/login?redirectTo=%2Fclient-switcher&email=someone%40example.com");
  });
});

describe("token issuer allow-list", () => {
  test("a token whose iss is not on the allow-list is refused and the user logged out", async () => {
    const portal = await startPortal({ env: portalEnv(upstreamUrl(), inject("redisUrl"), { UPSTREAM_ISSUERS: `${upstreamUrl()}/eu` }) });
    cleanups.push(() => portal.close());
    const email = uniqueEmail("two-regions");
    await createUser({ email, client: "eu:1", role: "Administrator", also: [{ client: "us:1", role: "Administrator" }] });
    const client = tracked(new WebClient(portal.url));
    expect(h1((await signIn(client, email)).body)).toBe("Today");
    const r = await client.post("/client-switcher", { client_id: "us:1" });
    expect(r.final).toMatch(/\/login$/);
    expect(messages(r.body).join(" ")).toContain("this portal does not trust");
  });
});

describe("headers", () => {
  test("CSP with a nonce on every script, and the usual hardening headers", async () => {
    const client = tracked(newClient());
    const { res, body } = await client.request("/login");
    const csp = res.headers.get("content-security-policy")!;
    const nonce = csp.match(/'nonce-([^']+)'/)![1]!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    const scripts = [...body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const again = await client.request("/login");
    expect(again.res.headers.get("content-security-policy")).not.toContain(nonce);
  });

  test("upstream calls carry the user's language (from the token) and X-Timezone", async () => {
    const email = uniqueEmail("german");
    await createUser({ email, locale: "de" });
    const client = tracked(newClient({ "accept-language": "fr-FR" }));
    client.cookies.set("gh_tz", encodeURIComponent("America/New_York"));
    await signIn(client, email);
    await hook("POST", "stats/reset");
    await client.get("/today");
    const stats = await hook<{ lastHeaders: Record<string, Record<string, string>> }>("GET", "stats");
    // Every call the page made (its config may come from the session's cache).
    const calls = Object.values(stats.lastHeaders);
    expect(calls.length).toBeGreaterThan(0);
    for (const headers of calls) {
      expect(headers["accept-language"]).toBe("de");
      expect(headers["x-timezone"]).toBe("America/New_York");
    }
  });
});

describe("health", () => {
  test("/healthz is 200 when Redis and the upstream answer", async () => {
    const r = await tracked(newClient()).request("/healthz");
    expect(r.res.status).toBe(200);
    expect(JSON.parse(r.body).ok).toBe(true);
  });

  test("upstream unreachable: /healthz says so with a 503, and sign-in shows a clear message, not a 500", async () => {
    const portal = await startPortal({
      env: portalEnv("http://localhost:9", inject("redisUrl"), { UPSTREAM_TIMEOUT_MS: "1000" }),
    });
    cleanups.push(() => portal.close());
    const client = tracked(new WebClient(portal.url));
    const health = await client.request("/healthz");
    expect(health.res.status).toBe(503);
    expect(JSON.parse(health.body).checks.upstream).not.toBe("ok");
    const r = await client.post("/login", { email: "admin@example.com" });
    expect(r.res.status).toBe(503);
    expect(messages(r.body).join(" ")).toContain("We cannot reach the sign-in service");
  });

  test("the upstream serves its contract as OpenAPI", async () => {
    const res = await fetch(`${upstreamUrl()}/api/v2/openapi.json`);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/auth/login", "/config", "/broadcasting/auth"]));
  });
});

describe("Redis outage", () => {
  let redis: RedisHandle;
  let portal: PortalHandle;
  test("Redis down: a clear 503 within 2 s, never a hang; recovery when it returns", async () => {
    redis = await throwawayRedis();
    cleanups.push(() => redis.close());
    portal = await startPortal({ env: portalEnv(upstreamUrl(), redis.url) });
    cleanups.push(() => portal.close());
    const client = tracked(new WebClient(portal.url));
    await signIn(client, "admin@example.com");
    expect(h1((await client.get("/today")).body)).toBe("Today");

    await redis.stop!();
    const started = Date.now();
    const down = await client.request("/today");
    expect(Date.now() - started).toBeLessThan(2000);
    expect(down.res.status).toBe(503);
    expect(down.body).toContain("We cannot reach the session service");
    const health = await client.request("/healthz");
    expect(health.res.status).toBe(503);
    expect(JSON.parse(health.body).checks["store:redis"]).not.toBe("ok");

    await redis.start!();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await client.request("/healthz")).res.status;
    }
    expect(status).toBe(200);
    // The throwaway Redis kept nothing, so the session is gone: back to a working login page.
    const after = await client.get("/today");
    expect(after.final).toContain("/login");
    expect(h1((await signIn(client, "admin@example.com")).body)).toBe("Today");
  });
});

describe("no token in any response", () => {
  test("no access or refresh token appears in any body or cookie this file received", async () => {
    const redis = new Redis(inject("redisUrl"));
    try {
      const keys = await redis.keys("gh:session:*");
      const tokens = new Set<string>();
      for (const k of keys) {
        const data = JSON.parse((await redis.get(k)) ?? "{}");
        if (data.auth) {
          tokens.add(data.auth.accessToken);
          tokens.add(data.auth.refreshToken);
        }
      }
      expect(tokens.size).toBeGreaterThan(0);
      const everything = clients.flatMap((c) => [...c.bodies, ...c.setCookies]).join("\n");
      expect(everything.length).toBeGreaterThan(10_000);
      for (const t of tokens) expect(everything.includes(t)).toBe(false);
      expect(everything).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\./);
    } finally {
      redis.disconnect();
    }
  });
});
