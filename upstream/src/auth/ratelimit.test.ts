import { describe, expect, it } from "vitest";
import { RateLimiter } from "./ratelimit.ts";

describe("RateLimiter", () => {
  it("allows `limit` hits per window, then tells when to retry", () => {
    let now = 1_000_000;
    const rl = new RateLimiter(3, 60, () => now);
    expect(rl.hit("a").ok).toBe(true);
    now += 10_000;
    expect(rl.hit("a").ok).toBe(true);
    expect(rl.hit("a").ok).toBe(true);
    expect(rl.hit("a")).toEqual({ ok: false, retryAfter: 50 });
    expect(rl.hit("b").ok).toBe(true); // per key
    now += 50_000; // the first hit leaves the window
    expect(rl.hit("a").ok).toBe(true);
    expect(rl.hit("a").ok).toBe(false);
  });

  it("clear() forgets a key and limits can change at runtime", () => {
    const rl = new RateLimiter(1, 60);
    rl.hit("a");
    expect(rl.hit("a").ok).toBe(false);
    rl.clear("a");
    expect(rl.hit("a").ok).toBe(true);
    rl.limit = 5;
    expect(rl.hit("a").ok).toBe(true);
  });
});
