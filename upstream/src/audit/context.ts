/**
 * Who is changing things: the actor of the request being answered, carried through its async work
 * by AsyncLocalStorage, so the db layer (src/db/index.ts) can hand it to the audit triggers
 * (migration 024) without every handler passing it along. ADR 022.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { isIP } from "node:net";
import type { IncomingMessage } from "node:http";

export interface AuditActor {
  client_id: number;
  user_id: number | null;
  user_name: string;
  /** The browser's address (passed on by the portal) or the caller's. */
  address: string | null;
  /** The API call, e.g. "updateSite". */
  operation: string | null;
}

const store = new AsyncLocalStorage<AuditActor>();

/** Run `fn` with `actor` as the author of every write it makes. */
export function withAuditActor<T>(actor: AuditActor, fn: () => T): T {
  return store.run(actor, fn);
}

/** Run `fn` with no actor (work that is nobody's change: a retention sweep). */
export function withoutAuditActor<T>(fn: () => T): T {
  return store.exit(fn);
}

export function auditActor(): AuditActor | undefined {
  return store.getStore();
}

/** The setting's value: JSON without NUL characters (PostgreSQL text cannot hold them). */
export function auditSetting(actor: AuditActor): string {
  return JSON.stringify(actor).replace(/\\u0000/g, "");
}

const LOOPBACK = ["127.0.0.1", "::1", "::ffff:127.0.0.1"];

/** Strip an IPv4-mapped IPv6 prefix ("::ffff:10.0.0.1" → "10.0.0.1"). */
const plain = (a: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(a) ? a.slice(7) : a);

/**
 * The caller's address. X-Forwarded-For is believed only when the connection comes from a trusted
 * proxy (the portal; by default this machine's loopback): its last entry is the address that proxy
 * saw. Anyone else's header is ignored and their socket's address counts.
 */
export function callerAddress(req: IncomingMessage, trusted: readonly string[] = LOOPBACK): string | null {
  const peer = req.socket.remoteAddress ?? null;
  const forwarded = req.headers["x-forwarded-for"];
  if (peer && trusted.includes(peer) && typeof forwarded === "string") {
    const last = forwarded.split(",").map((s) => s.trim()).filter(Boolean).pop();
    if (last && isIP(last)) return plain(last);
  }
  return peer ? plain(peer) : null;
}
