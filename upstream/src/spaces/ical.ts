/**
 * A calendar feed's body (issue 26 item 5; platform §9; ADR 036): bookings as iCalendar events, built
 * with ical-generator. Each event keeps a stable UID (`booking-<id>@<host>`) so a subscriber updates
 * it in place; its start and end are the site's wall-clock time with TZID = the site's zone and that
 * zone's VTIMEZONE block (timezones-ical-library), so a weekly 09:00 stays 09:00 across a clock
 * change in every calendar app. A cancelled or released booking is sent as STATUS:CANCELLED for a
 * while, so subscribers drop it. Calendars are asked to refresh every 15 minutes, no more often.
 */
import ical, { ICalEventStatus } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import type { SpaceCategory } from "../../contract/index.ts";
import { dateInZone } from "../time/local-time.ts";
import type { Layout } from "./site.ts";

/** Platform §9: a calendar refreshes at most every 15 minutes. */
export const FEED_REFRESH_SECONDS = 15 * 60;

const CATEGORY_WORDS: Record<SpaceCategory, string> = {
  desk: "Desk",
  "meeting-room": "Meeting room",
  "conference-room": "Conference room",
  office: "Office",
  "breakout-area": "Breakout area",
  "parking-space": "Parking space",
  other: "Space",
};

export interface FeedBooking {
  id: number;
  space_id: number;
  category: SpaceCategory;
  starts_at: Date;
  ends_at: Date;
  person_name: string;
  status: "active" | "cancelled" | "released";
  note: string | null;
  created_at: Date;
  ended_at: Date | null;
}

export interface FeedCalendar {
  /** The calendar's name, as a subscriber shows it. */
  name: string;
  site: { name: string; timezone: string };
  layout: Layout;
  /** The host in each event's UID (the upstream's public host). */
  host: string;
  /** Name the booking's person in each event's description (the feed's creator may see everyone's bookings). */
  names: boolean;
  bookings: FeedBooking[];
}

/** The zone's VTIMEZONE block, or null for a zone the library does not know (times are then written in UTC). */
function vtimezone(zone: string): string | null {
  try {
    const block = tzlib_get_ical_block(zone);
    return Array.isArray(block) && typeof block[0] === "string" && block[0].startsWith("BEGIN:VTIMEZONE") ? block[0] : null;
  } catch {
    return null;
  }
}

/** The iCalendar text of a feed. */
export function feedCalendar(f: FeedCalendar): string {
  const zone = f.site.timezone;
  const block = vtimezone(zone);
  // The calendar names no zone of its own (its DTSTAMPs stay UTC); each event's zone gets its
  // VTIMEZONE block from the generator.
  const cal = ical({
    name: f.name,
    prodId: { company: "Gatehouse", product: "Spaces", language: "EN" },
    ttl: FEED_REFRESH_SECONDS,
    timezone: { name: null, generator: (tz) => (tz === zone ? block : null) },
  });
  if (block) cal.x([["X-WR-TIMEZONE", zone]]);
  const at = (d: Date) => (block ? dateInZone(d, zone) : d);
  for (const b of f.bookings) {
    const space = f.layout.byId.get(b.space_id);
    const path = (space?.zone_path ?? []).map((id) => f.layout.byId.get(id)?.name).filter((n): n is string => !!n);
    const description = [f.names ? `Booked for ${b.person_name}` : null, b.note].filter((x): x is string => !!x).join("\n");
    cal.createEvent({
      id: `booking-${b.id}@${f.host}`,
      timezone: block ? zone : null,
      start: at(new Date(b.starts_at)),
      end: at(new Date(b.ends_at)),
      stamp: new Date(b.ended_at ?? b.created_at),
      summary: `${CATEGORY_WORDS[b.category]} ${space?.name ?? ""}`.trim(),
      location: [f.site.name, ...path].join(", "),
      description: description || null,
      status: b.status === "active" ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
      // A cancellation is a newer version of the event: its sequence outranks the booking's.
      sequence: b.status === "active" ? 0 : 1,
    });
  }
  return cal.toString();
}
