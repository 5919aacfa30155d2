/**
 * One group's own screens (groups spec §2 tabs, §3 "Group settings" and "Personal field", §5
 * validation, §9 limits): the group with every tab's settings, saving one tab, deleting the group by
 * typing its name (its personal fields: `personal-fields.ts`; its members: `members/`).
 *
 * Rights: ManageVisitorGroup.viewer to read, .editor to change, .delete to delete. Active clients only. A group of another client, or an id that is not a positive
 * whole number, is 404 "Group not found" (as a missing one). Changes run in one transaction with the
 * group's row locked, so the field limits cannot be passed by concurrent calls and nothing is
 * half-saved.
 *
 * Storage (migration 009): the details tab is columns of `groups`; the other tabs live in
 * `groups.settings` by section, read over the contract's GROUP_SETTINGS_DEFAULTS; the pre-registration
 * tab's `approval_required` is the `approval_required` column (the overview and the Today view read it).
 * The group's badge (`groups.badge`, migration 010) is read and saved in `group-badge.ts`; deleting a
 * personal field here removes the badge elements that show it.
 */
import type { z } from "zod";
import {
  DELETE_NAME_MESSAGE,
  type DeleteGroupRequest,
  GROUP_SETTINGS_DEFAULTS,
  type GroupDetail,
  type GroupSettings,
  type UpdateGroupSettingsRequest,
  SIGN_OUT_FIRST_MESSAGE,
  AUTO_CLEAR_TIME_MESSAGE,
  AUTO_CLEAR_HOURS_MESSAGE,
  GROUP_ON_SITE_MESSAGE,
  SITES_MESSAGE,
  MANAGER_MESSAGE,
  TIME_AND_ATTENDANCE_OFF,
  TIME_AND_ATTENDANCE_RETURNING,
  CENTRAL_RECORD_OFF,
  CENTRAL_RECORD_ORGANISATION,
  CENTRAL_RECORD_RATING_UNKNOWN,
  SYNC_ERRORS,
  type ManagerChoices,
  type GroupSettingSections,
  type CentralRecordChoices,
} from "../../contract/index.ts";
import { readCentralRecord, type CentralRecord } from "../central-record/client.ts";
import { globalId } from "../clients/model.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden, notFound, validation } from "../http/errors.ts";
import { requireRight } from "../auth/policy.ts";
import { MANAGER_FROM } from "../members/core.ts";
import { likePattern, parseId } from "../sites/manage.ts";
import { narrowSites, reachesScope, scopeOf } from "../scope/scope.ts";
import { abilities, requireActive, type Principal } from "../clients/regional.ts";
import { signOutFirstNeedsFlagSql, signOutFirstSql } from "../today/sign-out-first.ts";

export const GROUP_NOT_FOUND = "Group not found";

type Right = "ManageVisitorGroup.viewer" | "ManageVisitorGroup.editor" | "ManageVisitorGroup.delete" | "GroupMember.viewer" | "GroupMember.editor" | "GroupMember.delete";
const FORBIDDEN: Record<Right, string> = {
  "ManageVisitorGroup.viewer": "You are not authorised to view groups.",
  "ManageVisitorGroup.editor": "You are not authorised to change groups.",
  "ManageVisitorGroup.delete": "You are not authorised to delete groups.",
  "GroupMember.viewer": "You are not authorised to view group members.",
  "GroupMember.editor": "You are not authorised to change group members.",
  "GroupMember.delete": "You are not authorised to delete group members.",
};

export interface GroupRow {
  id: number;
  client_id: number;
  name: string;
  type: "standard" | "returning" | "delivery";
  approval_required: boolean;
  default_locale: string | null;
  reply_to_name: string | null;
  reply_to_email: string | null;
  pin: string | null;
  allow_sign_out_first: boolean;
  settings: Record<string, Record<string, unknown>> | null;
  /** Migration 010: the saved badge (`group-badge.ts`); null until one is saved. */
  badge: unknown;
  /** Offered at every site (null) or at these (the sign-in tab; the sites' groups tab changes it too). */
  site_ids: number[] | null;
  /** Migration 014: the time-and-attendance tab's default manager (a member), or null. */
  default_manager_id: number | null;
}

/** Active client (or super user) and the right, else 403 (ADR 034; group routes are active-only). */
const RULE = { activeOnly: true, message: FORBIDDEN } as const;

/**
 * The client's group `idParam` (404 otherwise; also a group shown only at sites outside a
 * restricted user's, ADR 031); `lock` takes its row lock (inside a transaction).
 */
async function groupOf(q: Queryable, p: Principal, idParam: string, lock = false): Promise<GroupRow> {
  const id = parseId(idParam);
  const row = Number.isNaN(id) ? undefined : await one<GroupRow>(q, `SELECT * FROM groups WHERE id = $1 AND client_id = $2${lock ? " FOR UPDATE" : ""}`, [id, p.client.id]);
  if (!row || !reachesScope(scopeOf(p, "group"), row.site_ids)) throw notFound(GROUP_NOT_FOUND);
  return row;
}

export async function readGroup<T>(app: App, p: Principal, idParam: string, right: Right, fn: (q: Queryable, g: GroupRow) => Promise<T>): Promise<T> {
  requireRight(p, right, RULE);
  return fn(app.db, await groupOf(app.db, p, idParam));
}

export async function changeGroup<T>(app: App, p: Principal, idParam: string, right: Right, fn: (q: Queryable, g: GroupRow) => Promise<T>): Promise<T> {
  requireRight(p, right, RULE);
  return app.db.tx(async (q) => fn(q, await groupOf(q, p, idParam, true)));
}

/** Every tab's settings: the stored keys over the defaults (unknown stored keys are ignored). */
function settingsOf(r: GroupRow): GroupSettings {
  const stored = r.settings ?? {};
  const out = {} as Record<string, Record<string, unknown>>;
  for (const [section, defaults] of Object.entries(GROUP_SETTINGS_DEFAULTS) as [string, Record<string, unknown>][]) {
    const saved = stored[section] ?? {};
    out[section] = Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, k in saved ? saved[k] : v]));
  }
  const settings = out as unknown as GroupSettings;
  // Settings kept in columns of their own: the column is their truth.
  settings.pre_reg.approval_required = r.approval_required;
  settings.sign_in.every_site = r.site_ids === null;
  settings.sign_in.site_ids = r.site_ids ?? [];
  settings.time_and_attendance.default_manager_id = r.default_manager_id;
  return settings;
}

async function detail(q: Queryable, groupId: number): Promise<z.input<typeof GroupDetail>> {
  const r = (await one<GroupRow & { member_count: number; personal_field_count: number; sign_out_first_effective: boolean; sign_out_first_needs_flag: boolean }>(
    q,
    `SELECT g.*, (SELECT count(*)::int FROM members m WHERE m.group_id = g.id) AS member_count,
            (SELECT count(*)::int FROM group_personal_fields f WHERE f.group_id = g.id) AS personal_field_count,
            ${signOutFirstSql("g")} AS sign_out_first_effective, ${signOutFirstNeedsFlagSql("g")} AS sign_out_first_needs_flag
     FROM groups g WHERE g.id = $1`,
    [groupId],
  ))!;
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    details: {
      name: r.name,
      default_locale: r.default_locale as z.input<typeof GroupDetail>["details"]["default_locale"],
      reply_to_name: r.reply_to_name,
      reply_to_email: r.reply_to_email,
      pin: r.pin,
      allow_sign_out_first: r.allow_sign_out_first,
    },
    sign_out_first_effective: r.sign_out_first_effective,
    sign_out_first_needs_flag: r.sign_out_first_needs_flag,
    settings: settingsOf(r),
    member_count: r.member_count,
    personal_field_count: r.personal_field_count,
  };
}

/** GET groups/{groupId}. */
export const getGroup = (app: App, p: Principal, idParam: string) => readGroup(app, p, idParam, "ManageVisitorGroup.viewer", (q, g) => detail(q, g.id));

/** PATCH groups/{groupId}/settings: one tab, whole. */
export async function updateGroupSettings(app: App, p: Principal, idParam: string, body: z.infer<typeof UpdateGroupSettingsRequest>) {
  // Central Record is asked over HTTP before the transaction: the group's row lock is not held while it answers.
  const record = body.section === "central_record" && centralRecordOn(p) ? await readCentralRecord(app, globalId(p.client)) : null;
  return changeGroup(app, p, idParam, "ManageVisitorGroup.editor", async (q, g) => {
    if (body.section === "details") {
      const v = body.values;
      if (v.allow_sign_out_first && g.type !== "returning") throw validation({ "values.allow_sign_out_first": [SIGN_OUT_FIRST_MESSAGE] });
      await q.query(
        `UPDATE groups SET name = $2, default_locale = $3, reply_to_name = $4, reply_to_email = $5, pin = $6, allow_sign_out_first = $7 WHERE id = $1`,
        [g.id, v.name, v.default_locale, v.reply_to_name || null, v.reply_to_email || null, v.pin, v.allow_sign_out_first],
      );
      return detail(q, g.id);
    }
    let values: Record<string, unknown> = body.values;
    if (body.section === "sign_out") {
      const v = body.values;
      if (v.auto_clear === "at_time" && v.auto_clear_time === null) throw validation({ "values.auto_clear_time": [AUTO_CLEAR_TIME_MESSAGE] });
      if (v.auto_clear === "after_duration" && v.auto_clear_hours === null) throw validation({ "values.auto_clear_hours": [AUTO_CLEAR_HOURS_MESSAGE] });
      // Only the chosen rule's value is kept.
      values = { ...v, auto_clear_time: v.auto_clear === "at_time" ? v.auto_clear_time : null, auto_clear_hours: v.auto_clear === "after_duration" ? v.auto_clear_hours : null };
    } else if (body.section === "pre_reg") {
      const { approval_required, ...rest } = body.values;
      await q.query("UPDATE groups SET approval_required = $2 WHERE id = $1", [g.id, approval_required]);
      values = rest;
    } else if (body.section === "sign_in") {
      const { every_site, site_ids, ...rest } = body.values;
      // Every site is SQL NULL (never the JSON null the queries' `site_ids IS NULL` would miss).
      const offered = await offeredAt(q, p, g, every_site, site_ids);
      await q.query("UPDATE groups SET site_ids = $2::jsonb WHERE id = $1", [g.id, offered === null ? null : JSON.stringify(offered)]);
      values = rest;
    } else if (body.section === "time_and_attendance") {
      if (!timeAndAttendanceOn(p)) throw validation({ "values.enabled": [TIME_AND_ATTENDANCE_OFF] });
      if (g.type !== "returning" && (body.values.enabled || body.values.default_manager_id !== null)) throw validation({ "values.enabled": [TIME_AND_ATTENDANCE_RETURNING] });
      const { default_manager_id, ...rest } = body.values;
      await checkManagers(q, p, g, rest.enabled, default_manager_id);
      await q.query("UPDATE groups SET default_manager_id = $2 WHERE id = $1", [g.id, default_manager_id]);
      values = rest;
    } else if (body.section === "central_record") {
      if (!record) throw validation({ "values.organisation_id": [CENTRAL_RECORD_OFF] });
      values = checkCentralRecord(record, body.values);
    }
    await q.query("UPDATE groups SET settings = settings || jsonb_build_object($2::text, $3::jsonb) WHERE id = $1", [g.id, body.section, JSON.stringify(values)]);
    return detail(q, g.id);
  });
}

// ---------------------------------------------------------------------------------------------
// Where a group is offered (its sign-in tab)
// ---------------------------------------------------------------------------------------------

/**
 * The group's `site_ids` after a save of its sign-in tab: null (every site, also later ones) or a
 * list of the client's sites. A user restricted to some sites changes only those: the sites they do
 * not see keep their answer (an every-site group becomes a list of every site the client has now),
 * and they cannot make a group every-site (that would show it at sites they do not see).
 */
async function offeredAt(q: Queryable, p: Principal, g: GroupRow, everySite: boolean, chosen: number[]): Promise<number[] | null> {
  const all = (await q.query<{ id: number }>("SELECT id FROM sites WHERE client_id = $1 ORDER BY id", [p.client.id])).map((r) => r.id);
  const scope = scopeOf(p, "group");
  const mine = narrowSites(scope, all);
  if (everySite) {
    if (scope.kind !== "all" && g.site_ids !== null) throw validation({ "values.every_site": [SITES_MESSAGE] });
    return scope.kind === "all" ? null : g.site_ids;
  }
  if (chosen.some((id) => !mine.includes(id))) throw validation({ "values.site_ids": [SITES_MESSAGE] });
  const before = g.site_ids ?? all;
  return [...new Set([...chosen, ...before.filter((id) => all.includes(id) && !mine.includes(id))])].sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------
// Time & Attendance (the group's time-and-attendance tab; managers)
// ---------------------------------------------------------------------------------------------

const timeAndAttendanceOn = (p: Principal) => (p.client.settings as Record<string, unknown>).time_and_attendance_enabled === true;
const centralRecordOn = (p: Principal) => ((p.client.settings as { central_record?: { enabled?: unknown } }).central_record?.enabled ?? false) === true;

/**
 * A default manager must be a member of a group with Time & Attendance on (groups spec §5), this
 * group counting as the save leaves it; and a group whose members are default managers elsewhere
 * cannot turn Time & Attendance off (they would stop being allowed to manage).
 */
async function checkManagers(q: Queryable, p: Principal, g: GroupRow, enabled: boolean, managerId: number | null): Promise<void> {
  if (managerId !== null && !(await one(q, `SELECT 1 ${MANAGER_FROM} AND m.id = $4`, [p.client.id, g.id, enabled, managerId]))) {
    throw validation({ "values.default_manager_id": [MANAGER_MESSAGE] });
  }
  if (!enabled) {
    // A default manager of another group, or the manager of a member of another group (migration 017).
    const managing = await one<{ name: string }>(
      q,
      `SELECT o.name FROM groups o JOIN members m ON m.id = o.default_manager_id
        WHERE o.client_id = $1 AND o.id <> $2 AND m.group_id = $2 AND coalesce((o.settings->'time_and_attendance'->>'enabled')::boolean, false)
       UNION ALL
       SELECT 'member' FROM members r JOIN members m ON m.id = r.manager_id WHERE m.group_id = $2 AND r.group_id <> $2
       LIMIT 1`,
      [p.client.id, g.id],
    );
    if (managing) throw validation({ "values.enabled": [MANAGER_MESSAGE] });
  }
}

const MANAGER_LIST_MAX = 500;

/** GET time-and-attendance/managers?search=: who may be chosen as a manager. */
export async function listManagerChoices(app: App, p: Principal, query: URLSearchParams): Promise<z.input<typeof ManagerChoices>> {
  requireActive(p);
  const rights = abilities(p);
  if (!rights.includes("ManageVisitorGroup.viewer") && !rights.includes("GroupMember.viewer")) throw forbidden(FORBIDDEN["GroupMember.viewer"]);
  if (!timeAndAttendanceOn(p)) throw forbidden(TIME_AND_ATTENDANCE_OFF);
  const search = (query.get("search") ?? "").trim().slice(0, 100);
  const rows = await app.db.query<{ id: number; name: string; group_id: number; group_name: string }>(
    `SELECT m.id, m.name, mg.id AS group_id, mg.name AS group_name ${MANAGER_FROM} AND ($4::text = '' OR m.name ILIKE $5 ESCAPE '\\')
     ORDER BY lower(m.name), m.id LIMIT ${MANAGER_LIST_MAX + 1}`,
    [p.client.id, 0, false, search, likePattern(search)],
  );
  return { managers: rows.slice(0, MANAGER_LIST_MAX).map((r) => ({ id: r.id, name: r.name, group: { id: r.group_id, name: r.group_name } })), more: rows.length > MANAGER_LIST_MAX };
}

// ---------------------------------------------------------------------------------------------
// Central Record (the group's integrations tab)
// ---------------------------------------------------------------------------------------------

/** GET central-record: the client's record as it answers now (a failure is its error code, 200). */
export async function getCentralRecord(app: App, p: Principal): Promise<z.input<typeof CentralRecordChoices>> {
  requireActive(p);
  if (!abilities(p).includes("ManageVisitorGroup.viewer")) throw forbidden(FORBIDDEN["ManageVisitorGroup.viewer"]);
  if (!centralRecordOn(p)) throw forbidden(CENTRAL_RECORD_OFF);
  return readCentralRecord(app, globalId(p.client));
}

/** The integrations tab's values, checked against the record as it answers now ("all" keeps no list). */
function checkCentralRecord(record: CentralRecord, v: z.infer<typeof GroupSettingSections.central_record>) {
  if (record.error) throw validation({ "values.organisation_id": [SYNC_ERRORS[record.error]] });
  if (v.organisation_id !== null && !record.organisations.some((o) => o.id === v.organisation_id)) throw validation({ "values.organisation_id": [CENTRAL_RECORD_ORGANISATION] });
  const known = new Set(record.rating_systems.map((r) => r.id));
  if (v.rating_systems.some((id) => !known.has(id))) throw validation({ "values.rating_systems": [CENTRAL_RECORD_RATING_UNKNOWN] });
  return { ...v, rating_systems: v.rating_mode === "custom" ? [...new Set(v.rating_systems)] : [] };
}

/**
 * DELETE groups/{groupId}: the typed name must be the group's exactly. Members (their documents and
 * absences) and personal fields go with the group (ON DELETE CASCADE), and so do its visits
 * (visits.group_id cascades since migration 003: a visit is shown with its group, so it cannot
 * outlive it); evacuation reports keep their snapshot (evacuees.group_id has no foreign key, and
 * their visit_id is set null). Because deleting takes the group's people off the Today view and the
 * fire list, a group with someone signed in or waiting for approval is refused (422 on `name`, as a
 * site with an evacuation in progress is). Site fields and messages limited to groups forget it
 * (a list left empty then names no group).
 */
export function deleteGroup(app: App, p: Principal, idParam: string, body: z.infer<typeof DeleteGroupRequest>) {
  return changeGroup(app, p, idParam, "ManageVisitorGroup.delete", async (q, g) => {
    if (body.name.trim() !== g.name) throw validation({ name: [DELETE_NAME_MESSAGE] });
    if (await one(q, "SELECT 1 FROM visits WHERE group_id = $1 AND status IN ('signed_in', 'pending') LIMIT 1", [g.id])) {
      throw validation({ name: [GROUP_ON_SITE_MESSAGE] });
    }
    const without = (col: string) =>
      `${col} = (SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(${col}) e WHERE e <> to_jsonb($1::int))`;
    const clientSites = "site_id IN (SELECT id FROM sites WHERE client_id = $2)";
    await q.query(`UPDATE custom_fields SET ${without("group_ids")} WHERE ${clientSites} AND group_ids @> jsonb_build_array($1::int)`, [g.id, p.client.id]);
    await q.query(`UPDATE site_messages SET ${without("recipient_group_ids")} WHERE ${clientSites} AND recipient_group_ids @> jsonb_build_array($1::int)`, [
      g.id,
      p.client.id,
    ]);
    await q.query("DELETE FROM groups WHERE id = $1", [g.id]);
    return { deleted: true as const };
  });
}
