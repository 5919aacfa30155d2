// ---------------------------------------------------------------------------------------------
// Spaces (issue 26; platform §3, §5, §7, §8, §9; groups spec §3, §6; ADR 036): a site's layout — a
// tree of zones and spaces — and its bookings. The five calls of platform §7 (`GET spaces/{siteId}`,
// the bookings' list, create, change — a POST with the method-override header — and cancel).
//
// Times are instants written in ISO 8601 with an offset; the upstream answers them in the site's
// own offset at that instant. A booking holds its space for [start, end + the site's buffer): the
// database refuses an overlap (an exclusion constraint), so two bookings of one space never meet,
// however many arrive at once (409 with platform §8's message and the nearest free alternative).
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import { Ok, type RouteDef } from "./common.ts";
import { imageUpload } from "./shared.ts";
import { ADVANCE_LIMIT_UNITS, BUFFER_UNITS, REPEAT_EVERY, SPACE_CATEGORIES, SPACES_DESIGN_MESSAGES, SPACES_LIMITS } from "./spaces-messages.ts";

export const SPACES_RIGHTS = {
  view: "Spaces.viewer",
  edit: "Spaces.editor",
  delete: "Spaces.delete",
  book: "Spaces.book",
  overrideZones: "Spaces.overrideZones",
  report: "BookingsReport.viewer",
} as const;

/** Where a space sits on its floor plan: fractions of the plan's width and height (0–1). */
export const SpacePlacement = z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) });

/** A zone (a floor, a wing) or a space (a desk, a room…) of a site's layout. */
export interface SpaceNode {
  id: number;
  type: "zone" | "space";
  name: string;
  /** A space's category; null for a zone. */
  category: (typeof SPACE_CATEGORIES)[number] | null;
  tags: string[];
  /** The ids of the zones above it, outermost first. */
  zone_path: number[];
  /** A space's place on the floor plan of its nearest zone that has one. */
  placement: z.infer<typeof SpacePlacement> | null;
  children: SpaceNode[];
}
export const SpaceNode: z.ZodType<SpaceNode> = z.object({
  id: z.number().int(),
  type: z.enum(["zone", "space"]),
  name: z.string(),
  category: z.enum(SPACE_CATEGORIES).nullable(),
  tags: z.array(z.string()),
  zone_path: z.array(z.number().int()),
  placement: SpacePlacement.nullable(),
  get children() {
    return z.array(SpaceNode);
  },
}).meta({ id: "SpaceNode" });

export const AdvanceLimit = z.object({ unit: z.enum(ADVANCE_LIMIT_UNITS), value: z.number().int().min(1).max(SPACES_LIMITS.advanceValue).nullable() });
export type AdvanceLimit = z.infer<typeof AdvanceLimit>;

/** One of the caller's live calendar feeds at a site, without its secret URL (shown once, on creation). */
export const CalendarFeedListed = z.object({ id: z.number().int(), kind: z.enum(["person", "space"]), space_id: z.number().int().nullable(), created_at: z.string() });
export type CalendarFeedListed = z.infer<typeof CalendarFeedListed>;

/** GET spaces/{siteId}: platform §3's spaces data of a site. */
export const SpacesSite = z.object({
  site_id: z.number().int(),
  timezone: z.string(),
  layout: z.array(SpaceNode),
  /** A space's photo: a file of the site (`files/{name}`, as a site's branding image). */
  photos: z.array(z.object({ space_id: z.number().int(), file: z.string() })),
  /** A zone's floor plan: a file of the site. */
  floor_plans: z.array(z.object({ zone_id: z.number().int(), file: z.string() })),
  /** The caller's live iCalendar feeds here (their own bookings; a space's): never their secret URL. */
  calendar_urls: z.array(CalendarFeedListed),
  booking_advance_limit: AdvanceLimit,
  /** Kept free after each booking of a space (platform §9: minutes or hours). */
  buffer_minutes: z.number().int(),
  /** A desk or parking space not signed in for this long after its start is released; null: never. */
  release_after_minutes: z.number().int().nullable(),
  /** What the caller may do here. */
  can: z.object({ book: z.boolean(), book_for_others: z.boolean(), view_all: z.boolean(), edit: z.boolean(), override_zones: z.boolean() }),
});
export type SpacesSite = z.infer<typeof SpacesSite>;

export const BookingPerson = z.object({ kind: z.enum(["user", "member"]), id: z.number().int(), name: z.string() });
export type BookingPerson = z.infer<typeof BookingPerson>;
export const BOOKING_STATUSES = ["active", "cancelled", "released"] as const;

export const Booking = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  space_id: z.number().int(),
  space_name: z.string(),
  category: z.enum(SPACE_CATEGORIES),
  zone_path: z.array(z.number().int()),
  start: z.string(),
  end: z.string(),
  /** Who it is for, and who made it. */
  person: BookingPerson,
  booked_by: BookingPerson,
  status: z.enum(BOOKING_STATUSES),
  /** When its person signed in at the site during it (the check-in). */
  used_at: z.string().nullable(),
  /** When it was released unused, or cancelled. */
  ended_at: z.string().nullable(),
  /** A repeating booking's series (its other days share it). */
  series_id: z.number().int().nullable(),
  note: z.string().nullable(),
  /** The caller may change or cancel it. */
  can_change: z.boolean(),
});
export type Booking = z.infer<typeof Booking>;

/** GET spaces/{siteId}/bookings. */
/** Another person's booking as a caller without Spaces.viewer sees it: the space is taken then, not by whom. */
export const BusySlot = z.object({ space_id: z.number().int(), start: z.string(), end: z.string() });
export type BusySlot = z.infer<typeof BusySlot>;

/**
 * GET spaces/{siteId}/bookings. `busy`: for a caller without Spaces.viewer, the other people's
 * active bookings of the window (space and times only), so a booker sees a desk taken instead of
 * "Free"; empty for a viewer, who has them in `bookings`.
 */
export const Bookings = z.object({ from: z.string(), to: z.string(), bookings: z.array(Booking), busy: z.array(BusySlot) });
export type Bookings = z.infer<typeof Bookings>;

const when = z.string().max(40);
/** POST spaces/{siteId}/bookings. Without `person`, the booking is the caller's own. */
export const BookingInput = z.object({
  space_id: z.number().int().positive(),
  start: when,
  end: when,
  person: z.object({ kind: z.enum(["user", "member"]), id: z.number().int().positive() }).optional(),
  note: z.string().max(SPACES_LIMITS.note).nullable().optional(),
  repeat: z.object({ every: z.enum(REPEAT_EVERY), until: z.string().max(10) }).optional(),
});
export type BookingInput = z.infer<typeof BookingInput>;

/** PATCH spaces/{siteId}/bookings/{id}: another space or time, or the note. */
export const BookingUpdate = z.object({
  space_id: z.number().int().positive().optional(),
  start: when.optional(),
  end: when.optional(),
  note: z.string().max(SPACES_LIMITS.note).nullable().optional(),
});
export type BookingUpdate = z.infer<typeof BookingUpdate>;

/** A 409's `data`: the nearest free space of the same category in the same zone for that time. */
export const SpaceAlternative = z.object({ space_id: z.number().int(), name: z.string(), zone_path: z.array(z.number().int()) });
export type SpaceAlternative = z.infer<typeof SpaceAlternative>;

/** GET spaces/{siteId}/people: who a booking may be for, found by name or email. */
export const BookablePerson = BookingPerson.extend({ detail: z.string() });
export const BookablePeople = z.object({ people: z.array(BookablePerson) });
export type BookablePeople = z.infer<typeof BookablePeople>;

/** A created series: every booking made (one unless it repeats). */
export const BookingsCreated = z.object({ bookings: z.array(Booking) });

const conflict = { "409": "This space is unavailable for the requested time period (`space_unavailable`; `data.alternative`, `data.clashes`)" };

export const spaceRoutes = {
  spacesOfSite: { method: "GET", path: "spaces/{siteId}", base: "regional", auth: "bearer", response: SpacesSite, summary: "A site's spaces: the layout (zones and spaces as a tree), photos, floor plans, calendar URLs, the advance limit and buffer (Spaces.viewer or Spaces.book; the spaces feature on)" },
  listBookings: { method: "GET", path: "spaces/{siteId}/bookings", base: "regional", auth: "bearer", response: Bookings, summary: "A site's bookings overlapping from–to (ISO 8601; at most 62 days); query space, zone, person (user:ID or member:ID), mine=1, status. Everyone's with Spaces.viewer, else the caller's own" },
  createBooking: { method: "POST", path: "spaces/{siteId}/bookings", base: "regional", auth: "bearer", body: BookingInput, response: BookingsCreated, errors: conflict, summary: "Book a space (Spaces.book; for someone else Spaces.editor), once or repeating; all or nothing" },
  updateBooking: { method: "PATCH", path: "spaces/{siteId}/bookings/{bookingId}", base: "regional", auth: "bearer", body: BookingUpdate, response: Booking, errors: conflict, summary: "Change a booking's space, times or note (its booker or person; anyone's with Spaces.editor)" },
  bookablePeople: { method: "GET", path: "spaces/{siteId}/people", base: "regional", auth: "bearer", response: BookablePeople, summary: "Who a booking here may be for (Spaces.editor): `q` (2–100 characters) matched against names and emails; the client's users who may use the site and the members of its groups whose \"book spaces\" flag is on; at most 20, by name" },
  cancelBooking: { method: "DELETE", path: "spaces/{siteId}/bookings/{bookingId}", base: "regional", auth: "bearer", response: BookingsCreated, summary: "Cancel a booking; `?following=1` cancels the rest of its series too (its booker or person; anyone's with Spaces.delete)" },
} as const satisfies Record<string, RouteDef>;

// ---------------------------------------------------------------------------------------------
// The bookings report (issue 26 item 7; platform §2 `/reports/bookings`, BookingsReport.viewer):
// one row per booking per local day it covers (a multi-day booking counts on each day), at the
// caller's sites, with how each day went — used (its person signed in), released unused, cancelled,
// or not used (yet). The export has the history export's rules: 31 days, CSV or XLSX, streamed,
// formula cells escaped.
// ---------------------------------------------------------------------------------------------
export const BOOKING_OUTCOMES = ["used", "released", "cancelled", "unused"] as const;

export const BookingsReportRow = z.object({
  day: z.string(),
  booking_id: z.number().int(),
  site_id: z.number().int(),
  site_name: z.string(),
  zone: z.string(),
  space_id: z.number().int(),
  space: z.string(),
  category: z.enum(SPACE_CATEGORIES),
  person: z.string(),
  start: z.string(),
  end: z.string(),
  outcome: z.enum(BOOKING_OUTCOMES),
});
export type BookingsReportRow = z.infer<typeof BookingsReportRow>;

export const BookingsReport = z.object({
  from: z.string(),
  to: z.string(),
  /** Booking-days of the whole range and filters, by outcome. */
  totals: z.object({ days: z.number().int(), used: z.number().int(), released: z.number().int(), cancelled: z.number().int(), unused: z.number().int() }),
  rows: z.array(BookingsReportRow),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type BookingsReport = z.infer<typeof BookingsReport>;

export const bookingsReportRoutes = {
  bookingsReport: { method: "GET", path: "reports/bookings", base: "regional", auth: "bearer", response: BookingsReport, summary: "Bookings per local day: query from, to (YYYY-MM-DD, at most 31 days), site_id, zone_id, category, person (a name), outcome, page (BookingsReport.viewer; the caller's sites)" },
  bookingsReportExport: { method: "GET", path: "reports/bookings/export", base: "regional", auth: "bearer", download: true, response: z.void(), summary: "The bookings report as CSV or XLSX (`?format=` and the report's filters), streamed; formula cells escaped" },
} as const satisfies Record<string, RouteDef>;

// ---------------------------------------------------------------------------------------------
// Calendar feeds (issue 26 item 5; platform §9; ADR 036): a secret iCalendar URL per person or per
// space that calendar apps subscribe to — `GET {regional}/calendar/{token}.ics`, no bearer (the
// token is the credential; served beside the contract's routes, as files are). Creating a feed of
// a kind (and space) again makes a new token and revokes the previous one: a reset link.
// ---------------------------------------------------------------------------------------------

/** The path of a feed below the regional base; `{token}` is 64 hexadecimal digits. */
export const CALENDAR_FEED_PATH = "calendar/{token}.ics";

/** POST spaces/{siteId}/calendar-feeds: the caller's own bookings at the site, or a space's. */
export const CalendarFeedInput = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("person") }),
  z.object({ kind: z.literal("space"), space_id: z.number().int().positive() }),
]);
export type CalendarFeedInput = z.infer<typeof CalendarFeedInput>;

/** A feed just made: its URL, shown this once. */
export const CalendarFeedCreated = CalendarFeedListed.extend({ url: z.string() });
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreated>;

export const spaceFeedRoutes = {
  createCalendarFeed: { method: "POST", path: "spaces/{siteId}/calendar-feeds", base: "regional", auth: "bearer", body: CalendarFeedInput, response: CalendarFeedCreated, summary: "A secret iCalendar feed: `person` (the caller's own bookings here; Spaces.book or Spaces.viewer) or `space` (that space's bookings; Spaces.viewer). Its URL is shown only now; creating one again revokes the previous one of the same kind and space (a reset link)" },
  revokeCalendarFeed: { method: "DELETE", path: "spaces/{siteId}/calendar-feeds/{feedId}", base: "regional", auth: "bearer", response: Ok, summary: "Revoke a calendar feed: its URL answers 404 from now on (its creator; anyone's at the site with Spaces.editor)" },
} as const satisfies Record<string, RouteDef>;

// ---------------------------------------------------------------------------------------------
// The designer (issue 26 item 4; ADR 036; Spaces.editor, deleting Spaces.delete): a site's booking
// rules, its zones and spaces (add, rename, category, tags, placement, move and reorder, delete),
// a zone's floor plan and a space's photo (multipart uploads, as a site's branding image).
// ---------------------------------------------------------------------------------------------
const D = SPACES_DESIGN_MESSAGES;

/** A node's name: trimmed, 1–100 characters, one line. */
const nodeName = z
  .string(D.nameRequired)
  .max(SPACES_LIMITS.name * 4, D.nameTooLong)
  .transform((s) => s.trim())
  .pipe(z.string().min(1, D.nameRequired).max(SPACES_LIMITS.name, D.nameTooLong).refine((s) => !/[\u0000-\u001f\u007f]/.test(s), D.nameOneLine));

/** Tags: each trimmed, 1–40 characters; at most 20 once the repeats (ignoring case) are dropped. */
const nodeTags = z
  .array(z.string().max(SPACES_LIMITS.tag * 4, D.tagTooLong).transform((s) => s.trim()).pipe(z.string().max(SPACES_LIMITS.tag, D.tagTooLong)))
  .max(SPACES_LIMITS.tags * 5, D.tooManyTags)
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((t) => t !== "" && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
  })
  .pipe(z.array(z.string()).max(SPACES_LIMITS.tags, D.tooManyTags));

const coordinate = z.number(D.placement).min(0, D.placement).max(1, D.placement);
const placement = z.object({ x: coordinate, y: coordinate }, D.placement);

/** PATCH spaces/{siteId}/settings: what is sent changes; the rest stays. */
export const SpacesSettingsInput = z.object({
  booking_advance_limit: z
    .object({ unit: z.enum(ADVANCE_LIMIT_UNITS), value: z.number().int(D.advanceValue).min(1, D.advanceValue).max(SPACES_LIMITS.advanceValue, D.advanceValue).nullable().optional() })
    .refine((a) => (a.unit === "none") === (a.value === null || a.value === undefined), { message: D.advanceValue, path: ["value"] })
    .optional(),
  /** Platform §9: minutes or hours; stored in minutes, at most 24 hours. */
  buffer: z
    .object({ value: z.number(D.buffer).int(D.buffer).min(0, D.buffer), unit: z.enum(BUFFER_UNITS) })
    .refine((b) => b.value * (b.unit === "hours" ? 60 : 1) <= SPACES_LIMITS.bufferMinutes, { message: D.buffer, path: ["value"] })
    .optional(),
  /** null: never release. */
  release_after_minutes: z.number(D.release).int(D.release).min(1, D.release).max(SPACES_LIMITS.releaseMinutes, D.release).nullable().optional(),
});
export type SpacesSettingsInput = z.infer<typeof SpacesSettingsInput>;

/** POST spaces/{siteId}/nodes: a zone, or a space with its category; added after its siblings. */
export const SpaceNodeInput = z.object({
  type: z.enum(["zone", "space"]),
  /** The zone it goes in; null: the top of the site. */
  parent_id: z.number().int().positive().nullable().default(null),
  name: nodeName,
  category: z.enum(SPACE_CATEGORIES, D.spaceCategory).nullable().optional(),
  tags: nodeTags.default([]),
  placement: placement.nullable().optional(),
});
export type SpaceNodeInput = z.infer<typeof SpaceNodeInput>;

/** PATCH spaces/{siteId}/nodes/{nodeId}: what is sent changes. `parent_id` moves it; `position` places it among its (new) siblings, from 0. */
export const SpaceNodeUpdate = z.object({
  name: nodeName.optional(),
  category: z.enum(SPACE_CATEGORIES, D.spaceCategory).optional(),
  tags: nodeTags.optional(),
  placement: placement.nullable().optional(),
  parent_id: z.number().int().positive().nullable().optional(),
  position: z.number(D.position).int(D.position).min(0, D.position).max(SPACES_LIMITS.nodes, D.position).optional(),
});
export type SpaceNodeUpdate = z.infer<typeof SpaceNodeUpdate>;

export const spaceDesignRoutes = {
  updateSpacesSettings: { method: "PATCH", path: "spaces/{siteId}/settings", base: "regional", auth: "bearer", body: SpacesSettingsInput, response: SpacesSite, summary: "A site's booking rules: the advance limit, the buffer (minutes or hours, at most 24 h) and when unused desks are released (Spaces.editor)" },
  createSpaceNode: { method: "POST", path: "spaces/{siteId}/nodes", base: "regional", auth: "bearer", body: SpaceNodeInput, response: SpaceNode, summary: "Add a zone or a space (Spaces.editor); at most 2000 per site, zones 6 deep, names unique among siblings" },
  updateSpaceNode: { method: "PATCH", path: "spaces/{siteId}/nodes/{nodeId}", base: "regional", auth: "bearer", body: SpaceNodeUpdate, response: SpaceNode, summary: "Rename a zone or space, change a space's category, tags or placement, move it under another zone or among its siblings (Spaces.editor)" },
  deleteSpaceNode: { method: "DELETE", path: "spaces/{siteId}/nodes/{nodeId}", base: "regional", auth: "bearer", response: SpacesSite, summary: "Delete a zone or space (Spaces.delete); a zone with children needs `?with_children=1`, one with active bookings `?cancel_bookings=1` (they are cancelled and their people emailed)" },
  uploadSpaceFloorPlan: { method: "POST", path: "spaces/{siteId}/nodes/{nodeId}/floor-plan", base: "regional", auth: "bearer", upload: imageUpload, response: SpacesSite, summary: "A zone's floor plan (multipart `file`: PNG, JPEG, GIF or WebP, at most 10 MB; Spaces.editor)" },
  deleteSpaceFloorPlan: { method: "DELETE", path: "spaces/{siteId}/nodes/{nodeId}/floor-plan", base: "regional", auth: "bearer", response: SpacesSite, summary: "Remove a zone's floor plan (Spaces.editor)" },
  uploadSpacePhoto: { method: "POST", path: "spaces/{siteId}/nodes/{nodeId}/photo", base: "regional", auth: "bearer", upload: imageUpload, response: SpacesSite, summary: "A space's photo (multipart `file`: PNG, JPEG, GIF or WebP, at most 10 MB; Spaces.editor)" },
  deleteSpacePhoto: { method: "DELETE", path: "spaces/{siteId}/nodes/{nodeId}/photo", base: "regional", auth: "bearer", response: SpacesSite, summary: "Remove a space's photo (Spaces.editor)" },
} as const satisfies Record<string, RouteDef>;
