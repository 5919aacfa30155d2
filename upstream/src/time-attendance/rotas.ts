/**
 * Rotas (issue 27 item 1; platform §3): flexible (hours a week) or scheduled (working hours, or
 * shifts of its own), at one site or every site, 24/7 cover; copying one; a member's rota (their
 * own, else their group's default) and a group's default.
 */
import { TIME_ATTENDANCE_LIMITS as L, TIME_ATTENDANCE_MESSAGES as M, type MemberRota, type Rota, type RotaInput } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import type { Principal } from "../clients/regional.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden, notFound } from "../http/errors.ts";
import { jsonReachesClause, siteInScope } from "../scope/scope.ts";
import { editHours, idOf, nameOf, readHours, rotaReadable, rotaScope, throwIf, uniqueName } from "./access.ts";
import { breakOut, checkBreak, checkWeek, coversWeek, hasShifts, minutesPerWeek, weekOut, type Errors } from "./shifts.ts";

interface Row {
  id: number; name: string; type: "flexible" | "scheduled"; site_id: number | null; site_name: string | null; hours_per_week: string | null;
  working_hours_id: number | null; wh_name: string | null; wh_shifts: unknown; wh_break: unknown; shifts: unknown; break: unknown; cover_24_7: boolean; members: number; groups: number;
}

const SELECT = `SELECT r.id, r.name, r.type, r.site_id, s.name AS site_name, r.hours_per_week::text AS hours_per_week,
  r.working_hours_id, w.name AS wh_name, w.shifts AS wh_shifts, w.break AS wh_break, r.shifts, r.break, r.cover_24_7,
  (SELECT count(*)::int FROM members m WHERE m.rota_id = r.id) AS members, (SELECT count(*)::int FROM groups g WHERE g.default_rota_id = r.id) AS groups
  FROM ta_rotas r LEFT JOIN sites s ON s.id = r.site_id LEFT JOIN ta_working_hours w ON w.id = r.working_hours_id`;

function toRota(r: Row, p: Principal): Rota {
  const fromTemplate = r.working_hours_id !== null;
  const shifts = r.type === "scheduled" ? weekOut(fromTemplate ? r.wh_shifts : r.shifts) : null;
  const brk = breakOut(fromTemplate ? r.wh_break : r.break);
  const hours = r.hours_per_week === null ? null : Number(r.hours_per_week);
  const minutes = shifts ? minutesPerWeek(shifts, brk) : Math.round((hours ?? 0) * 60);
  return {
    id: r.id, name: r.name, type: r.type, site: r.site_id === null ? null : { id: r.site_id, name: r.site_name ?? "" },
    hours_per_week: hours, working_hours: fromTemplate ? { id: r.working_hours_id!, name: r.wh_name ?? "" } : null,
    shifts, break: brk, cover_24_7: r.cover_24_7, minutes_per_week: minutes, members: r.members, groups: r.groups,
    can_edit: r.site_id === null ? rotaScope(p).kind !== "sites" : siteInScope(rotaScope(p), r.site_id),
  };
}

/** The rota `id` of the caller's organisation that they may read, else 404. */
async function find(q: Queryable, p: Principal, id: number): Promise<Row> {
  const row = await one<Row>(q, `${SELECT} WHERE r.client_id = $1 AND r.id = $2`, [p.client.id, id]);
  if (!row || !rotaReadable(rotaScope(p), row.site_id)) throw notFound(M.rotaGone);
  return row;
}

export async function listRotas(app: App, p: Principal) {
  readHours(p);
  const rows = await app.db.query<Row>(`${SELECT} WHERE r.client_id = $1 ORDER BY lower(r.name), r.id`, [p.client.id]);
  return { rotas: rows.filter((r) => rotaReadable(rotaScope(p), r.site_id)).map((r) => toRota(r, p)) };
}

export async function getRota(app: App, p: Principal, idParam: string | undefined) {
  readHours(p);
  return toRota(await find(app.db, p, idOf(idParam, M.rotaGone)), p);
}

/** A rota of one site changes with that site in scope; one of every site only for a user of every site. */
function requireRotaSite(p: Principal, siteId: number | null): void {
  const scope = rotaScope(p);
  if (siteId === null ? scope.kind === "sites" : !siteInScope(scope, siteId)) throw forbidden(M.outsideSites);
}

async function checked(q: Queryable, p: Principal, input: RotaInput) {
  const errors: Errors = {};
  const name = nameOf(input.name, errors);
  const siteId = input.site_id ?? null;
  if (siteId !== null && !(await one(q, "SELECT 1 FROM sites WHERE client_id = $1 AND id = $2", [p.client.id, siteId]))) errors.site_id = [M.chooseSite];
  let hours: number | null = null;
  let templateId: number | null = null;
  let shifts: Record<string, { start: string; end: string }[]> | null = null;
  let brk = checkBreak({ type: "none" }, null, {});
  const cover = input.cover_24_7 ?? false;
  if (input.type === "flexible") {
    hours = input.hours_per_week ?? null;
    if (hours === null || !(hours > 0) || hours > L.weeklyHours) errors.hours_per_week = [M.weeklyHours];
    if (input.working_hours_id != null || input.shifts != null) errors.shifts = [M.flexibleHasShifts];
    if (cover) errors.cover_24_7 = [M.cover];
    brk = checkBreak(input.break, null, errors);
  } else {
    if (input.hours_per_week != null) errors.hours_per_week = [M.flexibleHasShifts];
    templateId = input.working_hours_id ?? null;
    if ((templateId === null) === (input.shifts == null)) errors.shifts = [M.scheduledNeedsShifts];
    else if (templateId !== null) {
      const wh = await one<{ shifts: unknown; break: unknown }>(q, "SELECT shifts, break FROM ta_working_hours WHERE client_id = $1 AND id = $2", [p.client.id, templateId]);
      if (!wh) errors.working_hours_id = [M.chooseTemplate];
      else if (cover && !coversWeek(weekOut(wh.shifts))) errors.cover_24_7 = [M.cover];
      // The template's break applies; one given here must be none.
      if (input.break && input.break.type !== "none") errors.break = [M.noBreakValues];
    } else {
      shifts = checkWeek(input.shifts, "shifts", errors);
      if (!Object.keys(errors).some((k) => k.startsWith("shifts.")) && !hasShifts(shifts)) errors.shifts = [M.noShifts];
      brk = checkBreak(input.break, shifts, errors);
      if (cover && !errors.shifts && !coversWeek(weekOut(shifts))) errors.cover_24_7 = [M.cover];
    }
  }
  throwIf(errors);
  return { name, siteId, hours, templateId, shifts, brk, cover };
}

export async function createRota(app: App, p: Principal, input: RotaInput) {
  editHours(p);
  requireRotaSite(p, input.site_id ?? null);
  const v = await checked(app.db, p, input);
  const row = await uniqueName(() => one<{ id: number }>(app.db,
    `INSERT INTO ta_rotas (client_id, name, type, site_id, hours_per_week, working_hours_id, shifts, break, cover_24_7) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [p.client.id, v.name, input.type, v.siteId, v.hours, v.templateId, v.shifts && JSON.stringify(v.shifts), JSON.stringify(v.brk), v.cover]), M.rotaNameTaken);
  return toRota(await find(app.db, p, row!.id), p);
}

export async function updateRota(app: App, p: Principal, idParam: string | undefined, input: RotaInput) {
  editHours(p);
  const id = idOf(idParam, M.rotaGone);
  const old = await find(app.db, p, id);
  requireRotaSite(p, old.site_id);
  requireRotaSite(p, input.site_id ?? null);
  const v = await checked(app.db, p, input);
  await uniqueName(() => app.db.query(
    `UPDATE ta_rotas SET name = $3, type = $4, site_id = $5, hours_per_week = $6, working_hours_id = $7, shifts = $8, break = $9, cover_24_7 = $10 WHERE client_id = $1 AND id = $2`,
    [p.client.id, id, v.name, input.type, v.siteId, v.hours, v.templateId, v.shifts && JSON.stringify(v.shifts), JSON.stringify(v.brk), v.cover]), M.rotaNameTaken);
  return toRota(await find(app.db, p, id), p);
}

export async function deleteRota(app: App, p: Principal, idParam: string | undefined) {
  editHours(p);
  const id = idOf(idParam, M.rotaGone);
  const old = await find(app.db, p, id);
  requireRotaSite(p, old.site_id);
  await app.db.query("DELETE FROM ta_rotas WHERE client_id = $1 AND id = $2", [p.client.id, id]);
  return { message: "Deleted." };
}

/** A new rota with the same week (type, site, hours, working hours or shifts, break, cover) under `name`. */
export async function copyRota(app: App, p: Principal, idParam: string | undefined, rawName: string) {
  editHours(p);
  const id = idOf(idParam, M.rotaGone);
  const old = await find(app.db, p, id);
  requireRotaSite(p, old.site_id);
  const errors: Errors = {};
  const name = nameOf(rawName, errors);
  throwIf(errors);
  const row = await uniqueName(() => one<{ id: number }>(app.db,
    `INSERT INTO ta_rotas (client_id, name, type, site_id, hours_per_week, working_hours_id, shifts, break, cover_24_7)
     SELECT client_id, $3, type, site_id, hours_per_week, working_hours_id, shifts, break, cover_24_7 FROM ta_rotas WHERE client_id = $1 AND id = $2 RETURNING id`,
    [p.client.id, id, name]), M.rotaNameTaken);
  return toRota(await find(app.db, p, row!.id), p);
}

interface MemberRow { id: number; group_id: number; rota_id: number | null; default_rota_id: number | null; manager_id: number | null; manager_name: string | null; permissions: Record<string, unknown> | null }

/** A member of the caller's organisation whose group is shown at one of their sites, else 404. */
async function memberOf(q: Queryable, p: Principal, idParam: string | undefined): Promise<MemberRow> {
  const id = idOf(idParam, M.memberGone);
  const params: unknown[] = [p.client.id, id];
  const row = await one<MemberRow>(q,
    `SELECT m.id, m.group_id, m.rota_id, g.default_rota_id, m.manager_id, mg.name AS manager_name, m.permissions
     FROM members m JOIN groups g ON g.id = m.group_id LEFT JOIN members mg ON mg.id = m.manager_id
     WHERE g.client_id = $1 AND m.id = $2 AND ${jsonReachesClause(rotaScope(p), "g.site_ids", params)}`, params);
  if (!row) throw notFound(M.memberGone);
  return row;
}

async function memberRota(q: Queryable, p: Principal, m: MemberRow): Promise<MemberRota> {
  const rotaId = m.rota_id ?? m.default_rota_id;
  const row = rotaId === null ? undefined : await one<Row>(q, `${SELECT} WHERE r.client_id = $1 AND r.id = $2`, [p.client.id, rotaId]);
  return {
    member_id: m.id, group_id: m.group_id, rota: row ? toRota(row, p) : null,
    source: m.rota_id !== null ? "member" : m.default_rota_id !== null ? "group" : "none",
    own_rota_id: m.rota_id, group_rota_id: m.default_rota_id,
    manager: m.manager_id === null ? null : { id: m.manager_id, name: m.manager_name ?? "" },
    auto_approve_timesheet: m.permissions?.auto_approve_timesheet_change === true,
  };
}

export async function getMemberRota(app: App, p: Principal, idParam: string | undefined) {
  readHours(p);
  return memberRota(app.db, p, await memberOf(app.db, p, idParam));
}

/** The rota `rotaId` (null: none) the caller may give: of their organisation, read by them. */
async function assignable(q: Queryable, p: Principal, rotaId: number | null): Promise<void> {
  if (rotaId === null) return;
  const row = await one<{ site_id: number | null }>(q, "SELECT site_id FROM ta_rotas WHERE client_id = $1 AND id = $2", [p.client.id, rotaId]);
  if (!row || !rotaReadable(rotaScope(p), row.site_id)) throwIf({ rota_id: [M.chooseRota] });
}

export async function assignMemberRota(app: App, p: Principal, idParam: string | undefined, rotaId: number | null) {
  editHours(p);
  const m = await memberOf(app.db, p, idParam);
  await assignable(app.db, p, rotaId);
  await app.db.query("UPDATE members SET rota_id = $2 WHERE id = $1", [m.id, rotaId]);
  return memberRota(app.db, p, { ...m, rota_id: rotaId });
}

export async function assignGroupRota(app: App, p: Principal, idParam: string | undefined, rotaId: number | null) {
  editHours(p);
  const id = idOf(idParam, M.groupGone);
  const params: unknown[] = [p.client.id, id];
  const g = await one<{ id: number }>(app.db, `SELECT g.id FROM groups g WHERE g.client_id = $1 AND g.id = $2 AND ${jsonReachesClause(rotaScope(p), "g.site_ids", params)}`, params);
  if (!g) throw notFound(M.groupGone);
  await assignable(app.db, p, rotaId);
  await app.db.query("UPDATE groups SET default_rota_id = $2 WHERE id = $1", [id, rotaId]);
  const r = rotaId === null ? undefined : await one<{ id: number; name: string }>(app.db, "SELECT id, name FROM ta_rotas WHERE id = $1", [rotaId]);
  return { group_id: id, rota: r ?? null };
}
