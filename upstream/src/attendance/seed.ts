/**
 * Revision 24 (ADR 027): the attendance reports' demo data at Acme (eu:1), which has the
 * `beta.site-attendance-report` setting. The Staff history of revision 3 already signs members in
 * on most days of the last three weeks; this adds visitors on weekdays of the last three weeks at
 * Head Office and the Warehouse (so site attendance has visitors beside members, a peak, and one
 * visitor twice on a day), and one overridden day: Kieran Walsh worked remotely two days ago,
 * set by Alice Admin (daily attendance shows it beside "absent").
 */
import type { Queryable } from "../db/index.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { perDemoClient } from "../clients/seed.ts";

const VISITORS: [name: string, company: string][] = [
  ["Ines Duarte", "Initrode"], ["Omar Haddad", "Hooli"], ["Mei Lin", "Vandelay Industries"], ["Ruth Adler", "Stark Industries"],
  ["Pablo Ortega", "Umbrella Corp"], ["Nina Petrova", "Globex"], ["Kenji Sato", "Wayne Enterprises"],
];

export const ATTENDANCE_OVERRIDE_SEED = { member: "Kieran Walsh", daysAgo: 2, status: "remote", note: "Worked from home (train strike)" } as const;

export async function seedAttendance(q: Queryable, gid: string, clientId: number, siteIds: Map<string, number>, from: number): Promise<void> {
  if (gid !== "eu:1" || from >= 24) return;
  const visitors = (await q.query<{ id: number }>("SELECT id FROM groups WHERE client_id = $1 AND name = 'Visitors' AND type = 'standard' ORDER BY id LIMIT 1", [clientId]))[0];
  const hq = siteIds.get("acme-hq");
  const wh = siteIds.get("acme-wh");
  // Once: a database brought up from an older revision twice must not get the visitors twice.
  const seeded = visitors && (await q.query("SELECT 1 FROM visits WHERE group_id = $1 AND name = $2 LIMIT 1", [visitors.id, VISITORS[0]![0]])).length > 0;
  if (visitors && !seeded && hq !== undefined && wh !== undefined) {
    for (let d = 1; d <= 21; d++) {
      // Weekdays only (in the site's calendar), 1–3 visitors at Head Office, every other day one at the Warehouse.
      const at: [number, number, number, number][] = [];
      for (let k = 0; k < 1 + (d % 3); k++) at.push([hq, (d + k * 3) % VISITORS.length, 9 * 60 + 30 + k * 75, 90 + ((d + k) % 4) * 30]);
      if (d % 4 === 1) at.push([hq, d % VISITORS.length, 15 * 60, 45]); // the first visitor back the same afternoon
      if (d % 2 === 0) at.push([wh, (d + 5) % VISITORS.length, 10 * 60 + 15, 60]);
      for (const [siteId, who, minutes, stay] of at) {
        const [name, company] = VISITORS[who]!;
        await q.query(
          `INSERT INTO visits (site_id, group_id, name, company, host, status, source, signed_in_at, signed_out_at)
           SELECT s.id, $2, $3, $4, 'Reception', 'signed_out', 'kiosk', t.at, t.at + make_interval(mins => $7)
             FROM sites s, LATERAL (SELECT (((now() AT TIME ZONE s.timezone)::date - $5::int)::timestamp + make_interval(mins => $6)) AT TIME ZONE s.timezone AS at) t
            WHERE s.id = $1 AND extract(isodow FROM (now() AT TIME ZONE s.timezone)::date - $5::int) < 6`,
          [siteId, visitors.id, name, company, d, minutes, stay],
        );
      }
    }
  }
  const o = ATTENDANCE_OVERRIDE_SEED;
  await q.query(
    `INSERT INTO attendance_overrides (member_id, day, status, note, set_by, set_by_name)
     SELECT m.id, current_date - $3::int, $4, $5, u.id, coalesce(u.name, 'Alice Admin')
       FROM members m JOIN groups g ON g.id = m.group_id LEFT JOIN users u ON u.email = 'admin@example.com'
      WHERE g.client_id = $1 AND g.name = 'Staff' AND m.name = $2
     ON CONFLICT (member_id, day) DO NOTHING`,
    [clientId, o.member, o.daysAgo, o.status, o.note],
  );
}

export const seedSteps: SeedStep[] = [perDemoClient("attendance.acme", 24, ({ q, from }, gid, clientId, ids) => seedAttendance(q, gid, clientId, ids.sites, from))];
