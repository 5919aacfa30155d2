/**
 * A member's permitted zones (the member editor's spaces tab; issue 26 item 8; ADR 036): the zones
 * they may be booked in, stored as before in `members.spaces.zones` — strings, now always zone ids
 * (older data may hold zone names, which `spaces/people.ts` still reads). The choices are the zone
 * trees of the spaces sites the member may use (their sites, or every site of the client when they
 * have none set); a save names only such zones, else 422 on `spaces.zones.{i}`.
 */
import { MEMBER_EDITOR_MESSAGES } from "../../contract/index.ts";
import type { Queryable } from "../db/index.ts";
import { validation } from "../http/errors.ts";

export interface ZoneChoice {
  id: number;
  name: string;
  /** The zone's names from the top of its site, "Floor 1 › North wing". */
  path: string;
  depth: number;
}
export interface SiteZones {
  site_id: number;
  site_name: string;
  zones: ZoneChoice[];
}

/** Every zone of the spaces sites the member may use, each site's tree depth first in the designer's order. */
export async function zoneChoices(q: Queryable, clientId: number, siteIds: number[] | null): Promise<SiteZones[]> {
  const rows = await q.query<{ id: number; site_id: number; site_name: string; parent_id: number | null; name: string }>(
    `SELECT n.id, n.site_id, s.name AS site_name, n.parent_id, n.name
       FROM space_nodes n JOIN sites s ON s.id = n.site_id
      WHERE n.type = 'zone' AND s.client_id = $1 AND s.spaces_enabled AND ($2::int[] IS NULL OR s.id = ANY($2::int[]))
      ORDER BY s.name, s.id, n.position, n.id`,
    [clientId, siteIds],
  );
  const sites: SiteZones[] = [];
  for (const siteId of [...new Set(rows.map((r) => r.site_id))]) {
    const mine = rows.filter((r) => r.site_id === siteId);
    const zones: ZoneChoice[] = [];
    const walk = (parent: number | null, path: string[]) => {
      for (const z of mine.filter((r) => r.parent_id === parent)) {
        zones.push({ id: z.id, name: z.name, path: [...path, z.name].join(" › "), depth: path.length });
        walk(z.id, [...path, z.name]);
      }
    };
    walk(null, []);
    sites.push({ site_id: siteId, site_name: mine[0]!.site_name, zones });
  }
  return sites;
}

/** The zones to store: ids of zones among the member's choices, once each; 422 naming every other entry. */
export async function permittedZones(q: Queryable, clientId: number, siteIds: number[] | null, zones: string[]): Promise<string[]> {
  const choices = new Set((await zoneChoices(q, clientId, siteIds)).flatMap((s) => s.zones.map((z) => String(z.id))));
  const problems: Record<string, string[]> = {};
  zones.forEach((z, i) => {
    if (!choices.has(z.trim())) problems[`spaces.zones.${i}`] = [MEMBER_EDITOR_MESSAGES.zoneUnknown];
  });
  if (Object.keys(problems).length) throw validation(problems);
  return [...new Set(zones.map((z) => z.trim()))];
}
