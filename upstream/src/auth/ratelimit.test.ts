import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RateLimiter } from "./ratelimit.ts";

describe("RateLimiter", () => {
  // rate-limiter-flexible reads the clock (Date.now) itself: the test moves it.
  beforeEach(() => void vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => void vi.useRealTimers());
  const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it("allows `limit` hits per window, then tells when to retry", async () => {
    const rl = new RateLimiter(3, 60);
    expect((await rl.hit("a")).ok).toBe(true);
    advance(10_000);
    expect((await rl.hit("a")).ok).toBe(true);
    expect((await rl.hit("a")).ok).toBe(true);
    expect(await rl.hit("a")).toEqual({ ok: false, retryAfter: 50 });
    expect((await rl.hit("b")).ok).toBe(true); // per key
    advance(50_000); // the first hit leaves the window
    expect((await rl.hit("a")).ok).toBe(true);
    expect((await rl.hit("a")).ok).toBe(false);
  });

  it("clear() forgets a key and limits can change at runtime", async () => {
    const rl = new RateLimiter(1, 60);
    await rl.hit("a");
    expect((await rl.hit("a")).ok).toBe(false);
    await rl.clear("a");
    expect((await rl.hit("a")).ok).toBe(true);
    rl.limit = 5;
    expect((await rl.hit("a")).ok).toBe(true);
  });

  it("reset() forgets every key", async () => {
    const rl = new RateLimiter(1, 60);
    await rl.hit("a");
    await rl.hit("b");
    rl.reset();
    expect((await rl.hit("a")).ok).toBe(true);
    expect((await rl.hit("b")).ok).toBe(true);
  });

  it("countRefused: a refused attempt counts too, so hammering keeps the key out until it pauses a whole window", async () => {
    const rl = new RateLimiter(2, 60, { countRefused: true });
    expect((await rl.hit("a")).ok).toBe(true);
    expect((await rl.hit("a")).ok).toBe(true);
    advance(30_000);
    expect(await rl.hit("a")).toEqual({ ok: false, retryAfter: 30 });
    advance(40_000); // the first two left the window, the refused one (30 s ago) has not
    expect((await rl.hit("a")).ok).toBe(true);
    expect((await rl.hit("a")).ok).toBe(false);
    // Without countRefused the refused attempt is not counted.
    const plain = new RateLimiter(2, 60);
    await plain.hit("a");
    await plain.hit("a");
    advance(30_000);
    expect((await plain.hit("a")).ok).toBe(false);
    advance(40_000);
    expect((await plain.hit("a")).ok).toBe(true);
    expect((await plain.hit("a")).ok).toBe(true);
  });

  it("check() counts nothing; count() counts whatever the verdict (failures after the check)", async () => {
    const rl = new RateLimiter(2, 600);
    expect((await rl.check("ip")).ok).toBe(true);
    await rl.count("ip");
    advance(100_000);
    expect((await rl.check("ip")).ok).toBe(true);
    await rl.count("ip");
    expect(await rl.check("ip")).toEqual({ ok: false, retryAfter: 500 });
    advance(100_000);
    await rl.count("ip"); // a third failure, past the limit, still counts
    advance(450_000); // the first has left the window; the second and third have not
    expect(await rl.check("ip")).toEqual({ ok: false, retryAfter: 50 });
    advance(50_000);
    expect((await rl.check("ip")).ok).toBe(true);
  });

  it("two attempts at once never take the same slot", async () => {
    const rl = new RateLimiter(3, 60);
    const verdicts = await Promise.all(Array.from({ length: 5 }, () => rl.hit("a")));
    expect(verdicts.filter((v) => v.ok)).toHaveLength(3);
  });
});
