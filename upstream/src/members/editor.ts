/**
 * The members tab and the member editor (groups spec §2–6, §9; issue 15; ADR 017): the list with its
 * status filter, adding a member, reading one with what every editor tab shows, saving a tab,
 * archiving and unarchiving, deleting, multi-edit, and companion invites. Documents and credentials
 * are `documents.ts` and `credentials.ts`.
 *
 * Rights: GroupMember.viewer to read, .editor to change, .delete to delete, .sensitive for the
 * personal fields marked sensitive (read: withheld without it; write: 403). Active clients only. The
 * core fields' rules are `core.ts`'s (the one copy). Changes run in one transaction with the group's
 * row locked.
 */
import type { z } from "zod";
import {
  MEMBER_EDITOR_LIMITS,
  MEMBER_EDITOR_MESSAGES,
  MEMBER_FILTERS,
  MEMBER_LIMITS,
  MEMBER_MESSAGES,
  MEMBER_NOTIFICATIONS,
  MEMBER_PERMISSION_FLAGS,
  MEMBER_PERMISSIONS,
  ROTA_DAYS,
  type MemberCoreInput,
  type MemberDetail,
  type MemberFilter,
  type MemberList,
  type MemberUpdate,
  type MultiEditRequest,
} from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden, notFound, validation } from "../http/errors.ts";
import { changeGroup, readGroup, type GroupRow } from "../groups/group-settings.ts";
import { likePattern, pageParam, parseId } from "../sites/manage.ts";
import { abilities, type Principal } from "../clients/regional.ts";
import { deleteFile } from "../sites/uploads.ts";
import { checkMemberRefs, clientCountry, memberFilterSql, memberStateSql, normaliseMemberCore, toE164, type CoreProblems, type MemberCore } from "./core.ts";

/** Today as the members' dates read it (the database's day). */
const TODAY = "current_date";

export interface MemberRow extends MemberCore {
  id: number;
  group_id: number;
  synced: boolean;
  archived_at: Date | string | null;
  permissions: Record<string, boolean>;
  personal: Record<string, string>;
  emergency_contacts: z.infer<typeof MemberDetail>["emergency_contacts"];
  notifications: Record<string, boolean>;
  evacuation: Partial<z.infer<typeof MemberDetail>["evacuation"]>;
  spaces: { zones?: string[] };
  time_attendance: Partial<z.infer<typeof MemberDetail>["time_and_attendance"]>;
  companion_connected_at: Date | string | null;
  companion_invited_at: Date | string | null;
  central_record_id: string | null;
  created_at: Date | string;
  state: MemberDetail["state"];
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const day = (d: unknown) => (d === null || d === undefined ? null : typeof d === "string" ? d.slice(0, 10) : (d as Date).toISOString().slice(0, 10));

const SELECT_MEMBER = `SELECT m.*, m.starts_on::text AS starts_on, m.ends_on::text AS ends_on, ${memberStateSql(TODAY)} AS state FROM members m`;

/** The group's member `idParam` (404 "Member not found" otherwise). */
export async function memberOf(q: Queryable, g: GroupRow, idParam: string, lock = false): Promise<MemberRow> {
  const id = parseId(idParam);
  const row = Number.isNaN(id) ? undefined : await one<MemberRow>(q, `${SELECT_MEMBER} WHERE m.id = $1 AND m.group_id = $2${lock ? " FOR UPDATE OF m" : ""}`, [id, g.id]);
  if (!row) throw notFound(MEMBER_EDITOR_MESSAGES.notFound);
  return row;
}

/** Members belong to returning groups only. */
function requireReturning(g: GroupRow): void {
  if (g.type !== "returning") throw notFound(MEMBER_EDITOR_MESSAGES.notFound);
}

const holds = (p: Principal, right: string) => abilities(p).includes(right);
const flagOn = (p: Principal, flag: string) => (p.client.settings as Record<string, unknown>)[`beta.${flag}`] === true;
const centralRecordOn = (p: Principal) => ((p.client.settings as { central_record?: { enabled?: unknown } }).central_record?.enabled ?? false) === true;

/** The flags this client may set (`MEMBER_PERMISSION_FLAGS`). */
export const permissionsOffered = (p: Principal) => MEMBER_PERMISSIONS.filter((k) => !MEMBER_PERMISSION_FLAGS[k] || flagOn(p, MEMBER_PERMISSION_FLAGS[k]!));

/** Sites the member's credentials may be used at that their group is not shown at (ADR 017). */
async function credentialWarnings(q: Queryable, g: GroupRow, m: MemberRow) {
  if (g.site_ids === null) return [];
  return q.query<{ site_id: number; site_name: string }>(
    `SELECT s.id AS site_id, s.name AS site_name FROM sites s
      WHERE s.client_id = $1 AND NOT ($2::jsonb @> jsonb_build_array(s.id))
        AND (s.id = ANY($3::int[]) OR EXISTS (SELECT 1 FROM visits v WHERE v.member_id = $4 AND v.site_id = s.id))
      ORDER BY lower(s.name), s.id`,
    [g.client_id, JSON.stringify(g.site_ids), m.site_ids ?? [], m.id],
  );
}

/** Everything the editor's tabs show. */
async function detail(q: Queryable, p: Principal, g: GroupRow, m: MemberRow): Promise<z.input<typeof MemberDetail>> {
  const sensitive = holds(p, "GroupMember.sensitive");
  const [fields, documents, credentials, manager, warnings] = await Promise.all([
    q.query<{ id: number; label: string; type: string; options: string[]; required: boolean; sensitive: boolean }>(
      "SELECT id, label, type, options, required, sensitive FROM group_personal_fields WHERE group_id = $1 ORDER BY position, id",
      [g.id],
    ),
    q.query<{ id: number; title: string; expires_on: string | null; token: string | null; kind: string | null; filename: string | null; size: number | null; created_at: Date | string }>(
      `SELECT d.id, d.title, d.expires_on::text AS expires_on, f.token, f.kind, d.filename, f.size, d.created_at
         FROM member_documents d LEFT JOIN files f ON f.id = d.file_id WHERE d.member_id = $1 ORDER BY d.expires_on NULLS LAST, lower(d.title), d.id`,
      [m.id],
    ),
    q.query<{ id: number; kind: "qr" | "rfid"; value: string; created_at: Date | string }>(
      "SELECT id, kind, value, created_at FROM member_credentials WHERE member_id = $1 AND revoked_at IS NULL ORDER BY id",
      [m.id],
    ),
    m.manager_id === null ? undefined : one<{ id: number; name: string }>(q, "SELECT id, name FROM members WHERE id = $1", [m.manager_id]),
    credentialWarnings(q, g, m),
  ]);
  const ta = m.time_attendance ?? {};
  const ev = m.evacuation ?? {};
  return {
    id: m.id,
    group_id: g.id,
    name: m.name,
    email: m.email,
    mobile: m.mobile,
    pin: m.pin,
    starts_on: day(m.starts_on),
    ends_on: day(m.ends_on),
    site_ids: m.site_ids,
    state: m.state,
    synced: m.synced,
    manager: manager ?? null,
    emergency_contacts: m.emergency_contacts,
    personal: fields.map((f) => {
      const withheld = f.sensitive && !sensitive;
      return { field_id: f.id, label: f.label, type: f.type, options: f.options, required: f.required, sensitive: f.sensitive, value: withheld ? null : (m.personal[String(f.id)] ?? null), withheld };
    }),
    notifications: Object.fromEntries(MEMBER_NOTIFICATIONS.map((k) => [k, m.notifications[k] !== false])) as Record<(typeof MEMBER_NOTIFICATIONS)[number], boolean>,
    permissions: Object.fromEntries(MEMBER_PERMISSIONS.map((k) => [k, m.permissions[k] === true])) as Record<(typeof MEMBER_PERMISSIONS)[number], boolean>,
    permissions_offered: permissionsOffered(p),
    evacuation: { assistance: ev.assistance ?? "none", notes: ev.notes ?? "", warden: ev.warden === true, first_aider: ev.first_aider === true },
    documents: documents.map((d) => ({
      id: d.id,
      title: d.title,
      expires_on: d.expires_on,
      file: d.token && d.kind ? `${d.token}.${d.kind}` : null,
      filename: d.token ? d.filename : null,
      size: d.token ? d.size : null,
      created_at: iso(d.created_at)!,
    })),
    credentials: credentials.map((c) => ({ id: c.id, kind: c.kind, value: c.value, created_at: iso(c.created_at)! })),
    credential_warnings: warnings,
    companion: { connected_at: iso(m.companion_connected_at), invited_at: iso(m.companion_invited_at) },
    spaces: { zones: m.spaces?.zones ?? [] },
    time_and_attendance: {
      rota: Object.fromEntries(ROTA_DAYS.map((d) => [d, Number(ta.rota?.[d] ?? 0)])) as z.input<typeof MemberDetail>["time_and_attendance"]["rota"],
      leave_allowance: Number(ta.leave_allowance ?? 0),
      adjustments: ta.adjustments ?? [],
    },
    central_record: { enabled: centralRecordOn(p), record_id: m.central_record_id },
    created_at: iso(m.created_at)!,
  };
}

// --- The list ---------------------------------------------------------------------------------

/** GET groups/{groupId}/members?filter=&search=&page=&ids=: by name (then id), 15 a page (all the `ids` at once). */
export function listMembers(app: App, p: Principal, idParam: string, query: URLSearchParams): Promise<z.input<typeof MemberList>> {
  return readGroup(app, p, idParam, "GroupMember.viewer", async (q, g) => {
    const filterParam = query.get("filter") ?? "all";
    const filter: MemberFilter = (MEMBER_FILTERS as readonly string[]).includes(filterParam) ? (filterParam as MemberFilter) : "all";
    const search = (query.get("search") ?? "").trim().slice(0, 100);
    const ids = (query.get("ids") ?? "").split(",").filter((s) => /^\d{1,9}$/.test(s)).slice(0, MEMBER_LIMITS.multiEdit).map(Number);
    const byIds = query.has("ids");
    const page = byIds ? 1 : pageParam(query);
    const perPage = byIds ? MEMBER_LIMITS.multiEdit : MEMBER_LIMITS.perPage;
    const base = `m.group_id = $1 AND ($2::text = '' OR m.name ILIKE $3 ESCAPE '\\' OR m.email ILIKE $3 ESCAPE '\\')${byIds ? " AND m.id = ANY($4::int[])" : ""}`;
    const params: unknown[] = [g.id, search, likePattern(search), ...(byIds ? [ids] : [])];
    const [counts] = await q.query<Record<MemberFilter, number>>(
      `SELECT ${MEMBER_FILTERS.map((f) => `count(*) FILTER (WHERE ${memberFilterSql(f, TODAY)})::int AS ${f}`).join(", ")} FROM members m WHERE ${base}`,
      params,
    );
    const members = await q.query<MemberRow>(
      `${SELECT_MEMBER} WHERE ${base} AND ${memberFilterSql(filter, TODAY)} ORDER BY lower(m.name), m.id LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
      params,
    );
    return {
      members: members.map((m) => ({ id: m.id, name: m.name, email: m.email, mobile: m.mobile, starts_on: day(m.starts_on), ends_on: day(m.ends_on), state: m.state, synced: m.synced })),
      page,
      per_page: perPage,
      total: counts![filter],
      counts: counts!,
    };
  });
}

// --- One member ---------------------------------------------------------------------------------

/** GET groups/{groupId}/members/{memberId}. */
export const getMember = (app: App, p: Principal, idParam: string, memberId: string) =>
  readGroup(app, p, idParam, "GroupMember.viewer", async (q, g) => detail(q, p, g, await memberOf(q, g, memberId)));

const throwProblems = (problems: CoreProblems, prefix = "") => {
  const entries = Object.entries(problems).filter(([, v]) => v && v.length);
  if (entries.length) throw validation(Object.fromEntries(entries.map(([k, v]) => [`${prefix}${k}`, v!])));
};

/** Core fields of `input` over `current`, checked (format and references); 422 with every problem. */
async function coreValues(q: Queryable, p: Principal, g: GroupRow, memberId: number | null, input: MemberCoreInput, current: MemberCore | null): Promise<MemberCore> {
  const { values, problems } = normaliseMemberCore(input, current, clientCountry(p.client.settings));
  throwProblems(problems);
  const changed = { email: input.email !== undefined, site_ids: input.site_ids !== undefined, manager_id: input.manager_id !== undefined };
  throwProblems(await checkMemberRefs(q, g, memberId, values, changed));
  return values;
}

const CORE_COLS = ["name", "email", "mobile", "pin", "starts_on", "ends_on", "site_ids", "manager_id"] as const;
const coreParams = (v: MemberCore) => CORE_COLS.map((c) => (c === "site_ids" ? (v.site_ids === null ? null : JSON.stringify(v.site_ids)) : v[c]));

/** POST groups/{groupId}/members. */
export function createMember(app: App, p: Principal, idParam: string, body: MemberCoreInput) {
  return changeGroup(app, p, idParam, "GroupMember.editor", async (q, g) => {
    requireReturning(g);
    const v = await coreValues(q, p, g, null, { name: "", ...body }, null);
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO members (group_id, ${CORE_COLS.join(", ")}) VALUES ($1, ${CORE_COLS.map((c, i) => `$${i + 2}${c === "site_ids" ? "::jsonb" : ""}`).join(", ")}) RETURNING id`,
      [g.id, ...coreParams(v)],
    );
    return detail(q, p, g, await memberOf(q, g, String(id)));
  });
}

/** The personal answers given, checked against the group's fields (sensitive ones need the right). */
async function personalValues(q: Queryable, p: Principal, g: GroupRow, m: MemberRow, given: Record<string, string>): Promise<Record<string, string>> {
  const fields = await q.query<{ id: number; type: string; options: string[]; required: boolean; sensitive: boolean; editable: boolean }>(
    "SELECT id, type, options, required, sensitive, editable FROM group_personal_fields WHERE group_id = $1",
    [g.id],
  );
  const out = { ...m.personal };
  const problems: Record<string, string[]> = {};
  for (const [key, raw] of Object.entries(given)) {
    const f = fields.find((x) => String(x.id) === key);
    if (!f) continue;
    if (f.sensitive && !holds(p, "GroupMember.sensitive")) throw forbidden(MEMBER_EDITOR_MESSAGES.sensitive);
    const value = raw.replace(/[\u0000-\u001f\u007f]/g, " ").trim();
    if (value === "") {
      if (f.required) problems[`personal.${key}`] = [MEMBER_EDITOR_MESSAGES.personalRequired];
      delete out[key];
      continue;
    }
    const allowed = f.type === "yes_no" ? ["yes", "no"] : f.type === "dropdown" ? f.options : null;
    if (allowed && !allowed.includes(value)) problems[`personal.${key}`] = [MEMBER_EDITOR_MESSAGES.personalValue];
    else if (f.type === "checkboxes" && value.split("\n").some((v) => !f.options.includes(v))) problems[`personal.${key}`] = [MEMBER_EDITOR_MESSAGES.personalValue];
    else out[key] = value;
  }
  if (Object.keys(problems).length) throw validation(problems);
  return out;
}

/** PATCH groups/{groupId}/members/{memberId}: the parts given replaced, the rest kept. */
export function updateMember(app: App, p: Principal, idParam: string, memberId: string, body: MemberUpdate) {
  return changeGroup(app, p, idParam, "GroupMember.editor", async (q, g) => {
    const m = await memberOf(q, g, memberId, true);
    const sets: string[] = [];
    const params: unknown[] = [m.id];
    const set = (col: string, value: unknown, cast = "") => {
      params.push(value);
      sets.push(`${col} = $${params.length}${cast}`);
    };
    if (body.core) {
      // A directory owns a synced member's name, email and mobile (group-sync.ts).
      const core = m.synced ? { ...body.core, name: undefined, email: undefined, mobile: undefined } : body.core;
      const v = await coreValues(q, p, g, m.id, core, m);
      CORE_COLS.forEach((c, i) => set(c, coreParams(v)[i], c === "site_ids" ? "::jsonb" : ""));
    }
    if (body.emergency_contacts) {
      const country = clientCountry(p.client.settings);
      const problems: Record<string, string[]> = {};
      const contacts = body.emergency_contacts.map((c, i) => {
        const phone = toE164(c.phone, country);
        if (!phone) problems[`emergency_contacts.${i}.phone`] = [MEMBER_MESSAGES.mobile];
        return { ...c, phone: phone ?? c.phone };
      });
      if (Object.keys(problems).length) throw validation(problems);
      set("emergency_contacts", JSON.stringify(contacts), "::jsonb");
    }
    if (body.personal) set("personal", JSON.stringify(await personalValues(q, p, g, m, body.personal)), "::jsonb");
    if (body.notifications) set("notifications", JSON.stringify({ ...m.notifications, ...body.notifications }), "::jsonb");
    if (body.permissions) {
      const offered = permissionsOffered(p);
      const bad = Object.entries(body.permissions).find(([k, on]) => on && !offered.includes(k as never));
      if (bad) throw validation({ [`permissions.${bad[0]}`]: [MEMBER_EDITOR_MESSAGES.aiAssistant] });
      set("permissions", JSON.stringify({ ...m.permissions, ...body.permissions }), "::jsonb");
    }
    if (body.evacuation) set("evacuation", JSON.stringify({ ...body.evacuation, notes: body.evacuation.notes.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").trim() }), "::jsonb");
    if (body.spaces) set("spaces", JSON.stringify({ zones: [...new Set(body.spaces.zones)] }), "::jsonb");
    if (body.time_and_attendance) set("time_attendance", JSON.stringify(body.time_and_attendance), "::jsonb");
    if (body.central_record) {
      if (!centralRecordOn(p)) throw validation({ "central_record.record_id": [MEMBER_EDITOR_MESSAGES.centralRecordOff] });
      set("central_record_id", body.central_record.record_id || null);
    }
    if (sets.length) await q.query(`UPDATE members SET ${sets.join(", ")}, updated_at = now() WHERE id = $1`, params);
    return detail(q, p, g, await memberOf(q, g, String(m.id)));
  });
}

/** Revoke every live credential of these members (archive; ADR 017). */
export const revokeCredentialsOf = (q: Queryable, ids: number[]) =>
  q.query("UPDATE member_credentials SET revoked_at = now() WHERE member_id = ANY($1::int[]) AND revoked_at IS NULL", [ids]);

/** The ids that are members of the group, locked; 422 naming those that are not. */
async function membersOfGroup(q: Queryable, g: GroupRow, ids: number[]): Promise<MemberRow[]> {
  const rows = await q.query<MemberRow>(`${SELECT_MEMBER} WHERE m.group_id = $1 AND m.id = ANY($2::int[]) ORDER BY m.id FOR UPDATE OF m`, [g.id, [...new Set(ids)]]);
  const missing = [...new Set(ids)].filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) throw validation(Object.fromEntries(missing.map((id) => [`members.${id}`, [MEMBER_EDITOR_MESSAGES.multiEditMember]])));
  return rows;
}

/** POST groups/{groupId}/members/archive: archive (credentials revoked at once) or unarchive. */
export function archiveMembers(app: App, p: Principal, idParam: string, body: { ids: number[]; archived: boolean }) {
  return changeGroup(app, p, idParam, "GroupMember.editor", async (q, g) => {
    const rows = await membersOfGroup(q, g, body.ids);
    const ids = rows.map((r) => r.id);
    if (body.archived) {
      await q.query("UPDATE members SET archived_at = now(), updated_at = now() WHERE id = ANY($1::int[]) AND archived_at IS NULL", [ids]);
      await revokeCredentialsOf(q, ids);
    } else {
      await q.query("UPDATE members SET archived_at = NULL, updated_at = now() WHERE id = ANY($1::int[])", [ids]);
    }
    return { changed: ids.length };
  });
}

/** DELETE groups/{groupId}/members/{memberId}: documents' files deleted; visits keep their name, member_id null. */
export function deleteMember(app: App, p: Principal, idParam: string, memberId: string) {
  return changeGroup(app, p, idParam, "GroupMember.delete", async (q, g) => {
    const m = await memberOf(q, g, memberId, true);
    const files = await q.query<{ file_id: number }>("SELECT file_id FROM member_documents WHERE member_id = $1 AND file_id IS NOT NULL", [m.id]);
    await q.query("DELETE FROM members WHERE id = $1", [m.id]);
    for (const f of files) await deleteFile(q, f.file_id);
    return { deleted: true as const };
  });
}

/** POST groups/{groupId}/members/multi-edit: the same change to every member, all or nothing. */
export function multiEditMembers(app: App, p: Principal, idParam: string, body: MultiEditRequest) {
  return changeGroup(app, p, idParam, "GroupMember.editor", async (q, g) => {
    if (body.ids.length === 0) throw validation({ ids: [MEMBER_EDITOR_MESSAGES.multiEditNone] });
    const core: MemberCoreInput = {};
    for (const k of ["site_ids", "starts_on", "ends_on", "manager_id"] as const) if (body[k] !== undefined) (core as Record<string, unknown>)[k] = body[k];
    const permissions = body.permissions ?? {};
    if (Object.keys(core).length === 0 && Object.keys(permissions).length === 0) throw validation({ ids: [MEMBER_EDITOR_MESSAGES.multiEditNothing] });
    const offered = permissionsOffered(p);
    const bad = Object.entries(permissions).find(([k, on]) => on && !offered.includes(k as never));
    if (bad) throw validation({ [`permissions.${bad[0]}`]: [MEMBER_EDITOR_MESSAGES.aiAssistant] });
    const rows = await membersOfGroup(q, g, body.ids);
    const country = clientCountry(p.client.settings);
    const problems: Record<string, string[]> = {};
    const changed = { email: false, site_ids: core.site_ids !== undefined, manager_id: core.manager_id !== undefined };
    const updates: { id: number; v: MemberCore }[] = [];
    for (const m of rows) {
      const { values, problems: own } = normaliseMemberCore(core, m, country);
      const refs = Object.keys(own).length ? {} : await checkMemberRefs(q, g, m.id, values, changed);
      const all = [...Object.values(own), ...Object.values(refs)].flat().filter((x): x is string => !!x);
      if (all.length) problems[`members.${m.id}`] = [...new Set(all)];
      else updates.push({ id: m.id, v: values });
    }
    if (Object.keys(problems).length) throw validation(problems);
    for (const { id, v } of updates) {
      await q.query(
        `UPDATE members SET site_ids = $2::jsonb, starts_on = $3, ends_on = $4, manager_id = $5, permissions = permissions || $6::jsonb, updated_at = now() WHERE id = $1`,
        [id, v.site_ids === null ? null : JSON.stringify(v.site_ids), v.starts_on, v.ends_on, v.manager_id, JSON.stringify(permissions)],
      );
    }
    return { changed: updates.length };
  });
}

/**
 * POST groups/{groupId}/members/companion-invite: an email each (the outbox). One member: needs an
 * email and not archived. Bulk: skips members without an email, archived, with a connected device
 * or invited in the last 72 hours (groups spec §9).
 */
export function inviteMembers(app: App, p: Principal, idParam: string, body: { ids: number[]; bulk: boolean }) {
  return changeGroup(app, p, idParam, "GroupMember.editor", async (q, g) => {
    const rows = await membersOfGroup(q, g, body.ids);
    const recent = Date.now() - MEMBER_EDITOR_LIMITS.inviteHours * 3600_000;
    if (!body.bulk) {
      const m = rows[0]!;
      if (m.archived_at) throw validation({ email: [MEMBER_MESSAGES.archived] });
      if (!m.email) throw validation({ email: [MEMBER_MESSAGES.inviteNeedsEmail] });
    }
    const send = rows.filter(
      (m) => m.email && !m.archived_at && (!body.bulk || (!m.companion_connected_at && !(m.companion_invited_at && new Date(m.companion_invited_at).getTime() > recent))),
    );
    for (const m of send) {
      await q.query("INSERT INTO outbox (to_email, subject, body) VALUES ($1, $2, $3)", [
        m.email,
        `Your invite to the Gatehouse companion app (${g.name})`,
        `Hello ${m.name},\n\n${p.client.name} invites you to sign in and out of ${g.name} with the Gatehouse companion app. Install it and sign in with this email address.\n`,
      ]);
    }
    if (send.length) await q.query("UPDATE members SET companion_invited_at = now() WHERE id = ANY($1::int[])", [send.map((m) => m.id)]);
    return { sent: send.length, skipped: rows.length - send.length };
  });
}

/**
 * Members offered at sign-in at a site (SQL over `m`, the site's id at `$site`): not archived, within
 * their dates, and with the site among their sites shown (ADR 017).
 */
export const offeredAtSiteSql = (site: string) => `${memberFilterSql("current", TODAY)} AND (m.site_ids IS NULL OR m.site_ids @> jsonb_build_array(${site}::int))`;
