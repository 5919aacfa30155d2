/**
 * The member editor's permitted zones (issue 26 item 8; ADR 036): the zones of the member's spaces
 * sites as the upstream lists them (depth first, each with its depth and path) made a tree for the
 * nested list of checkboxes, and the stored entries read as zones — ids, or names as older data
 * wrote them.
 */
import type { MemberDetail } from "@contract";

type ZoneChoice = MemberDetail["spaces"]["sites"][number]["zones"][number];
export type ZoneNode = ZoneChoice & { children: ZoneNode[] };

/** A site's zones (depth first, each with its depth) as a tree. */
export function zoneTree(zones: ZoneChoice[]): ZoneNode[] {
  const roots: ZoneNode[] = [];
  const open: ZoneNode[] = [];
  for (const z of zones) {
    const node = { ...z, children: [] };
    open.length = z.depth;
    (z.depth === 0 ? roots : (open[z.depth - 1]?.children ?? roots)).push(node);
    open[z.depth] = node;
  }
  return roots;
}

/**
 * The zones the stored entries name: ids as they are; an older entry naming a zone (any site's zone
 * of that name, as the upstream reads it) as that zone's id; the entries that name no zone apart.
 */
export function storedZones(stored: string[], sites: MemberDetail["spaces"]["sites"]): { ids: Set<string>; unknown: string[] } {
  const zones = sites.flatMap((s) => s.zones);
  const ids = new Set<string>();
  const unknown: string[] = [];
  for (const entry of stored) {
    const byId = zones.find((z) => String(z.id) === entry.trim());
    const byName = byId ? [byId] : zones.filter((z) => z.name.toLowerCase() === entry.trim().toLowerCase());
    if (byName.length) byName.forEach((z) => ids.add(String(z.id)));
    else unknown.push(entry);
  }
  return { ids, unknown };
}

