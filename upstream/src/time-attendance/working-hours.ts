/**
 * Working hours templates (issue 27 item 1; platform §5): a name unique per organisation, a week of
 * shifts and a break rule. Deleting needs the name typed; working hours a rota uses are not deleted
 * (422 templateInUse, naming nothing more: the list answers `used_by`).
 */
import { TIME_ATTENDANCE_MESSAGES as M, type WorkingHours, type WorkingHoursInput } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import type { Principal } from "../clients/regional.ts";
import { one, type Queryable } from "../db/index.ts";
import { notFound, validation } from "../http/errors.ts";
import { editHours, idOf, nameOf, readHours, requireClientWide, throwIf, uniqueName } from "./access.ts";
import { breakOut, checkBreak, checkWeek, hasShifts, minutesPerWeek, weekOut, type Errors } from "./shifts.ts";

interface Row { id: number; name: string; shifts: unknown; break: unknown; used_by: { id: number; name: string }[] }

const SELECT = `SELECT w.id, w.name, w.shifts, w.break,
  coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name) FROM ta_rotas r WHERE r.working_hours_id = w.id), '[]'::json) AS used_by
  FROM ta_working_hours w`;

export function toWorkingHours(r: Row): WorkingHours {
  const shifts = weekOut(r.shifts);
  const brk = breakOut(r.break);
  return { id: r.id, name: r.name, shifts, break: brk, minutes_per_week: minutesPerWeek(shifts, brk), used_by: r.used_by };
}

async function find(q: Queryable, clientId: number, id: number): Promise<Row> {
  const row = await one<Row>(q, `${SELECT} WHERE w.client_id = $1 AND w.id = $2`, [clientId, id]);
  if (!row) throw notFound(M.templateGone);
  return row;
}

export async function listWorkingHours(app: App, p: Principal) {
  readHours(p);
  const rows = await app.db.query<Row>(`${SELECT} WHERE w.client_id = $1 ORDER BY lower(w.name), w.id`, [p.client.id]);
  return { working_hours: rows.map(toWorkingHours) };
}

export async function getWorkingHours(app: App, p: Principal, idParam: string | undefined) {
  readHours(p);
  return toWorkingHours(await find(app.db, p.client.id, idOf(idParam, M.templateGone)));
}

function checked(input: WorkingHoursInput) {
  const errors: Errors = {};
  const name = nameOf(input.name, errors);
  const shifts = checkWeek(input.shifts, "shifts", errors);
  if (!Object.keys(errors).some((k) => k.startsWith("shifts")) && !hasShifts(shifts)) errors.shifts = [M.noShifts];
  const brk = checkBreak(input.break, shifts, errors);
  throwIf(errors);
  return { name, shifts, brk };
}

export async function createWorkingHours(app: App, p: Principal, input: WorkingHoursInput) {
  editHours(p);
  requireClientWide(p);
  const { name, shifts, brk } = checked(input);
  const id = await uniqueName(async () => (await one<{ id: number }>(app.db, "INSERT INTO ta_working_hours (client_id, name, shifts, break) VALUES ($1, $2, $3, $4) RETURNING id", [p.client.id, name, JSON.stringify(shifts), JSON.stringify(brk)]))!.id, M.templateNameTaken);
  return toWorkingHours(await find(app.db, p.client.id, id));
}

export async function updateWorkingHours(app: App, p: Principal, idParam: string | undefined, input: WorkingHoursInput) {
  editHours(p);
  const id = idOf(idParam, M.templateGone);
  await find(app.db, p.client.id, id);
  requireClientWide(p);
  const { name, shifts, brk } = checked(input);
  await uniqueName(() => app.db.query("UPDATE ta_working_hours SET name = $3, shifts = $4, break = $5 WHERE client_id = $1 AND id = $2", [p.client.id, id, name, JSON.stringify(shifts), JSON.stringify(brk)]), M.templateNameTaken);
  return toWorkingHours(await find(app.db, p.client.id, id));
}

export async function deleteWorkingHours(app: App, p: Principal, idParam: string | undefined, typed: string) {
  editHours(p);
  const id = idOf(idParam, M.templateGone);
  const row = await find(app.db, p.client.id, id);
  requireClientWide(p);
  if (typed.trim() !== row.name) throw validation({ name: [M.typedNameMismatch] });
  if (row.used_by.length) throw validation({ name: [M.templateInUse] });
  try {
    await app.db.query("DELETE FROM ta_working_hours WHERE client_id = $1 AND id = $2", [p.client.id, id]);
  } catch (err) {
    // A rota took them up since (the foreign key is RESTRICT).
    if ((err as { code?: string }).code === "23503") throw validation({ name: [M.templateInUse] });
    throw err;
  }
  return { message: "Deleted." };
}
