/**
 * Live bookings (issue 26 item 3; ADR 036): after bookings at a site change — made, changed,
 * cancelled, released, or cancelled with a deleted space — `BookingsChangedEvent {site_id}` on the
 * site's channel (`private-Site.{id}`, the one Today and the fire list follow). It says only that
 * something changed: each page loads the bookings again through the upstream with its own rights,
 * so a subscriber of the site who may not see bookings learns nothing from it.
 */
import type { App } from "../runtime/app.ts";
import { send, siteChannel } from "../runtime/broadcast.ts";

export const BOOKINGS_CHANGED_EVENT = "BookingsChangedEvent";

export const announceBookings = (app: App, siteId: number): void => send(app, siteChannel(siteId), BOOKINGS_CHANGED_EVENT, { site_id: siteId });
