/**
 * The nearest free space (research ★; ADR 036): when a space is taken, the answer names a free space
 * of the same category for the same times — in the same zone first (the closest on the floor plan
 * when both are placed, else the next in the zone's order), then in the zone above, and so on —
 * that the person may be booked on. The portal offers it in one click.
 */
import type { SpaceAlternative } from "../../contract/index.ts";
import type { Queryable } from "../db/index.ts";
import { zonePermitted, type Person } from "./people.ts";
import type { Layout, NodeRow } from "./site.ts";

type Node = NodeRow & { zone_path: number[] };

/** Spaces of the site with an active booking holding any of `ranges` (each already with the buffer). */
export async function takenSpaces(q: Queryable, siteId: number, ranges: { start: Date; end: Date }[], exceptBooking: number | null = null): Promise<Set<number>> {
  const rows = await q.query<{ space_id: number }>(
    `SELECT DISTINCT b.space_id FROM space_bookings b
      WHERE b.site_id = $1 AND b.status = 'active' AND ($4::int IS NULL OR b.id <> $4)
        AND EXISTS (SELECT 1 FROM unnest($2::timestamptz[], $3::timestamptz[]) r(s, e) WHERE b.held && tstzrange(r.s, r.e, '[)'))`,
    [siteId, ranges.map((r) => r.start.toISOString()), ranges.map((r) => r.end.toISOString()), exceptBooking],
  );
  return new Set(rows.map((r) => r.space_id));
}

/** How far `b` is from `a`: zones up to their common zone first, then distance within it. */
function distance(a: Node, b: Node): [number, number] {
  let common = 0;
  while (common < a.zone_path.length && a.zone_path[common] === b.zone_path[common]) common++;
  const up = a.zone_path.length - common;
  const near = a.x !== null && a.y !== null && b.x !== null && b.y !== null ? Math.hypot(a.x - b.x, a.y - b.y) : 10 + Math.abs(a.position - b.position);
  return [up, near];
}

export async function nearestFree(q: Queryable, siteId: number, layout: Layout, spaceId: number, ranges: { start: Date; end: Date }[], person: Person, override: boolean, exceptBooking: number | null = null): Promise<SpaceAlternative | null> {
  const asked = layout.byId.get(spaceId);
  if (!asked) return null;
  const taken = await takenSpaces(q, siteId, ranges, exceptBooking);
  const name = (id: number) => layout.byId.get(id)?.name;
  const candidates = [...layout.byId.values()]
    .filter((n) => n.type === "space" && n.id !== spaceId && n.category === asked.category && !taken.has(n.id) && zonePermitted(person, n, name, override))
    .map((n) => ({ n, d: distance(asked, n) }))
    .sort((x, y) => x.d[0] - y.d[0] || x.d[1] - y.d[1] || x.n.id - y.n.id);
  const best = candidates[0]?.n;
  return best ? { space_id: best.id, name: best.name, zone_path: best.zone_path } : null;
}
