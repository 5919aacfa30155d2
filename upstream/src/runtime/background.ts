/**
 * Work the upstream does after answering (a Slack message after a sign-in commits): started without
 * being awaited, so it never slows or fails the call that caused it; its failures are logged (each
 * task records what it must itself), and the server waits for what is still running before it
 * closes the database. It runs as nobody's change: the audit log does not record it as the user's
 * whose call started it (ADR 022).
 */
import type { App } from "./app.ts";
import { withoutAuditActor } from "../audit/context.ts";

const running = new WeakMap<App, Set<Promise<void>>>();

export function inBackground(app: App, what: string, task: () => Promise<void>): void {
  let set = running.get(app);
  if (!set) running.set(app, (set = new Set()));
  const p: Promise<void> = withoutAuditActor(() => Promise.resolve().then(task))
    .catch((err: unknown) => app.log({ level: "warn", msg: `${what} failed`, error: err instanceof Error ? err.message : String(err) }))
    .finally(() => set.delete(p));
  set.add(p);
}

/** Wait for the background work started so far (the tests, and the server before it closes). */
export async function settleBackground(app: App): Promise<void> {
  const set = running.get(app);
  while (set && set.size > 0) await Promise.allSettled([...set]);
}

/**
 * Scheduled work (the data retention sweep): `task` in the background every `everyMs`, the first
 * run after `firstMs`; timers never keep the process alive. Returns the stop (the server calls it
 * before it settles the background work and closes).
 */
export function schedule(app: App, what: string, everyMs: number, task: () => Promise<void>, firstMs = everyMs): () => void {
  const run = () => inBackground(app, what, task);
  const first = setTimeout(run, firstMs);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
