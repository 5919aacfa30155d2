/** A booking row as the contract's `Booking` (times in the site's own offset; ADR 036). */
import type { Booking, SpaceCategory } from "../../contract/index.ts";
import type { Principal } from "../clients/regional.ts";
import { isoInZone } from "../time/local-time.ts";
import type { Layout, SpacesAt } from "./site.ts";

export interface BookingRow {
  id: number;
  site_id: number;
  space_id: number;
  category: SpaceCategory;
  starts_at: Date;
  ends_at: Date;
  person_kind: "user" | "member";
  person_id: number;
  person_name: string;
  booked_by_kind: "user" | "member";
  booked_by_id: number;
  booked_by_name: string;
  status: Booking["status"];
  used_at: Date | null;
  ended_at: Date | null;
  series_id: number | null;
  note: string | null;
}

export const BOOKING_COLS = `b.id, b.site_id, b.space_id, b.category, b.starts_at, b.ends_at, b.person_kind, b.person_id, b.person_name,
  b.booked_by_kind, b.booked_by_id, b.booked_by_name, b.status, b.used_at, b.ended_at, b.series_id, b.note`;

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** The caller's own booking: made by them, or for them. */
export const isOwn = (b: Pick<BookingRow, "person_kind" | "person_id" | "booked_by_kind" | "booked_by_id">, p: Principal) =>
  (b.person_kind === "user" && b.person_id === p.m.id) || (b.booked_by_kind === "user" && b.booked_by_id === p.m.id);

/** May the caller change it (its own, or anyone's with Spaces.editor) — while it is active and not over. */
export const canChange = (b: BookingRow, p: Principal, at: SpacesAt, now = new Date()) =>
  b.status === "active" && asDate(b.ends_at).getTime() > now.getTime() && (isOwn(b, p) || at.can.edit);

export function toBooking(b: BookingRow, layout: Layout, at: SpacesAt, p: Principal): Booking {
  const zone = at.site.timezone;
  const space = layout.byId.get(b.space_id);
  return {
    id: b.id,
    site_id: b.site_id,
    space_id: b.space_id,
    space_name: space?.name ?? "",
    category: b.category,
    zone_path: space?.zone_path ?? [],
    start: isoInZone(asDate(b.starts_at), zone),
    end: isoInZone(asDate(b.ends_at), zone),
    person: { kind: b.person_kind, id: b.person_id, name: b.person_name },
    booked_by: { kind: b.booked_by_kind, id: b.booked_by_id, name: b.booked_by_name },
    status: b.status,
    used_at: b.used_at ? isoInZone(asDate(b.used_at), zone) : null,
    ended_at: b.ended_at ? isoInZone(asDate(b.ended_at), zone) : null,
    series_id: b.series_id,
    note: b.note,
    can_change: canChange(b, p, at),
  };
}
