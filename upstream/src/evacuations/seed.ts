/**
 * Demo data of revision 4: evacuation points for every standard demo site (added when the site has
 * none) and, at Acme's Head Office, one completed fire drill three weeks ago (added when the site has
 * no evacuation yet), so the evacuation reports list and a read-only report have something real to
 * show. The drill's evacuees are members of Acme's groups; its counter matches its changes.
 */
import { one, type Queryable } from "../db/index.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { demoIds, perDemoClient } from "../clients/seed.ts";

/** Assembly points per seeded site key; other standard sites get one. */
const POINTS: Record<string, string[]> = {
  "acme-hq": ["Car park A", "Front lawn"],
  "acme-wh": ["Yard gate"],
  "acme-dub": ["Grand Canal Square"],
  "nw-main": ["Football field", "Staff car park"],
  "nw-annex": ["Football field"],
  "sec-hq": ["Sammelplatz Hof"],
  "oak-main": ["Playground"],
  "oak-sports": ["Playing fields"],
};
const DEFAULT_POINTS = ["Main assembly point"];

export async function seedEvacuationPoints(q: Queryable, siteKey: string, siteId: number): Promise<void> {
  if (await one(q, "SELECT 1 FROM evacuation_points WHERE site_id = $1 LIMIT 1", [siteId])) return;
  const titles = POINTS[siteKey] ?? DEFAULT_POINTS;
  for (const [position, title] of titles.entries()) {
    await q.query("INSERT INTO evacuation_points (site_id, title, position) VALUES ($1, $2, $3)", [siteId, title, position]);
  }
}

/** [name, group, status, point index or null, minutes after the start] */
type DrillEvacuee = [string, string, "accounted_for" | "missing" | "left_site" | "unaccounted", number | null, number];

const HQ_DRILL: { startedDaysAgo: number; by: string; evacuees: DrillEvacuee[]; comments: [string, string | null, number][]; completion: string } = {
  startedDaysAgo: 21,
  by: "Alice Admin",
  evacuees: [
    ["Jane Porter", "Visitors", "accounted_for", 0, 4],
    ["Marcus Bell", "Visitors", "accounted_for", 1, 6],
    ["Bob Mason", "Contractors", "left_site", null, 9],
    ["Priya Sharma", "Contractors", "accounted_for", 0, 5],
  ],
  comments: [
    ["Drill started at 10:00, all exits clear.", null, 1],
    ["Left by the loading bay before the alarm; confirmed by phone.", "Bob Mason", 9],
    ["Drill complete: everyone accounted for in 11 minutes.", null, 12],
  ],
  completion: "Drill complete: everyone accounted for in 11 minutes.",
};

/**
 * A completed fire drill at the site (Acme's Head Office), with Acme's staff members who are shown
 * there added to the evacuees above. Skipped when the site has any evacuation.
 */
export async function seedHqDrill(q: Queryable, clientId: number, siteId: number): Promise<void> {
  if (await one(q, "SELECT 1 FROM evacuations WHERE site_id = $1 LIMIT 1", [siteId])) return;
  const groups = new Map(
    (await q.query<{ id: number; name: string }>("SELECT id, name FROM groups WHERE client_id = $1", [clientId])).map((g) => [g.name, g.id]),
  );
  const staff = await q.query<{ name: string; group_id: number }>(
    `SELECT m.name, m.group_id FROM members m JOIN groups g ON g.id = m.group_id WHERE g.client_id = $1 AND g.name = 'Staff' ORDER BY m.id LIMIT 6`,
    [clientId],
  );
  const points = await q.query<{ id: number }>("SELECT id FROM evacuation_points WHERE site_id = $1 ORDER BY position, id", [siteId]);
  const user = await one<{ id: number; name: string }>(q, "SELECT id, name FROM users WHERE email = 'admin@example.com'");
  const d = HQ_DRILL;
  const evacuees: DrillEvacuee[] = [
    ...d.evacuees.filter(([, group]) => groups.has(group)),
    ...staff.map((m, i): DrillEvacuee => [m.name, "Staff", "accounted_for", i % Math.max(points.length, 1), 2 + i]),
  ];
  const startSql = `(date_trunc('day', now()) - interval '${d.startedDaysAgo} days' + interval '10 hours')`;
  // +1 per mark and per comment, +1 for completing; the completion comment (also the last comment)
  // travels with the completion event, so it is not a step of its own.
  const comments = d.comments.filter(([content]) => content !== d.completion).length;
  const changes = evacuees.filter(([, , status]) => status !== "unaccounted").length + comments + 1;
  const [{ id }] = await q.query<{ id: number }>(
    `INSERT INTO evacuations (site_id, status, event_counter, started_at, started_by, started_by_user_id, completed_at, completion_comment)
     VALUES ($1, 'completed', $2, ${startSql}, $3, $4, ${startSql} + interval '12 minutes', $5) RETURNING id`,
    [siteId, changes, d.by, user?.id ?? null, d.completion],
  );
  if (user) {
    await q.query(`INSERT INTO evacuation_participants (evacuation_id, user_id, name, via, first_seen_at) VALUES ($1, $2, $3, 'portal', ${startSql})`, [
      id,
      user.id,
      user.name,
    ]);
  }
  const evacueeIds = new Map<string, number>();
  for (const [name, group, status, point, minutes] of evacuees) {
    const marked = status !== "unaccounted";
    const [{ id: evacueeId }] = await q.query<{ id: number }>(
      `INSERT INTO evacuees (evacuation_id, name, group_id, status, evacuation_point_id, updated_at, updated_by)
       VALUES ($1, $2, $3, $4, $5, CASE WHEN $6 THEN ${startSql} + make_interval(mins => $7::int) END, CASE WHEN $6 THEN $8 END) RETURNING id`,
      [id, name, group === "Staff" ? staff.find((m) => m.name === name)!.group_id : groups.get(group)!, status, point === null ? null : (points[point]?.id ?? null), marked, minutes, d.by],
    );
    evacueeIds.set(name, evacueeId);
  }
  for (const [content, about, minutes] of d.comments) {
    await q.query(
      `INSERT INTO evacuation_comments (evacuation_id, evacuee_id, content, author, created_at) VALUES ($1, $2, $3, $4, ${startSql} + make_interval(mins => $5::int))`,
      [id, about ? (evacueeIds.get(about) ?? null) : null, content, d.by, minutes],
    );
  }
}

/** Revision 4: points at every standard demo site that has none, then Head Office's drill. */
export const seedSteps: SeedStep[] = [
  perDemoClient("evacuations.points", 4, async ({ q }, _gid, _clientId, ids, c) => {
    for (const s of c.sites) {
      const siteId = ids.sites.get(s.key);
      if (s.type === "standard" && siteId !== undefined) await seedEvacuationPoints(q, s.key, siteId);
    }
  }),
  {
    name: "evacuations.hq-drill",
    since: 4,
    async run({ q }) {
      const ids = await demoIds(q);
      const acme = ids.clients.get("eu:1");
      const hq = ids.sites.get("acme-hq");
      if (acme !== undefined && hq !== undefined) await seedHqDrill(q, acme, hq);
    },
  },
];
