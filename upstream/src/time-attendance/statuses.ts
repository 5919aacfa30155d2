/**
 * Activity statuses (issue 27 item 3; groups spec §3, §5): a name required and unique per
 * organisation (case-insensitive), one of the 14 named colours, counted in hours worked or not,
 * exactly one default (never archived or deleted: the database holds that too), archived and
 * unarchived, in the organisation's order.
 */
import { ACTIVITY_COLOURS, TIME_ATTENDANCE_LIMITS as L, TIME_ATTENDANCE_MESSAGES as M, type ActivityStatus } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import type { Principal } from "../clients/regional.ts";
import { one, type Queryable } from "../db/index.ts";
import { notFound, validation } from "../http/errors.ts";
import { editStatuses, idOf, nameOf, readStatuses, requireClientWide, throwIf, uniqueName } from "./access.ts";
import type { Errors } from "./shifts.ts";

interface Row { id: number; name: string; colour: string; include_in_hours: boolean; is_default: boolean; archived: boolean; position: number }
const SELECT = "SELECT id, name, colour, include_in_hours, is_default, archived_at IS NOT NULL AS archived, position FROM ta_activity_statuses";

const toStatus = (r: Row): ActivityStatus => ({ ...r, colour: r.colour as ActivityStatus["colour"] });

async function find(q: Queryable, clientId: number, id: number): Promise<Row> {
  const row = await one<Row>(q, `${SELECT} WHERE client_id = $1 AND id = $2`, [clientId, id]);
  if (!row) throw notFound(M.statusGone);
  return row;
}

async function list(q: Queryable, clientId: number) {
  return { statuses: (await q.query<Row>(`${SELECT} WHERE client_id = $1 ORDER BY position, id`, [clientId])).map(toStatus) };
}

export async function listStatuses(app: App, p: Principal) {
  readStatuses(p);
  return list(app.db, p.client.id);
}

function colourOf(raw: string | null | undefined, errors: Errors): string {
  if (!raw) errors.colour = [M.colourRequired];
  else if (!(ACTIVITY_COLOURS as readonly string[]).includes(raw)) errors.colour = [M.colourRequired];
  return raw ?? "";
}

async function guarded(app: App, p: Principal, idParam: string | undefined): Promise<Row> {
  editStatuses(p);
  const row = await find(app.db, p.client.id, idOf(idParam, M.statusGone));
  requireClientWide(p);
  return row;
}

export async function createStatus(app: App, p: Principal, input: { name?: string; colour?: string | null; include_in_hours?: boolean; is_default?: true }) {
  editStatuses(p);
  requireClientWide(p);
  const errors: Errors = {};
  const name = nameOf(input.name ?? "", errors, M.statusNameRequired);
  const colour = colourOf(input.colour, errors);
  throwIf(errors);
  const id = await app.db.tx(async (q) => {
    const count = (await one<{ n: number }>(q, "SELECT count(*)::int AS n FROM ta_activity_statuses WHERE client_id = $1", [p.client.id]))!.n;
    if (count >= L.statuses) throw validation({ name: [M.tooManyStatuses] });
    // The first status is the default whatever is asked: an organisation always has one.
    const makeDefault = input.is_default === true || count === 0;
    if (makeDefault) await q.query("UPDATE ta_activity_statuses SET is_default = false WHERE client_id = $1 AND is_default", [p.client.id]);
    return (await uniqueName(() => one<{ id: number }>(q,
      `INSERT INTO ta_activity_statuses (client_id, name, colour, include_in_hours, is_default, position)
       VALUES ($1, $2, $3, $4, $5, (SELECT coalesce(max(position) + 1, 0) FROM ta_activity_statuses WHERE client_id = $1)) RETURNING id`,
      [p.client.id, name, colour, input.include_in_hours ?? true, makeDefault]), M.statusNameTaken))!.id;
  });
  return toStatus(await find(app.db, p.client.id, id));
}

export async function updateStatus(app: App, p: Principal, idParam: string | undefined, input: { name?: string; colour?: string | null; include_in_hours?: boolean; is_default?: true }) {
  const row = await guarded(app, p, idParam);
  const errors: Errors = {};
  const name = input.name === undefined ? row.name : nameOf(input.name, errors, M.statusNameRequired);
  const colour = input.colour === undefined ? row.colour : colourOf(input.colour, errors);
  if (input.is_default && row.archived) errors.is_default = [M.archivedNotDefault];
  throwIf(errors);
  await app.db.tx(async (q) => {
    if (input.is_default && !row.is_default) await q.query("UPDATE ta_activity_statuses SET is_default = false WHERE client_id = $1 AND is_default", [p.client.id]);
    await uniqueName(() => q.query("UPDATE ta_activity_statuses SET name = $3, colour = $4, include_in_hours = $5, is_default = is_default OR $6 WHERE client_id = $1 AND id = $2",
      [p.client.id, row.id, name, colour, input.include_in_hours ?? row.include_in_hours, input.is_default === true]), M.statusNameTaken);
  });
  return toStatus(await find(app.db, p.client.id, row.id));
}

export async function deleteStatus(app: App, p: Principal, idParam: string | undefined) {
  const row = await guarded(app, p, idParam);
  if (row.is_default) throw validation({ status: [M.defaultNotDeleted] });
  await app.db.query("DELETE FROM ta_activity_statuses WHERE client_id = $1 AND id = $2 AND NOT is_default", [p.client.id, row.id]);
  return { message: "Deleted." };
}

export async function archiveStatus(app: App, p: Principal, idParam: string | undefined, archived: boolean) {
  const row = await guarded(app, p, idParam);
  if (archived && row.is_default) throw validation({ status: [M.defaultNotArchived] });
  await app.db.query(`UPDATE ta_activity_statuses SET archived_at = ${archived ? "coalesce(archived_at, now())" : "NULL"} WHERE client_id = $1 AND id = $2`, [p.client.id, row.id]);
  return toStatus(await find(app.db, p.client.id, row.id));
}

export async function orderStatuses(app: App, p: Principal, ids: number[]) {
  editStatuses(p);
  requireClientWide(p);
  const current = (await app.db.query<{ id: number }>("SELECT id FROM ta_activity_statuses WHERE client_id = $1", [p.client.id])).map((r) => r.id);
  const same = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
  if (!same) throw validation({ ids: [M.order] });
  await app.db.tx(async (q) => {
    for (const [i, id] of ids.entries()) await q.query("UPDATE ta_activity_statuses SET position = $3 WHERE client_id = $1 AND id = $2", [p.client.id, id, i]);
  });
  return list(app.db, p.client.id);
}
