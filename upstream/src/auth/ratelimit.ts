/** In-memory sliding-window limiter: at most `limit` hits per key per `windowSeconds`. */
export class RateLimiter {
  private hits = new Map<string, number[]>();

  constructor(
    public limit: number,
    public windowSeconds: number,
    private now: () => number = Date.now,
  ) {}

  /** Record an attempt. Returns `{ ok: true }` or `{ ok: false, retryAfter }` (seconds, >= 1). */
  hit(key: string): { ok: true } | { ok: false; retryAfter: number } {
    const now = this.now();
    const windowMs = this.windowSeconds * 1000;
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < windowMs);
    if (list.length >= this.limit) {
      this.hits.set(key, list);
      const retryAfter = Math.max(1, Math.ceil((list[0] + windowMs - now) / 1000));
      return { ok: false, retryAfter };
    }
    list.push(now);
    this.hits.set(key, list);
    if (this.hits.size > 10_000) this.sweep(now);
    return { ok: true };
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  reset(): void {
    this.hits.clear();
  }

  private sweep(now: number): void {
    const windowMs = this.windowSeconds * 1000;
    for (const [key, list] of this.hits) {
      if (!list.some((t) => now - t < windowMs)) this.hits.delete(key);
    }
  }
}
