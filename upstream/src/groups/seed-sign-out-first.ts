/**
 * Demo data of revision 10 (migration 012, ADR 015): a sign-out-first group at Oakfield Academy
 * (`eu:4`), added while Oakfield has no group of that name: "Boarders", a returning group with
 * allow_sign_out_first, shown at the Main Building only, with five boarders who are presumed on
 * site; one of them, Leo Fischer, signed out at the front desk 90 minutes ago and is away (an open
 * departure), so Oakfield's Today shows him under "Out now".
 */
import type { Queryable } from "../db/index.ts";
import { one } from "../db/index.ts";

export const BOARDERS = {
  group: "Boarders",
  site: "oak-main",
  members: ["Amara Osei", "Leo Fischer", "Mei Tanaka", "Noah Brennan", "Zara Ahmed"],
  away: "Leo Fischer",
  awayMinutes: 90,
} as const;

/** Revision 10 for one demo client (see the module comment). */
export async function seedBoarders(q: Queryable, gid: string, clientId: number, siteIds: Map<string, number>): Promise<void> {
  if (gid !== "eu:4") return;
  const siteId = siteIds.get(BOARDERS.site);
  if (siteId === undefined || (await one(q, "SELECT 1 FROM groups WHERE client_id = $1 AND name = $2", [clientId, BOARDERS.group]))) return;
  const [group] = await q.query<{ id: number }>(
    `INSERT INTO groups (client_id, name, type, position, site_ids, allow_sign_out_first)
     VALUES ($1, $2, 'returning', (SELECT coalesce(max(position), -1) + 1 FROM groups WHERE client_id = $1), $3::jsonb, true) RETURNING id`,
    [clientId, BOARDERS.group, JSON.stringify([siteId])],
  );
  for (const name of BOARDERS.members) {
    const email = `${name.toLowerCase().replace(/\s+/g, ".")}@boarders.oakfield.example.sch.uk`;
    const [member] = await q.query<{ id: number }>("INSERT INTO members (group_id, name, email) VALUES ($1, $2, $3) RETURNING id", [group.id, name, email]);
    if (name === BOARDERS.away) {
      await q.query(
        `INSERT INTO visits (site_id, group_id, member_id, name, status, source, created_at, signed_out_at)
         VALUES ($1, $2, $3, $4, 'away', 'kiosk', now() - make_interval(mins => $5), now() - make_interval(mins => $5))`,
        [siteId, group.id, member.id, name, BOARDERS.awayMinutes],
      );
    }
  }
}
