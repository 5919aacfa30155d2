/**
 * The config answer (the user's rights, roles, sites and client settings) kept per session for a
 * short time (`CONFIG_CACHE_SECONDS`, 30 s by default; 0 turns it off), so that a navigation makes
 * one upstream round trip — the page's own data — instead of two in sequence (config, then data).
 *
 * The upstream stays the authority on every call: the cache only decides what the portal shows and
 * which of its own checks run first. It is dropped
 * - when any upstream call of the session answers 403 (or 401, which ends the session),
 * - after any change the portal itself makes upstream (every successful non-GET call: sites,
 *   groups, settings, and later roles and users),
 * - on a client switch or a token refresh (the entry carries the token generation it was read with),
 * - when the session ends (logout, expiry, rotation at login).
 * A change made elsewhere (another administrator edits this user's role) shows within the TTL; the
 * upstream refuses what the user may no longer do in the meantime, and that 403 drops the cache.
 *
 * Dropping writes a short tombstone rather than deleting, so a read that began before the change
 * cannot put the old answer back (the window left is the store's own round trip).
 */
import type { Config } from "@contract";
import { env } from "~/env.server";
import { store } from "./store.server";

const key = (sessionId: string) => `config:${sessionId}`;

type Entry = { generation: number; config: Config; readAt: number } | { droppedAt: number };

async function entry(sessionId: string): Promise<Entry | null> {
  try {
    const raw = await store().get(key(sessionId));
    return raw ? (JSON.parse(raw) as Entry) : null;
  } catch {
    return null; // store trouble: read from the upstream
  }
}

/** The session's config: the cached answer for this token generation, else `read()` (and keep it). */
export async function cachedConfig(sessionId: string | undefined, generation: number, read: () => Promise<Config>): Promise<Config> {
  const ttl = env().CONFIG_CACHE_SECONDS;
  if (!ttl || !sessionId) return read();
  const hit = await entry(sessionId);
  if (hit && "config" in hit && hit.generation === generation) return hit.config;
  const startedAt = Date.now();
  const config = await read();
  const now = await entry(sessionId);
  if (!(now && "droppedAt" in now && now.droppedAt >= startedAt)) {
    await store()
      .set(key(sessionId), JSON.stringify({ generation, config, readAt: startedAt } satisfies Entry), ttl)
      .catch(() => {});
  }
  return config;
}

/** Forget the session's config (a 403, a change made through the portal, the session's end). */
export async function dropConfig(sessionId: string | undefined): Promise<void> {
  const ttl = env().CONFIG_CACHE_SECONDS;
  if (!ttl || !sessionId) return;
  await store()
    .set(key(sessionId), JSON.stringify({ droppedAt: Date.now() } satisfies Entry), ttl)
    .catch(() => {});
}
