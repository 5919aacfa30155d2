/**
 * Streams that live as long as a session (the SSE relay's): registered by the realtime route,
 * ended here when the session ends. Only the session module ends them (`destroySession`, and
 * `clearSessionCookie` when the store is down), so logout and every other way a session is
 * destroyed close its streams, and session/ needs nothing from realtime/: the dependency points
 * one way (realtime → session). Other processes' streams notice at their next heartbeat.
 */

declare global {
  // eslint-disable-next-line no-var
  var __gatehouseStreams: Map<string, Set<() => void>> | undefined;
}
const streams = (globalThis.__gatehouseStreams ??= new Map());

/** Call `end` when the session `sessionId` ends. Returns the function that forgets it. */
export function registerSessionStream(sessionId: string, end: () => void): () => void {
  let set = streams.get(sessionId);
  if (!set) streams.set(sessionId, (set = new Set()));
  set.add(end);
  return () => {
    set!.delete(end);
    if (set!.size === 0) streams.delete(sessionId);
  };
}

/** End every stream of this session (in this process). */
export function endSessionStreams(sessionId: string) {
  for (const end of [...(streams.get(sessionId) ?? [])]) end();
}
