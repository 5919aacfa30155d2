/**
 * The config answer (the user's rights, roles, sites and client settings) kept per session for a
 * short time (`CONFIG_CACHE_SECONDS`, 30 s by default; 0 turns it off), so that a navigation makes
 * one upstream round trip — the page's own data — instead of two in sequence (config, then data).
 *
 * The upstream stays the authority on every call: the cache only decides what the portal shows and
 * which of its own checks run first. It is dropped
 * - when any upstream call of the session answers 403 (or 401, which ends the session),
 * - after any change the portal itself makes upstream (every successful non-GET call: sites,
 *   groups, settings, roles and users),
 * - on a client switch or a token refresh (the entry carries the token generation it was read with),
 * - when the session ends (logout, expiry, rotation at login).
 * - after any change the portal makes upstream for ANY session of the same client (another
 *   administrator edits this user's role, a site, a setting): each change moves the client's epoch
 *   (`config-epoch:<client>`), and an entry read under another epoch is not used. The epoch is read
 *   with the entry (one MGET), so a navigation makes no extra round trip for it (ADR 021).
 * A change made outside the portal (the API, another portal) shows within the TTL; the upstream
 * refuses what the user may no longer do in the meantime, and that 403 drops the cache.
 *
 * Dropping writes a short tombstone rather than deleting, so a read that began before the change
 * cannot put the old answer back (the window left is the store's own round trip).
 */
import type { Config } from "@contract";
import { env } from "~/env.server";
import { store } from "./store.server";

const key = (sessionId: string) => `config:${sessionId}`;
const epochKey = (client: string) => `config-epoch:${client}`;

/** `epoch`: the client's epoch when the answer was read (null: none set). */
type Entry = { generation: number; config: Config; readAt: number; epoch: string | null } | { droppedAt: number };

/** The session's entry and the client's epoch, in one round trip. */
async function entryAndEpoch(sessionId: string, client: string): Promise<[Entry | null, string | null] | null> {
  try {
    const [raw, epoch] = await store().getMany([key(sessionId), epochKey(client)]);
    return [raw ? (JSON.parse(raw) as Entry) : null, epoch ?? null];
  } catch {
    return null; // store trouble: read from the upstream
  }
}

/**
 * The session's config: the cached answer for this token generation and the client's current
 * epoch, else `read()` (and keep it, under the epoch seen before reading: a change made meanwhile
 * moves the epoch, so that answer is never used).
 */
export async function cachedConfig(sessionId: string | undefined, client: string, generation: number, read: () => Promise<Config>): Promise<Config> {
  const ttl = env().CONFIG_CACHE_SECONDS;
  if (!ttl || !sessionId) return read();
  const before = await entryAndEpoch(sessionId, client);
  const [hit, epoch] = before ?? [null, null];
  if (hit && "config" in hit && hit.generation === generation && hit.epoch === epoch) return hit.config;
  const startedAt = Date.now();
  const config = await read();
  // Kept unless the session dropped it or the client's epoch moved while we read.
  const now = before && (await entryAndEpoch(sessionId, client));
  const entryNow = now?.[0];
  const dropped = !!entryNow && "droppedAt" in entryNow && entryNow.droppedAt >= startedAt;
  if (now && !dropped && now[1] === epoch) {
    await store()
      .set(key(sessionId), JSON.stringify({ generation, config, readAt: startedAt, epoch } satisfies Entry), ttl)
      .catch(() => {});
  }
  return config;
}

/**
 * Every session of this client reads its config afresh on its next page (a change made through
 * the portal: a role's rights, a site, a setting). The epoch outlives every entry read before it.
 */
export async function dropClientConfigs(client: string): Promise<void> {
  const ttl = env().CONFIG_CACHE_SECONDS;
  if (!ttl) return;
  await store()
    .set(epochKey(client), `${Date.now()}.${Math.random().toString(36).slice(2)}`, ttl * 2)
    .catch(() => {});
}

/** Forget the session's config (a 403, a change made through the portal, the session's end). */
export async function dropConfig(sessionId: string | undefined): Promise<void> {
  const ttl = env().CONFIG_CACHE_SECONDS;
  if (!ttl || !sessionId) return;
  await store()
    .set(key(sessionId), JSON.stringify({ droppedAt: Date.now() } satisfies Entry), ttl)
    .catch(() => {});
}
