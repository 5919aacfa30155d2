/**
 * Spaces' demo data (issue 26; ADR 036), at Acme's Head Office (which has the spaces feature):
 * two floors — Floor 1 with the North wing (20 desks) and the South wing (10 desks), Floor 2 with
 * an open-plan zone (10 desks) and 4 rooms — and a car park with 6 spaces; 40 desks in all, placed
 * on their floor's plan. Bookings in the site's wall-clock time: Alice Admin's desk today and
 * tomorrow, six Staff members who may book spaces with desks today and next week (Nina Brooks only
 * on Floor 1), a weekly team meeting, and yesterday's desk that nobody signed in for: released.
 * Today's bookings are in use (their people signed in), so the auto-release never frees them.
 */
import type { Queryable } from "../db/index.ts";
import { perDemoClient } from "../clients/seed.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { addLocalDays, localToday, zonedInstant } from "../time/local-time.ts";
import { storeFile } from "../sites/uploads.ts";
import { floorPlanPng } from "./floor-plan-image.ts";

type Spec = { zone: string; parent?: string; spaces?: [prefix: string, count: number, category: string, perRow: number] };
const ZONES: Spec[] = [
  { zone: "Floor 1" },
  { zone: "North wing", parent: "Floor 1", spaces: ["N", 20, "desk", 5] },
  { zone: "South wing", parent: "Floor 1", spaces: ["S", 10, "desk", 5] },
  { zone: "Floor 2" },
  { zone: "Open plan", parent: "Floor 2", spaces: ["P", 10, "desk", 5] },
  { zone: "Meeting rooms", parent: "Floor 2" },
  { zone: "Car park", spaces: ["Bay ", 6, "parking-space", 6] },
];
const ROOMS: [name: string, category: string, tags: string[]][] = [
  ["Boardroom", "conference-room", ["screen", "video"]],
  ["Focus 1", "meeting-room", ["screen"]],
  ["Focus 2", "meeting-room", []],
  ["Huddle", "breakout-area", []],
];

export async function seedSpaces(q: Queryable, clientId: number, siteId: number): Promise<void> {
  const [site] = await q.query<{ timezone: string | null }>("SELECT timezone FROM sites WHERE id = $1 AND client_id = $2", [siteId, clientId]);
  // Once: a database whose old seed steps run again (from an older revision) keeps what it has.
  if (!site || (await q.query("SELECT 1 FROM space_nodes WHERE site_id = $1 LIMIT 1", [siteId])).length) return;
  const zoneTz = site.timezone ?? "UTC";
  const zones = new Map<string, number>();
  const spaces = new Map<string, number>();
  let position = 0;
  for (const z of ZONES) {
    const [row] = await q.query<{ id: number }>(
      "INSERT INTO space_nodes (site_id, parent_id, type, name, position) VALUES ($1, $2, 'zone', $3, $4) RETURNING id",
      [siteId, z.parent ? zones.get(z.parent)! : null, z.zone, position++],
    );
    zones.set(z.zone, row!.id);
    if (!z.spaces) continue;
    const [prefix, count, category, perRow] = z.spaces;
    for (let i = 0; i < count; i++) {
      const name = `${prefix}${i + 1}`;
      const x = (0.1 + (i % perRow) * (0.8 / Math.max(1, perRow - 1))).toFixed(3);
      const y = (0.2 + Math.floor(i / perRow) * 0.15).toFixed(3);
      const tags = category === "desk" && i % 5 === 0 ? ["standing"] : category === "desk" && i % 5 === 1 ? ["dual monitors"] : [];
      const [s] = await q.query<{ id: number }>(
        "INSERT INTO space_nodes (site_id, parent_id, type, name, category, tags, position, x, y) VALUES ($1, $2, 'space', $3, $4, $5, $6, $7, $8) RETURNING id",
        [siteId, row!.id, name, category, tags, i, x, y],
      );
      spaces.set(name, s!.id);
    }
  }
  for (const [i, [name, category, tags]] of ROOMS.entries()) {
    const [s] = await q.query<{ id: number }>(
      "INSERT INTO space_nodes (site_id, parent_id, type, name, category, tags, position, x, y) VALUES ($1, $2, 'space', $3, $4, $5, $6, $7, 0.8) RETURNING id",
      [siteId, zones.get("Meeting rooms")!, name, category, tags, i, (0.15 + i * 0.23).toFixed(3)],
    );
    spaces.set(name, s!.id);
  }
  await q.query("INSERT INTO space_settings (site_id, advance_unit, advance_value, buffer_minutes, release_after_minutes) VALUES ($1, 'weeks', 4, 15, 60) ON CONFLICT (site_id) DO NOTHING", [siteId]);
  await q.query("UPDATE sites SET spaces_enabled = true, space_exists = true WHERE id = $1", [siteId]);

  // Six Staff members may book; Nina Brooks only on Floor 1.
  const staff = await q.query<{ id: number; name: string }>(
    `SELECT m.id, m.name FROM members m JOIN groups g ON g.id = m.group_id
      WHERE g.client_id = $1 AND g.name = 'Staff' AND m.archived_at IS NULL ORDER BY m.id LIMIT 6`,
    [clientId],
  );
  for (const m of staff) {
    await q.query("UPDATE members SET permissions = permissions || '{\"book_spaces\": true}'::jsonb WHERE id = $1", [m.id]);
    if (m.name === "Nina Brooks") await q.query("UPDATE members SET spaces = jsonb_build_object('zones', jsonb_build_array($2::text)) WHERE id = $1", [m.id, String(zones.get("Floor 1"))]);
  }
  const [alice] = await q.query<{ id: number; name: string }>(
    "SELECT cu.id, u.name FROM client_users cu JOIN users u ON u.id = cu.user_id WHERE cu.client_id = $1 AND u.email = 'admin@example.com'",
    [clientId],
  );
  const today = localToday(zoneTz);
  const at = (day: string, time: string) => zonedInstant(day, time, zoneTz).toISOString();
  const book = async (space: string, person: { kind: "user" | "member"; id: number; name: string }, day: string, from: string, to: string, extra: { status?: string; series?: number | null; note?: string } = {}) => {
    const status = extra.status ?? "active";
    await q.query(
      `INSERT INTO space_bookings (site_id, space_id, category, starts_at, ends_at, held, person_kind, person_id, person_name, booked_by_kind, booked_by_id, booked_by_name, status, ended_at, series_id, note, used_at)
       SELECT $1, n.id, n.category, $3::timestamptz, $4::timestamptz, tstzrange($3::timestamptz, $4::timestamptz + interval '15 minutes', '[)'), $5, $6, $7, $8, $9, $10, $11,
              CASE WHEN $11 = 'active' THEN NULL ELSE $3::timestamptz + interval '60 minutes' END, $12, $13,
              CASE WHEN $14 THEN $3::timestamptz END
         FROM space_nodes n WHERE n.site_id = $1 AND n.name = $2`,
      [siteId, space, at(day, from), at(day, to), person.kind, person.id, person.name, alice ? "user" : person.kind, alice?.id ?? person.id, alice?.name ?? person.name, status, extra.series ?? null, extra.note ?? null, day === today && status === "active"],
    );
  };
  if (alice) {
    const me = { kind: "user" as const, ...alice };
    await book("N1", me, today, "09:00", "17:00");
    await book("N1", me, addLocalDays(today, 1), "09:00", "17:00");
  }
  for (const [i, m] of staff.entries()) {
    const person = { kind: "member" as const, ...m };
    await book(`N${i + 3}`, person, today, "08:30", "17:30");
    await book(`S${i + 1}`, person, addLocalDays(today, 7), "09:00", "17:00");
  }
  if (staff[0]) {
    // Yesterday's desk, never signed in for: released an hour after its start.
    await book("P1", { kind: "member", ...staff[0] }, addLocalDays(today, -1), "09:00", "17:00", { status: "released" });
    await book("Bay 1", { kind: "member", ...staff[0] }, addLocalDays(today, 1), "08:00", "18:00");
  }
  if (alice) {
    const [series] = await q.query<{ id: number }>("INSERT INTO space_booking_series (site_id, every, until) VALUES ($1, 'week', $2) RETURNING id", [siteId, addLocalDays(today, 21)]);
    for (let w = 0; w < 4; w++) await book("Boardroom", { kind: "user", ...alice }, addLocalDays(today, 1 + w * 7), "10:00", "11:00", { series: series!.id, note: "Weekly team meeting" });
  }
}

/** The zones of the demo that have a floor plan (each drawn from its own spaces' placements). */
const PLANNED = ["North wing", "South wing", "Open plan", "Meeting rooms", "Car park"];

/** A floor plan for each of PLANNED that has none yet (a plain PNG with the furniture where the spaces sit). */
export async function seedFloorPlans(q: Queryable, siteId: number): Promise<void> {
  const zones = await q.query<{ id: number; name: string }>(
    "SELECT id, name FROM space_nodes WHERE site_id = $1 AND type = 'zone' AND deleted_at IS NULL AND floor_plan IS NULL AND name = ANY($2::text[])",
    [siteId, PLANNED],
  );
  for (const z of zones) {
    const spaces = await q.query<{ category: string; x: number | null; y: number | null }>(
      "SELECT category, x, y FROM space_nodes WHERE parent_id = $1 AND type = 'space' AND deleted_at IS NULL",
      [z.id],
    );
    const shapes = spaces.flatMap((s) =>
      s.x === null || s.y === null ? [] : [{ x: Number(s.x), y: Number(s.y), kind: s.category === "desk" ? ("desk" as const) : s.category === "parking-space" ? ("bay" as const) : ("room" as const) }],
    );
    const file = await storeFile(undefined as never, q, siteId, { filename: `${z.name}.png`, kind: "png", data: floorPlanPng(shapes, z.name === "Car park") });
    await q.query("UPDATE space_nodes SET floor_plan = $2 WHERE id = $1", [z.id, file.name]);
  }
}

export const seedSteps: SeedStep[] = [
  perDemoClient("spaces.acme-head-office", undefined, async ({ q }, gid, clientId, ids) => {
    const hq = ids.sites.get("acme-hq");
    if (gid === "eu:1" && hq !== undefined) await seedSpaces(q, clientId, hq);
  }),
  // Issue 26 item 9: the Head Office's floor plans (a step of its own: a database seeded before it gets them too).
  perDemoClient("spaces.acme-floor-plans", undefined, async ({ q }, gid, _clientId, ids) => {
    const hq = ids.sites.get("acme-hq");
    if (gid === "eu:1" && hq !== undefined) await seedFloorPlans(q, hq);
  }),
];
