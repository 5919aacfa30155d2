/**
 * Spaces (issue 26; ADR 036).
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { bookingsReportRoutes, spaceDesignRoutes, spaceFeedRoutes, spaceRoutes, SpacesSite } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import type { App } from "../runtime/app.ts";
import type { Principal } from "../clients/regional.ts";
import { cancelBooking, createBooking, listBookings, updateBooking } from "./bookings.ts";
import { createFeed, liveFeeds, revokeFeed } from "./feeds.ts";
import { createNode, deleteNode, updateNode, updateSettings } from "./design.ts";
import { setNodeFile } from "./design-files.ts";
import { layoutOf, spacesAt } from "./site.ts";
import { bookingsReport, exportBookingsReport } from "./report.ts";
import { bookablePeople } from "./people.ts";

async function spacesOfSite(app: App, p: Principal, siteIdParam: string): Promise<SpacesSite> {
  const at = await spacesAt(app.db, p, siteIdParam);
  const layout = await layoutOf(app.db, at.site.id);
  const nodes = [...layout.byId.values()];
  return {
    site_id: at.site.id,
    timezone: at.site.timezone,
    layout: layout.tree,
    photos: nodes.flatMap((n) => (n.type === "space" && n.photo ? [{ space_id: n.id, file: n.photo }] : [])),
    floor_plans: nodes.flatMap((n) => (n.type === "zone" && n.floor_plan ? [{ zone_id: n.id, file: n.floor_plan }] : [])),
    // The caller's live calendar feeds here, without their secret (shown once, on creation).
    calendar_urls: await liveFeeds(app.db, p, at),
    booking_advance_limit: at.rules.advance,
    buffer_minutes: at.rules.bufferMinutes,
    release_after_minutes: at.rules.releaseAfterMinutes,
    can: { book: at.can.book, book_for_others: at.can.book_for_others, view_all: at.can.view_all, edit: at.can.edit, override_zones: at.can.override_zones },
  };
}

export const spaceHandlers = {
  spacesOfSite: ({ app, principal, ctx }) => spacesOfSite(app, principal, ctx.params.siteId!),
  listBookings: ({ app, principal, ctx }) => listBookings(app, principal, ctx.params.siteId!, ctx.url),
  createBooking: ({ app, principal, ctx, body }) => createBooking(app, principal, ctx.params.siteId!, body),
  updateBooking: ({ app, principal, ctx, body }) => updateBooking(app, principal, ctx.params.siteId!, ctx.params.bookingId!, body),
  bookablePeople: async ({ app, principal, ctx }) => bookablePeople(app.db, await spacesAt(app.db, principal, ctx.params.siteId!), ctx.url.searchParams.get("q")),
  cancelBooking: ({ app, principal, ctx }) => cancelBooking(app, principal, ctx.params.siteId!, ctx.params.bookingId!, ctx.url),
  bookingsReport: ({ app, principal, ctx }) => bookingsReport(app, principal, ctx.url),
  bookingsReportExport: ({ app, principal, ctx }) => exportBookingsReport(app, principal, ctx),
  createCalendarFeed: ({ app, principal, ctx, body }) => createFeed(app, principal, ctx.params.siteId!, body),
  revokeCalendarFeed: ({ app, principal, ctx }) => revokeFeed(app, principal, ctx.params.siteId!, ctx.params.feedId!),
  // The designer (./design.ts, ./design-files.ts): a change answers the site's spaces as GET spaces/{siteId} would.
  updateSpacesSettings: async ({ app, principal, ctx, body }) => (await updateSettings(app, principal, ctx.params.siteId!, body), spacesOfSite(app, principal, ctx.params.siteId!)),
  createSpaceNode: ({ app, principal, ctx, body }) => createNode(app, principal, ctx.params.siteId!, body),
  updateSpaceNode: ({ app, principal, ctx, body }) => updateNode(app, principal, ctx.params.siteId!, ctx.params.nodeId!, body),
  deleteSpaceNode: async ({ app, principal, ctx }) => (await deleteNode(app, principal, ctx.params.siteId!, ctx.params.nodeId!, ctx.url), spacesOfSite(app, principal, ctx.params.siteId!)),
  uploadSpaceFloorPlan: async ({ app, principal, ctx, body }) => (await setNodeFile(app, principal, ctx.params.siteId!, ctx.params.nodeId!, "floor_plan", body), spacesOfSite(app, principal, ctx.params.siteId!)),
  deleteSpaceFloorPlan: async ({ app, principal, ctx }) => (await setNodeFile(app, principal, ctx.params.siteId!, ctx.params.nodeId!, "floor_plan", null), spacesOfSite(app, principal, ctx.params.siteId!)),
  uploadSpacePhoto: async ({ app, principal, ctx, body }) => (await setNodeFile(app, principal, ctx.params.siteId!, ctx.params.nodeId!, "photo", body), spacesOfSite(app, principal, ctx.params.siteId!)),
  deleteSpacePhoto: async ({ app, principal, ctx }) => (await setNodeFile(app, principal, ctx.params.siteId!, ctx.params.nodeId!, "photo", null), spacesOfSite(app, principal, ctx.params.siteId!)),
} satisfies Handlers<keyof typeof spaceRoutes | keyof typeof bookingsReportRoutes | keyof typeof spaceFeedRoutes | keyof typeof spaceDesignRoutes>;
