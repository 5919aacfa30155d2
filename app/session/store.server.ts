/**
 * The key-value store behind sessions, refresh locks and per-user preferences: Redis when
 * REDIS_URL is set, an in-process map otherwise (one portal process only).
 *
 * Redis failures surface as StoreUnavailableError within ~1.5 s (no offline queue, short command
 * timeout), and ioredis reconnects on its own, so the portal recovers when Redis returns.
 */
import { Redis } from "ioredis";
import { env } from "~/env.server";

export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
}

export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  /** Several keys in one round trip (Redis MGET), in order. */
  getMany(keys: readonly string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Set only if absent; true when set. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  del(key: string): Promise<void>;
  /** Delete only if the value still matches (releasing a lock we hold). */
  delIfEquals(key: string, value: string): Promise<void>;
  ping(): Promise<void>;
  readonly kind: "redis" | "memory";
}

class MemoryStore implements KeyValueStore {
  readonly kind = "memory" as const;
  private data = new Map<string, { value: string; expires: number }>();
  private live(key: string) {
    const e = this.data.get(key);
    if (!e) return undefined;
    if (e.expires <= Date.now()) {
      this.data.delete(key);
      return undefined;
    }
    return e;
  }
  async get(key: string) {
    return this.live(key)?.value ?? null;
  }
  async getMany(keys: readonly string[]) {
    return keys.map((k) => this.live(k)?.value ?? null);
  }
  async set(key: string, value: string, ttlSeconds: number) {
    this.data.set(key, { value, expires: Date.now() + ttlSeconds * 1000 });
    if (this.data.size % 1000 === 0) this.sweep();
  }
  async setIfAbsent(key: string, value: string, ttlMs: number) {
    if (this.live(key)) return false;
    this.data.set(key, { value, expires: Date.now() + ttlMs });
    return true;
  }
  async del(key: string) {
    this.data.delete(key);
  }
  async delIfEquals(key: string, value: string) {
    if (this.live(key)?.value === value) this.data.delete(key);
  }
  async ping() {}
  private sweep() {
    const now = Date.now();
    for (const [k, e] of this.data) if (e.expires <= now) this.data.delete(k);
  }
}

const RELEASE_SCRIPT = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

class RedisStore implements KeyValueStore {
  readonly kind = "redis" as const;
  constructor(readonly redis: Redis) {}
  /** While (re)connecting, wait up to 1 s for Redis before giving up: a 503 within 2 s, never a hang. */
  private async ready() {
    if (this.redis.status === "ready") return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.redis.off("ready", onReady);
        reject(new StoreUnavailableError(`Redis is not reachable (${this.redis.status}).`));
      }, 1000);
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      this.redis.once("ready", onReady);
    });
  }
  private async run<T>(op: () => Promise<T>): Promise<T> {
    await this.ready();
    try {
      return await op();
    } catch (err) {
      throw new StoreUnavailableError(`Redis command failed: ${(err as Error).message}`);
    }
  }
  get(key: string) {
    return this.run(() => this.redis.get(key));
  }
  getMany(keys: readonly string[]) {
    return this.run(() => this.redis.mget(...keys));
  }
  async set(key: string, value: string, ttlSeconds: number) {
    await this.run(() => this.redis.set(key, value, "EX", ttlSeconds));
  }
  async setIfAbsent(key: string, value: string, ttlMs: number) {
    return (await this.run(() => this.redis.set(key, value, "PX", ttlMs, "NX"))) === "OK";
  }
  async del(key: string) {
    await this.run(() => this.redis.del(key));
  }
  async delIfEquals(key: string, value: string) {
    await this.run(() => this.redis.eval(RELEASE_SCRIPT, 1, key, value));
  }
  async ping() {
    await this.run(() => this.redis.ping());
  }
}

declare global {
  // eslint-disable-next-line no-var
  var __gatehouseStore: KeyValueStore | undefined;
}

export function store(): KeyValueStore {
  if (globalThis.__gatehouseStore) return globalThis.__gatehouseStore;
  const url = env().REDIS_URL;
  if (!url) return (globalThis.__gatehouseStore = new MemoryStore());
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1500,
    commandTimeout: 1500,
    keyPrefix: "gh:",
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  redis.on("error", (err) => {
    // ioredis keeps retrying; log once per state change, not per attempt.
    if (lastRedisError !== err.message) {
      lastRedisError = err.message;
      console.error(JSON.stringify({ level: "error", msg: "redis error", error: err.message }));
    }
  });
  redis.on("ready", () => {
    lastRedisError = undefined;
  });
  return (globalThis.__gatehouseStore = new RedisStore(redis));
}
let lastRedisError: string | undefined;

/** The ioredis client behind the store (for the throttles), or undefined for the in-process store. */
export function redisClient(): Redis | undefined {
  const s = store();
  return s instanceof RedisStore ? s.redis : undefined;
}
