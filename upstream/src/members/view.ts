/**
 * Reading members (groups spec §2–6; issue 15; ADR 017): the members tab's list with its status
 * filter, and one member with what every editor tab shows. Changes are `editor.ts`'s.
 *
 * Rights: GroupMember.viewer to read; the personal fields marked sensitive are withheld without
 * GroupMember.sensitive. Active clients only.
 */
import type { z } from "zod";
import {
  MEMBER_FILTERS,
  MEMBER_LIMITS,
  MEMBER_EDITOR_MESSAGES,
  MEMBER_NOTIFICATIONS,
  MEMBER_PERMISSION_FLAGS,
  MEMBER_PERMISSIONS,
  ROTA_DAYS,
  type MemberDetail,
  type MemberFilter,
  type MemberList,
} from "../../contract/index.ts";
import { zoneChoices } from "./zones.ts";
import { abilities, type Principal } from "../clients/regional.ts";
import { one, type Queryable } from "../db/index.ts";
import { notFound } from "../http/errors.ts";
import { readGroup, type GroupRow } from "../groups/group-settings.ts";
import type { App } from "../runtime/app.ts";
import { likePattern, pageParam, parseId } from "../sites/manage.ts";
import { memberFilterSql, memberStateSql, type MemberCore } from "./core.ts";

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

export const SELECT_MEMBER = `SELECT m.*, m.starts_on::text AS starts_on, m.ends_on::text AS ends_on, ${memberStateSql(TODAY)} AS state FROM members m`;

/** The group's member `idParam` (404 "Member not found" otherwise). */
export async function memberOf(q: Queryable, g: GroupRow, idParam: string, lock = false): Promise<MemberRow> {
  const id = parseId(idParam);
  const row = Number.isNaN(id) ? undefined : await one<MemberRow>(q, `${SELECT_MEMBER} WHERE m.id = $1 AND m.group_id = $2${lock ? " FOR UPDATE OF m" : ""}`, [id, g.id]);
  if (!row) throw notFound(MEMBER_EDITOR_MESSAGES.notFound);
  return row;
}

export const holds = (p: Principal, right: string) => abilities(p).includes(right);
const flagOn = (p: Principal, flag: string) => (p.client.settings as Record<string, unknown>)[`beta.${flag}`] === true;
export const centralRecordOn = (p: Principal) => ((p.client.settings as { central_record?: { enabled?: unknown } }).central_record?.enabled ?? false) === true;

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
export async function detail(q: Queryable, p: Principal, g: GroupRow, m: MemberRow): Promise<z.input<typeof MemberDetail>> {
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
    spaces: { zones: m.spaces?.zones ?? [], sites: await zoneChoices(q, g.client_id, m.site_ids) },
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
