/** The throttles' pure parts, and the environment `npm start` gives the portal. */
import path from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import { checkLogin, clientKey, consumeForgot, formatWait, recordLoginFailure, recordLoginSuccess, retryAfterSeconds } from "~/security/throttle.server";
import { trustedProxyHops } from "~/server/trust-proxy";
import { startEnvs } from "../../upstream/tools/start-env.mjs";

describe("clientKey", () => {
  test("IPv4 as is, also when mapped into IPv6", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });
  test("IPv6 by its /64, however it is written", () => {
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0db8:0001:0002:ffff:0:0:9")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("2001:db8:1:2:aaaa::1")).not.toBe(clientKey("2001:db8:1:3:aaaa::1"));
  });
  test("no address is one shared key, never an empty one", () => {
    expect(clientKey(undefined)).toBe("unknown");
    expect(clientKey("")).toBe("unknown");
  });
});

describe("formatWait", () => {
  test("rounds up to seconds, minutes or hours in the user's language", () => {
    expect(formatWait(1, "en_GB")).toBe("1 second");
    expect(formatWait(42_100, "en_GB")).toBe("43 seconds");
    expect(formatWait(4 * 60_000 + 1, "en_GB")).toBe("5 minutes");
    expect(formatWait(60_000, "en_GB")).toBe("1 minute");
    expect(formatWait(3_600_000, "en_GB")).toBe("1 hour");
    expect(formatWait(5 * 60_000, "de")).toBe("5 Minuten");
    expect(formatWait(5 * 60_000, "ru")).toBe("5 минут");
    expect(formatWait(5 * 60_000, "fr")).toBe("5 minutes");
  });
  test("Retry-After is whole seconds, at least 1", () => {
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(1001)).toBe(2);
  });
});

describe("TRUST_PROXY", () => {
  test("counts proxy hops", () => {
    expect(trustedProxyHops(undefined)).toBe(0);
    expect(trustedProxyHops("false")).toBe(0);
    expect(trustedProxyHops("0")).toBe(0);
    expect(trustedProxyHops("true")).toBe(1);
    expect(trustedProxyHops("1")).toBe(1);
    expect(trustedProxyHops("2")).toBe(2);
    expect(() => trustedProxyHops("yes")).toThrow(/TRUST_PROXY/);
  });
});

describe("npm start", () => {
  test("runs the portal with NODE_ENV=production, whatever the caller's NODE_ENV", () => {
    for (const NODE_ENV of [undefined, "development", "test"]) {
      const envs = startEnvs({ PATH: "/bin", NODE_ENV }, "/srv/gatehouse");
      expect(envs.portal.NODE_ENV).toBe("production");
      expect(envs.portal.GATEHOUSE_DEMO).toBe("1");
      expect(envs.portal.AUTH_API_URL).toBe("http://localhost:4000/api/v2");
      expect(envs.upstream.DATA_DIR).toBe(path.join("/srv/gatehouse", ".data"));
    }
  });
});

describe("the rules, on the in-process limiters (no REDIS_URL)", () => {
  beforeEach(() => {
    Object.assign(process.env, {
      THROTTLE_LOGIN_ACCOUNT_IP: "2/600",
      THROTTLE_LOGIN_ACCOUNT: "5/600",
      THROTTLE_LOGIN_IP_FAILURES: "4/600",
      THROTTLE_LOGIN_IP: "100/60",
      THROTTLE_LOGIN_GLOBAL: "6/600",
      THROTTLE_FORGOT_EMAIL: "2/600",
      THROTTLE_FORGOT_IP: "3/600",
    });
    delete process.env.REDIS_URL;
    globalThis.__gatehouseEnv = undefined;
    globalThis.__gatehouseThrottles = undefined;
    globalThis.__gatehouseStore = undefined;
  });

  test("the lockout is per account and address; a success clears it; other addresses still get in", async () => {
    const x = { ip: "198.51.100.1", email: "A@example.com" };
    await recordLoginFailure(x);
    await recordLoginFailure({ ...x, email: " a@example.com " });
    expect((await checkLogin(x)).ok).toBe(false);
    expect((await checkLogin({ ...x, ip: "198.51.100.2" })).ok).toBe(true);
    await recordLoginSuccess(x);
    expect((await checkLogin(x)).ok).toBe(true);
  });

  test("above the global failure cap, only addresses that have failed wait", async () => {
    for (let i = 0; i < 7; i++) await recordLoginFailure({ ip: `192.0.2.${i}`, email: `u${i}@example.com` });
    const failedBefore = await checkLogin({ ip: "192.0.2.1", email: "someone-else@example.com" });
    expect(failedBefore.ok).toBe(false);
    expect((await checkLogin({ ip: "192.0.2.200", email: "someone-else@example.com" })).ok).toBe(true);
  });

  test("reset requests: per address, then per client", async () => {
    const verdicts = [];
    for (let i = 0; i < 3; i++) verdicts.push((await consumeForgot({ ip: "203.0.113.9", email: "r@example.com" })).ok);
    expect(verdicts).toEqual([true, true, false]);
    // The client's own limit (3) is now used up for any address.
    expect((await consumeForgot({ ip: "203.0.113.9", email: "other@example.com" })).ok).toBe(false);
    expect((await consumeForgot({ ip: "203.0.113.10", email: "other@example.com" })).ok).toBe(true);
  });
});
