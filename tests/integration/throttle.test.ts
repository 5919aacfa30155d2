/**
 * The portal's throttles (issue 12), over HTTP against two portal processes of their own that
 * share one throwaway Redis, with small limits and TRUST_PROXY=1, so X-Forwarded-For chooses the
 * client address. Every test uses its own addresses and accounts. The upstream's own per-email
 * limit is set high in the test stack (LOGIN_RATE_LIMIT=1000): whatever is refused here, the
 * portal refused.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { WebClient, h1, messages } from "../support/client";
import { totp } from "../support/totp";
import { ROOT, portalEnv, startPortal, throwawayRedis, type PortalHandle, type RedisHandle } from "../support/stack";
import { DEMO_PASSWORD, createUser, hook, uniqueEmail, upstreamUrl } from "./helpers";

const LIMITS = {
  TRUST_PROXY: "1",
  THROTTLE_LOGIN_ACCOUNT_IP: "3/600",
  THROTTLE_LOGIN_ACCOUNT: "8/600",
  THROTTLE_LOGIN_IP_FAILURES: "10/600",
  THROTTLE_LOGIN_IP: "1000/60",
  THROTTLE_LOGIN_GLOBAL: "10000/60",
  THROTTLE_FORGOT_EMAIL: "3/600",
  THROTTLE_FORGOT_IP: "100/600",
  THROTTLE_SSO_REQUEST_EMAIL: "2/600",
  THROTTLE_SSO_REQUEST_IP: "100/600",
};
const WRONG = "Wrong-Passw0rd!";

let redis: RedisHandle;
let portalA: PortalHandle;
let portalB: PortalHandle;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  redis = await throwawayRedis();
  cleanups.push(() => redis.close());
  [portalA, portalB] = await Promise.all([
    startPortal({ env: portalEnv(upstreamUrl(), redis.url, LIMITS) }),
    startPortal({ env: portalEnv(upstreamUrl(), redis.url, LIMITS) }),
  ]);
  cleanups.push(() => portalA.close(), () => portalB.close());
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A documentation-range-like address of its own per call (10.x.y.z, random). */
const newIp = () => `10.${[...crypto.randomBytes(3)].join(".")}`;
const from = (portal: PortalHandle, ip: string) => new WebClient(portal.url, { "accept-language": "en-GB", "x-forwarded-for": ip });

async function attempt(client: WebClient, email: string, password: string) {
  const first = await client.post("/login", { email });
  if (first.res.status !== 200 || !first.body.includes('id="login-password"')) return first;
  return client.post("/login", { password });
}

/** The page says how long to wait, in words, and the answer carries Retry-After. */
function expectThrottled(r: { res: Response; body: string }, text: string) {
  expect(r.res.status).toBe(429);
  expect(messages(r.body).join(" ")).toMatch(new RegExp(`${text} Try again in \\d+ (seconds?|minutes?|hours?)\\.`));
  expect(Number(r.res.headers.get("retry-after"))).toBeGreaterThan(0);
}

describe("sign-in throttles", () => {
  test("password spraying: 40 accounts with a wrong password from one address are stopped after the per-address limit", async () => {
    const ip = newIp();
    const statuses: number[] = [];
    let last: { res: Response; body: string } | undefined;
    for (let i = 0; i < 40; i++) {
      last = await attempt(from(portalA, ip), uniqueEmail(`spray${i}`), WRONG);
      statuses.push(last.res.status);
    }
    // 10 failures pass (the limit), every later attempt is refused before reaching the upstream.
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expectThrottled(last!, "Too many attempts\\.");
    // Another address is not affected.
    expect((await attempt(from(portalA, newIp()), uniqueEmail("spray-other"), WRONG)).res.status).toBe(401);
  });

  test("a lockout of an account from one address does not keep the real user out from another", async () => {
    const email = uniqueEmail("locked");
    await createUser({ email });
    const attacker = newIp();
    for (let i = 0; i < 3; i++) expect((await attempt(from(portalA, attacker), email, WRONG)).res.status).toBe(401);
    // From the attacker's address the account is locked, at every step, even with the right password.
    expectThrottled(await attempt(from(portalA, attacker), email, WRONG), "Too many attempts\\.");
    const right = await attempt(from(portalA, attacker), email, DEMO_PASSWORD);
    expectThrottled(right, "Too many attempts\\.");
    // The real user at their own address signs in.
    const user = from(portalA, newIp());
    const r = await attempt(user, email, DEMO_PASSWORD);
    const page = await user.get("/today");
    expect(r.res.status).toBeLessThan(400);
    expect(h1(page.body)).toBe("Today");
  });

  test("a success clears the count for that account and address", async () => {
    const email = uniqueEmail("clears");
    await createUser({ email });
    const ip = newIp();
    for (let i = 0; i < 2; i++) expect((await attempt(from(portalA, ip), email, WRONG)).res.status).toBe(401);
    const ok = from(portalA, ip);
    await attempt(ok, email, DEMO_PASSWORD);
    expect(h1((await ok.get("/today")).body)).toBe("Today");
    // Without the clearing, 2 + 2 failures would lock the pair (limit 3).
    for (let i = 0; i < 2; i++) expect((await attempt(from(portalA, ip), email, WRONG)).res.status).toBe(401);
    const again = from(portalA, ip);
    await attempt(again, email, DEMO_PASSWORD);
    expect(h1((await again.get("/today")).body)).toBe("Today");
  });

  test("many addresses against one account meet the slower per-account backstop", async () => {
    const email = uniqueEmail("backstop");
    await createUser({ email });
    // 4 addresses × 2 failures = 8, the per-account limit, each address under its own limit of 3.
    for (let i = 0; i < 4; i++) {
      const ip = newIp();
      for (let j = 0; j < 2; j++) expect((await attempt(from(portalA, ip), email, WRONG)).res.status).toBe(401);
    }
    expectThrottled(await attempt(from(portalA, newIp()), email, DEMO_PASSWORD), "Too many attempts\\.");
  });

  test("a wrong one-time code counts like a wrong password (every step is throttled)", async () => {
    const email = uniqueEmail("otp");
    const secret = "JBSWY3DPEHPK3PXP";
    await createUser({ email, totp_secret: secret });
    const ip = newIp();
    const wrongCode = totp(secret) === "000000" ? "111111" : "000000";
    const client = from(portalA, ip);
    await attempt(client, email, DEMO_PASSWORD);
    for (let i = 0; i < 3; i++) expect((await client.post("/login", { oneTimePassword: wrongCode })).res.status).toBe(401);
    // The right code from the same address now waits too.
    expectThrottled(await client.post("/login", { oneTimePassword: totp(secret) }), "Too many attempts\\.");
  });

  test("two portal processes sharing one Redis share the counts", async () => {
    const email = uniqueEmail("shared");
    await createUser({ email });
    const ip = newIp();
    expect((await attempt(from(portalA, ip), email, WRONG)).res.status).toBe(401);
    expect((await attempt(from(portalB, ip), email, WRONG)).res.status).toBe(401);
    expect((await attempt(from(portalA, ip), email, WRONG)).res.status).toBe(401);
    // Three failures in all (the limit), spread over two processes: both refuse the next one.
    expectThrottled(await attempt(from(portalB, ip), email, WRONG), "Too many attempts\\.");
    expectThrottled(await attempt(from(portalA, ip), email, DEMO_PASSWORD), "Too many attempts\\.");
  });
});

describe("password reset throttle", () => {
  test("15 requests for one address send no more mails than the limit", async () => {
    const email = uniqueEmail("forgot15");
    await createUser({ email });
    const statuses: number[] = [];
    let last: { res: Response; body: string } | undefined;
    for (let i = 0; i < 15; i++) {
      // Alternate the two processes: the count is shared.
      last = await from(i % 2 ? portalB : portalA, newIp()).post("/forgot", { email });
      statuses.push(last.res.status);
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3).every((s) => s === 429)).toBe(true);
    expectThrottled(last!, "Too many password reset requests\\.");
    const mail = await hook<{ count: number }>("GET", `outbox?to=${encodeURIComponent(email)}`);
    expect(mail.count).toBe(3);
  });
});

describe("SSO access request throttle", () => {
  /** Through the upstream's identity provider; returns the callback path (on whichever portal the upstream names). */
  async function ssoCallback(portal: WebClient, email: string): Promise<string> {
    const start = await portal.post("/login", { email }, { follow: false });
    expect(start.res.status).toBe(302);
    let location = new URL(start.res.headers.get("location")!);
    const idp = new WebClient(location.origin);
    for (let i = 0; i < 10; i++) {
      if (location.pathname === "/login/sso/callback") return location.pathname + location.search;
      const { res, body } = await idp.request(location.pathname + location.search);
      if (res.status >= 300 && res.status < 400) {
        location = new URL(res.headers.get("location")!, location);
        continue;
      }
      const formAction = body.match(/<form method="post" action="([^"]+)"/)![1]!;
      const posted = await idp.request(formAction.replace(/&amp;/g, "&"), {
        method: "POST",
        body: new URLSearchParams({ email, action: "login" }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        origin: location.origin,
      });
      location = new URL(posted.res.headers.get("location")!, location);
    }
    throw new Error("the identity provider never sent the browser back");
  }

  test("access requests for one SSO sign-in are refused after the limit", async () => {
    const portal = from(portalA, newIp());
    const email = `throttle-${crypto.randomBytes(4).toString("hex")}@sso.example.com`;
    const page = await portal.get(await ssoCallback(portal, email));
    expect(page.final).toMatch(/\/login\/sso\/request-access$/);
    const clientId = page.body.match(/name="client_id"[^>]*value="([^"]+)"/)![1]!;
    const statuses: number[] = [];
    let last: { res: Response; body: string } | undefined;
    for (let i = 0; i < 5; i++) {
      last = await portal.post("/login/sso/request-access", { client_id: clientId }, { follow: false });
      statuses.push(last.res.status);
    }
    expect(statuses.slice(0, 2).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(2).every((s) => s === 429)).toBe(true);
    expectThrottled(last!, "Too many access requests\\.");
  });
});

describe("Redis down", () => {
  test("POST /login is a 503 with the translated message; POST /logout still signs out", async () => {
    const own = await throwawayRedis();
    cleanups.push(() => own.close());
    const portal = await startPortal({ env: portalEnv(upstreamUrl(), own.url, LIMITS) });
    cleanups.push(() => portal.close());
    const ip = newIp();
    const user = from(portal, ip);
    await attempt(user, "admin@example.com", DEMO_PASSWORD);
    expect(h1((await user.get("/today")).body)).toBe("Today");
    expect(user.cookies.has("gh_session")).toBe(true);

    await own.stop!();
    const login = await from(portal, ip).post("/login", { email: "admin@example.com" }, { follow: false });
    expect(login.res.status).toBe(503);
    expect(login.body).toContain("We cannot reach the session service right now.");
    const logout = await user.post("/logout", {}, { follow: false });
    expect(logout.res.status).toBe(302);
    expect(logout.res.headers.get("location")).toBe("/login");
    const cleared = logout.res.headers.getSetCookie().find((c) => c.startsWith("gh_session="));
    expect(cleared).toMatch(/^gh_session=;.*Expires=Thu, 01 Jan 1970/i);
    expect(user.cookies.has("gh_session")).toBe(false);
    await own.start!();
  });
});

describe("error pages", () => {
  test("show the translated message and the request id, never a stack or a file path", async () => {
    const client = from(portalA, newIp());
    await attempt(client, "admin@example.com", DEMO_PASSWORD);
    for (const [path, status, title] of [
      ["/no-such-page", 404, "Page not found"],
      ["/language", 400, "That request could not be used"],
    ] as const) {
      const r = path === "/language" ? await client.post(path, { locale: "xx", redirectTo: "/" }, { follow: false }) : await client.request(path);
      expect(r.res.status, path).toBe(status);
      expect(h1(r.body), path).toBe(title);
      const id = r.res.headers.get("x-request-id")!;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.body, path).toContain(`<code>${id}</code>`);
      expect(r.body, path).not.toMatch(/\bat [\w.<>]+ \(|node_modules|build\/(index|server)\.js|\.tsx?:\d+|\\"stack\\"|"stack"/);
      expect(r.body, path).not.toContain(ROOT);
    }
  });
});
