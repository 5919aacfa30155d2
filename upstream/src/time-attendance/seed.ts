/**
 * Demo data (ADR 033), issue 27: Acme's working hours, rotas and activity statuses. "Office hours"
 * (09:00–17:30 Monday to Friday, a 30-minute flexible break) is the Staff group's default rota;
 * "Flexible 37.5 h" is Emily Chen's; "Warehouse nights" (22:00–06:00 Monday to Friday, at the
 * Warehouse, a scheduled break 02:00–02:30) is Hannah Scott's and Isaac Turner's. The statuses:
 * Working (the default, counted), Break (not counted), Meeting and Remote (counted). Only rows
 * not there yet (by name), so an edited demo keeps its changes.
 */
import type { Queryable } from "../db/index.ts";
import { one } from "../db/index.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { perDemoClient } from "../clients/seed.ts";

const weekdays = (start: string, end: string) => Object.fromEntries(["mon", "tue", "wed", "thu", "fri"].map((d) => [d, [{ start, end }]]));

async function idOf(q: Queryable, sql: string, params: unknown[]): Promise<number | undefined> {
  return (await one<{ id: number }>(q, sql, params))?.id;
}

export async function seedTimeAttendance(q: Queryable, clientId: number, warehouse: number | undefined): Promise<void> {
  const office = weekdays("09:00", "17:30");
  const flexBreak = JSON.stringify({ type: "flexible", minutes: 30, start: null, end: null });
  let wh = await idOf(q, "SELECT id FROM ta_working_hours WHERE client_id = $1 AND lower(name) = lower($2)", [clientId, "Office hours"]);
  wh ??= await idOf(q, "INSERT INTO ta_working_hours (client_id, name, shifts, break) VALUES ($1, 'Office hours', $2, $3) RETURNING id", [clientId, JSON.stringify(office), flexBreak]);
  const rota = async (name: string, cols: string, values: unknown[]) =>
    (await idOf(q, "SELECT id FROM ta_rotas WHERE client_id = $1 AND lower(name) = lower($2)", [clientId, name])) ??
    (await idOf(q, `INSERT INTO ta_rotas (client_id, name, ${cols}) VALUES ($1, $2, ${values.map((_, i) => `$${i + 3}`).join(", ")}) RETURNING id`, [clientId, name, ...values]));
  const officeRota = await rota("Office hours", "type, working_hours_id", ["scheduled", wh]);
  const flexible = await rota("Flexible 37.5 h", "type, hours_per_week", ["flexible", 37.5]);
  const nights = await rota("Warehouse nights", "type, site_id, shifts, break", ["scheduled", warehouse ?? null, JSON.stringify(weekdays("22:00", "06:00")), JSON.stringify({ type: "scheduled", minutes: null, start: "02:00", end: "02:30" })]);
  await q.query("UPDATE groups SET default_rota_id = $2 WHERE client_id = $1 AND name = 'Staff' AND default_rota_id IS NULL", [clientId, officeRota]);
  const give = (names: string[], id: number | undefined) =>
    q.query("UPDATE members SET rota_id = $3 FROM groups g WHERE g.id = members.group_id AND g.client_id = $1 AND g.name = 'Staff' AND members.name = ANY($2) AND members.rota_id IS NULL", [clientId, names, id]);
  await give(["Emily Chen"], flexible);
  await give(["Hannah Scott", "Isaac Turner"], nights);
  const statuses: [string, string, boolean][] = [["Working", "green", true], ["Break", "amber", false], ["Meeting", "blue", true], ["Remote", "teal", true]];
  const anyDefault = await one(q, "SELECT 1 FROM ta_activity_statuses WHERE client_id = $1 AND is_default", [clientId]);
  for (const [i, [name, colour, counts]] of statuses.entries()) {
    await q.query(
      `INSERT INTO ta_activity_statuses (client_id, name, colour, include_in_hours, is_default, position) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (client_id, lower(name)) DO NOTHING`,
      [clientId, name, colour, counts, i === 0 && !anyDefault, i],
    );
  }
}

/**
 * Four weeks of sign-ins and sign-outs at Head Office (issue 27 item 4, for the timesheets) for
 * up to four Staff members on "Office hours", on the weekdays 1–28 days ago in the site's calendar
 * that are not closure days and on which the member has no visit yet (the Today history's days are
 * left alone). By (day + member) % 5: late (09:14–17:30), left early (08:56–16:40), a missing
 * sign-out (09:02, the visit closed without a sign-out time: no one is left "on site"), on time
 * (08:5x–17:3x) twice. Once: a member who already has a visit of this shape is skipped.
 */
export async function seedTimesheetVisits(q: Queryable, clientId: number, headOffice: number): Promise<void> {
  // Once per client: a step run again (an older database's revision replayed) adds nobody new.
  const done = await q.query("SELECT 1 FROM visits v JOIN groups g ON g.id = v.group_id WHERE g.client_id = $1 AND v.notes = 'Timesheet demo' LIMIT 1", [clientId]);
  if (done.length) return;
  await q.query(
    `WITH office AS (SELECT id FROM ta_rotas WHERE client_id = $1 AND name = 'Office hours'),
     people AS (
       SELECT m.id, m.name, m.group_id, row_number() OVER (ORDER BY m.id) - 1 AS i
         FROM members m JOIN groups g ON g.id = m.group_id
        WHERE g.client_id = $1 AND g.name = 'Staff' AND m.archived_at IS NULL AND (m.ends_on IS NULL OR m.ends_on >= current_date)
          AND coalesce(m.rota_id, g.default_rota_id) = (SELECT id FROM office)
          AND NOT EXISTS (SELECT 1 FROM visits v WHERE v.member_id = m.id AND v.notes = 'Timesheet demo')
        ORDER BY m.id LIMIT 4
     ), days AS (
       SELECT d, ((now() AT TIME ZONE s.timezone)::date - d) AS day, s.timezone FROM sites s, generate_series(1, 28) d WHERE s.id = $2
     ), plan AS (
       SELECT p.*, x.day, x.timezone, (x.d + p.i) % 5 AS kind FROM people p CROSS JOIN days x
        WHERE extract(isodow FROM x.day) < 6
          AND NOT EXISTS (SELECT 1 FROM closure_periods c WHERE c.client_id = $1 AND x.day BETWEEN c.starts_on AND c.ends_on AND (c.site_ids IS NULL OR $2 = ANY(c.site_ids)))
          AND NOT EXISTS (SELECT 1 FROM visits v WHERE v.member_id = p.id AND (v.signed_in_at AT TIME ZONE x.timezone)::date = x.day)
     )
     INSERT INTO visits (site_id, group_id, member_id, name, status, source, created_at, signed_in_at, signed_out_at, notes)
     SELECT $2, group_id, id, name, 'signed_out', 'kiosk', t.inat, t.inat, t.outat, 'Timesheet demo'
       FROM plan, LATERAL (SELECT
         (day + CASE kind WHEN 0 THEN time '09:14' WHEN 1 THEN time '08:56' WHEN 2 THEN time '09:02' ELSE time '08:50' + (i * interval '2 minutes') END) AT TIME ZONE timezone AS inat,
         CASE kind WHEN 2 THEN NULL ELSE (day + CASE kind WHEN 0 THEN time '17:30' WHEN 1 THEN time '16:40' ELSE time '17:30' + (i * interval '3 minutes') END) AT TIME ZONE timezone END AS outat) t`,
    [clientId, headOffice],
  );
}

/** After Acme's groups and members (the Today data). */
export const seedSteps: SeedStep[] = [
  perDemoClient("time-attendance.rotas-statuses", undefined, ({ q }, gid, clientId, ids) => (gid === "eu:1" ? seedTimeAttendance(q, clientId, ids.sites.get("acme-wh")) : Promise.resolve())),
  perDemoClient("time-attendance.timesheet-visits", undefined, ({ q }, gid, clientId, ids) => {
    const hq = ids.sites.get("acme-hq");
    return gid === "eu:1" && hq !== undefined ? seedTimesheetVisits(q, clientId, hq) : Promise.resolve();
  }),
];
