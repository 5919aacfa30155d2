/**
 * The upstream's one rate limiter (ADR 034), on rate-limiter-flexible's `RateLimiterMemory`: the
 * login's and My profile's attempts (per email, per user), visitor form and magic link submits (per
 * link, per address, across the upstream) and the client API's failed credentials (per address).
 * In this process, as every throttle of the upstream was (the client API's per-credential limit is
 * counted in the database: api-clients/credentials.ts `countCall`).
 *
 * A sliding window, as before: at most `limit` counted attempts per key in the last `windowSeconds`.
 * A key keeps its `limit` most recent attempts as `limit` slots of the store (each a record of one
 * point that expires `windowSeconds` after the attempt that took it): an attempt is refused when no
 * slot is free, and may retry when the oldest one expires. `countRefused` says whether a refused
 * attempt counts too (it takes the oldest slot again, so a caller who keeps hammering stays out).
 * Operations of one limiter run one after another, so two requests never take the same slot.
 */
import { RateLimiterMemory } from "rate-limiter-flexible";

export type Verdict = { ok: true } | { ok: false; retryAfter: number };

export interface RateLimiterOptions {
  /** The store's key prefix (one per limiter). */
  name?: string;
  /** A refused attempt counts too (default: only the attempts let through). */
  countRefused?: boolean;
}

export class RateLimiter {
  private store: RateLimiterMemory;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly name: string;
  private readonly countRefused: boolean;

  /** At most `limit` attempts per key per `windowSeconds`; both may change at run time (test hooks). */
  constructor(
    public limit: number,
    public windowSeconds: number,
    opts: RateLimiterOptions = {},
  ) {
    this.name = opts.name ?? "limit";
    this.countRefused = opts.countRefused ?? false;
    this.store = this.newStore();
  }

  /** Record an attempt. Returns `{ ok: true }` or `{ ok: false, retryAfter }` (seconds, >= 1). */
  hit(key: string): Promise<Verdict> {
    return this.serial(async () => {
      const slots = await this.slots(key);
      if (slots.free !== null || this.countRefused) await this.take(key, slots.free ?? slots.oldest);
      return this.verdict(slots);
    });
  }

  /** Whether an attempt would be let through now (nothing is counted). */
  check(key: string): Promise<Verdict> {
    return this.serial(async () => this.verdict(await this.slots(key)));
  }

  /** Count an attempt whatever the verdict (a failure after the check: the client API's credentials). */
  count(key: string): Promise<void> {
    return this.serial(async () => {
      const slots = await this.slots(key);
      await this.take(key, slots.free ?? slots.oldest);
    });
  }

  /** Forget a key's attempts (a successful login). */
  clear(key: string): Promise<void> {
    return this.serial(async () => {
      for (let i = 0; i < this.limit; i++) await this.store.delete(this.slot(key, i));
    });
  }

  /** Forget every key (the test hook `rate-limit/reset`). */
  reset(): void {
    this.store = this.newStore();
  }

  private newStore(): RateLimiterMemory {
    return new RateLimiterMemory({ keyPrefix: `upstream:${this.name}`, points: 1, duration: this.windowSeconds });
  }

  private slot(key: string, i: number): string {
    return `${key}#${i}`;
  }

  /** The first free slot (null when none), else the one that frees first and in how long (ms). */
  private async slots(key: string): Promise<{ free: number | null; oldest: number; msBeforeNext: number }> {
    let oldest = 0;
    let msBeforeNext = Infinity;
    for (let i = 0; i < this.limit; i++) {
      const res = await this.store.get(this.slot(key, i));
      const ms = res ? res.msBeforeNext : 0;
      if (ms <= 0) return { free: i, oldest: i, msBeforeNext: 0 };
      if (ms < msBeforeNext) (msBeforeNext = ms), (oldest = i);
    }
    return { free: null, oldest, msBeforeNext: Number.isFinite(msBeforeNext) ? msBeforeNext : this.windowSeconds * 1000 };
  }

  private async take(key: string, i: number): Promise<void> {
    if (this.limit > 0) await this.store.set(this.slot(key, i), 1, this.windowSeconds);
  }

  private verdict(slots: { free: number | null; msBeforeNext: number }): Verdict {
    if (slots.free !== null) return { ok: true };
    return { ok: false, retryAfter: Math.max(1, Math.ceil(slots.msBeforeNext / 1000)) };
  }

  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
