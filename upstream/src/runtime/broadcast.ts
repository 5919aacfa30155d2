/**
 * Realtime events from the upstream's areas (Today, evacuations, spaces): a site's channel by name,
 * and one send that never fails the call that caused it — sent after the commit; a realtime failure
 * is logged, not thrown.
 */
import type { App } from "./app.ts";

/** The channel of a site: who is on site, evacuations, bookings (the portal's pages follow it). */
export const siteChannel = (siteId: number) => `private-Site.${siteId}`;

/** Send an event after the commit; a realtime failure never fails the call. */
export function send(app: App, channel: string, event: string, data: unknown): void {
  try {
    app.realtime.broadcast(channel, event, data);
  } catch (err) {
    app.log({ level: "error", msg: "broadcast failed", channel, event, error: String(err) });
  }
}
