/**
 * Spaces' plain values (issue 26; ADR 036), without zod: the seven categories (platform §3), the
 * advance limit's units and the buffer's (platform §9), the limits and the words of every refusal.
 * ./index re-exports them; the portal's forms import them (ADR 010, as ./today-messages).
 */
import type { Catalogue } from "./catalogue.ts";
import { SPACE_KEYS } from "./message-keys.ts";

/** Platform §3, in the spec's order. */
export const SPACE_CATEGORIES = ["desk", "meeting-room", "conference-room", "office", "breakout-area", "parking-space", "other"] as const;
export type SpaceCategory = (typeof SPACE_CATEGORIES)[number];
/** The categories a person uses alone, released when not signed in for (platform §9's check-in, ★). */
export const RELEASABLE_CATEGORIES: readonly SpaceCategory[] = ["desk", "parking-space"];

/** Platform §9: the booking advance limit is none, or a number of weeks, months or years. */
export const ADVANCE_LIMIT_UNITS = ["none", "weeks", "months", "years"] as const;
export type AdvanceLimitUnit = (typeof ADVANCE_LIMIT_UNITS)[number];
/** Platform §9: a buffer in minutes or hours (stored in minutes). */
export const BUFFER_UNITS = ["minutes", "hours"] as const;

/** Recurring bookings: every day (Monday to Friday) or every week, until a date. */
export const REPEAT_EVERY = ["weekday", "week"] as const;
export type RepeatEvery = (typeof REPEAT_EVERY)[number];

export const SPACES_LIMITS = {
  name: 100,
  tag: 40,
  tags: 20,
  /** Nodes (zones and spaces) on one site. */
  nodes: 2000,
  /** Nesting of zones (a floor, a wing, a bay…). */
  depth: 6,
  note: 500,
  /** One booking lasts at most this many days (a multi-day booking is counted on each day). */
  days: 31,
  /** A series makes at most this many bookings. */
  occurrences: 200,
  /** A range asked of the bookings list. */
  listDays: 62,
  advanceValue: 99,
  bufferMinutes: 24 * 60,
  releaseMinutes: 24 * 60,
} as const;

export const SPACES_MESSAGES = {
  /** Platform §8, word for word. */
  unavailable: "This space is unavailable for the requested time period",
  notEnabled: "Spaces is not enabled for your organisation.",
  siteNotEnabled: "Spaces is not enabled at this site.",
  unauthorised: "You are not authorised to view spaces.",
  cannotBook: "You are not authorised to book spaces.",
  cannotBookForOthers: "You are not authorised to book spaces for other people.",
  cannotChangeOthers: "You can only change or cancel your own bookings.",
  cannotEdit: "You are not authorised to design spaces.",
  startPast: "The start must be after the current time",
  endBeforeStart: "The end must be after the start",
  tooLong: "A booking lasts at most 31 days",
  /** The limit itself is the site's `booking_advance_limit`, which the portal shows beside the form. */
  advanceLimit: "This site does not take bookings that far ahead",
  notASpace: "Choose a space of this site",
  zoneNotPermitted: "This space is outside the zones this person may book",
  personBusy: "This person already has a booking of this kind at that time",
  personUnknown: "Choose a person of this organisation who may book spaces",
  memberCannotBook: "This member may not book spaces",
  peopleQuery: "Type at least 2 characters of a name or email",
  repeatUntil: "The repeat must end after the first booking, within a year",
  tooManyOccurrences: "A repeating booking makes at most 200 bookings",
  ended: "This booking has ended and cannot be changed",
  notActive: "This booking was cancelled or released",
  bookingGone: "This booking no longer exists",
  range: "Choose a range of at most 62 days",
  time: "Enter a date and time with its offset, for example 2026-12-01T09:00:00+00:00",
  status: "Choose active, cancelled, released or all",
  reportUnauthorised: "You are not authorised to view the bookings report.",
  reportZone: "Choose a zone of the chosen site",
  category: "Choose one of the categories",
  outcome: "Choose used, released, cancelled or not used",
} as const;

/** Calendar feeds (issue 26 item 5; ADR 036). */
export const SPACE_FEED_MESSAGES = {
  feedNeedsViewer: "You are not authorised to subscribe to everyone's bookings of a space.",
  feedGone: "This calendar feed no longer exists",
  feedRevoked: "The calendar feed was revoked",
} as const;

/** The designer (issue 26 item 4; ADR 036): a site's booking rules, zones and spaces, floor plans and photos. */
export const SPACES_DESIGN_MESSAGES = {
  cannotDelete: "You are not authorised to delete zones or spaces.",
  advanceValue: "Enter a number of weeks, months or years from 1 to 99, or choose no limit",
  buffer: "The buffer must be a whole number of minutes or hours, at most 24 hours",
  release: "Release unused bookings after 1 to 1440 minutes, or never",
  nameRequired: "Enter a name",
  nameTooLong: "The name must be at most 100 characters",
  nameOneLine: "The name must be one line of text",
  nameTaken: "Another zone or space here has this name",
  tagTooLong: "A tag must be at most 40 characters",
  tooManyTags: "A space has at most 20 tags",
  spaceCategory: "Choose a category for the space",
  zoneCategory: "A zone has no category",
  zonePlacement: "Only a space is placed on a floor plan",
  placement: "Place it with x and y from 0 to 1 (fractions of the floor plan)",
  parent: "Choose a zone of this site",
  intoItself: "A zone cannot be moved into itself or a zone inside it",
  tooDeep: "Zones nest at most 6 deep",
  tooMany: "A site has at most 2000 zones and spaces",
  position: "Choose a position from 0",
  nodeGone: "This zone or space no longer exists",
  hasChildren: "This zone still holds zones or spaces: delete them first, or delete it with everything in it",
  /** `{{count}}`: how many active bookings that have not ended (the 422 also has code `space_has_bookings` and `data.bookings`). */
  hasBookings: "This has active bookings that have not ended ({{count}}): cancel them first, or delete it and cancel them",
  floorPlanZone: "Only a zone has a floor plan",
  photoSpace: "Only a space has a photo",
} as const;

/** The refusal of a delete that would drop bookings, with their number. */
export const hasBookingsMessage = (count: number) => SPACES_DESIGN_MESSAGES.hasBookings.replace("{{count}}", String(count));

/** Spaces (ADR 036): the catalogue (ADR 035). */
export const SPACES_CATALOGUE: Catalogue = {
  tables: [
    { branch: SPACE_KEYS, messages: SPACES_MESSAGES },
    { branch: SPACE_KEYS, messages: SPACE_FEED_MESSAGES },
    // "The name must be at most 100 characters" is the safety check's words too: its catalogue translates them.
    { branch: SPACE_KEYS, messages: SPACES_DESIGN_MESSAGES, except: ["nameTooLong"] },
  ],
};
