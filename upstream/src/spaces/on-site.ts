/**
 * Who holds a space at a site at one moment (ADR 036): the evacuation report's `bookings` — each
 * active booking under way then, with its space, its zone path's names and whether its person had
 * signed in (used), so the report lists the people on site by zone and the booked people who have
 * not signed in apart.
 */
import type { Queryable } from "../db/index.ts";
import { layoutOf } from "./site.ts";

export interface BookingOnSite {
  id: number;
  name: string;
  space: string;
  space_id: number;
  zone: string;
  used: boolean;
}

export async function bookingsAt(q: Queryable, siteId: number, at: Date): Promise<BookingOnSite[]> {
  const rows = await q.query<{ id: number; person_name: string; space_id: number; used_at: Date | null }>(
    `SELECT b.id, b.person_name, b.space_id, b.used_at FROM space_bookings b
      WHERE b.site_id = $1 AND b.status = 'active' AND b.starts_at <= $2::timestamptz AND b.ends_at > $2::timestamptz
      ORDER BY b.person_name, b.id`,
    [siteId, at.toISOString()],
  );
  if (!rows.length) return [];
  const layout = await layoutOf(q, siteId);
  const zoneOf = (spaceId: number) => (layout.byId.get(spaceId)?.zone_path ?? []).map((id) => layout.byId.get(id)?.name ?? "").join(" › ");
  return rows.map((b) => ({
    id: b.id,
    name: b.person_name,
    space: layout.byId.get(b.space_id)?.name ?? "",
    space_id: b.space_id,
    zone: zoneOf(b.space_id),
    used: b.used_at !== null && new Date(b.used_at).getTime() <= at.getTime(),
  }));
}
