/**
 * The member editor's changes (groups spec §2–6, §9; issue 15; ADR 017): adding a member, saving a
 * tab, archiving and unarchiving, deleting, multi-edit, and companion invites. Reading (the list,
 * one member) is `view.ts`; documents and credentials are `documents.ts` and `credentials.ts`.
 *
 * Rights: GroupMember.editor to change, .delete to delete, .sensitive to write the personal fields
 * marked sensitive (403 without it). Active clients only. The core fields' rules are `core.ts`'s
 * (the one copy). Changes run in one transaction with the group's row locked.
 */
import {
  MEMBER_EDITOR_LIMITS,
  MEMBER_EDITOR_MESSAGES,
  MEMBER_MESSAGES,
  type MemberCoreInput,
  type MemberUpdate,
  type MultiEditRequest,
} from "../../contract/index.ts";
import type { Principal } from "../clients/regional.ts";
import type { Queryable } from "../db/index.ts";
import { forbidden, notFound, validation } from "../http/errors.ts";
import { changeGroup, type GroupRow } from "../groups/group-settings.ts";
import type { App } from "../runtime/app.ts";
import { deleteFile } from "../sites/uploads.ts";
import { permittedZones } from "./zones.ts";
import { checkMemberRefs, clientCountry, normaliseMemberCore, toE164, type CoreProblems, type MemberCore } from "./core.ts";
import { centralRecordOn, detail, holds, memberOf, permissionsOffered, SELECT_MEMBER, type MemberRow } from "./view.ts";

/** Members belong to returning groups only. */
function requireReturning(g: GroupRow): void {
  if (g.type !== "returning") throw notFound(MEMBER_EDITOR_MESSAGES.notFound);
}

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
    // Zones of the member's sites only (ids; zones/ permittedZones): an unknown id or another site's is 422.
    if (body.spaces) set("spaces", JSON.stringify({ zones: await permittedZones(q, g.client_id, m.site_ids, body.spaces.zones) }), "::jsonb");
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
