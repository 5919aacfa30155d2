/**
 * Member import (issue 15 §3; ADR 018): a file read as it streams (`read.ts`), planned row by row
 * with the core fields' own rules (`normaliseMemberCore`, `checkMemberRefs`: a row is refused for
 * exactly what the member editor refuses) plus the file's own (duplicate ids or emails in the file,
 * unknown site names, an id not of this group), and kept as a preview in `member_imports` under a
 * random token for an hour. Nothing in `members` changes until apply, which makes the plan again
 * from the kept cells against what is stored then, inside one transaction holding the group's row
 * lock: the same plan is written whole, or nothing (a changed plan is kept as the new preview and
 * answered 409 `import_stale`).
 *
 * Matching: a row's member id, else its email (case-insensitively), within the group. A row whose
 * "archived" says yes archives its member (no unarchives); members not in the file are listed as
 * `missing` and archived only when apply is asked to.
 */
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import {
  IMPORT_FILE_MESSAGES,
  IMPORT_PREVIEW_GONE,
  IMPORT_ROW_MESSAGES,
  IMPORT_STALE,
  IMPORT_STALE_CODE,
  MEMBER_IO_LIMITS,
  MEMBER_IO_SITE_SEPARATOR,
  MEMBER_MESSAGES,
  type ImportAction,
  type ImportCounts,
  type ImportReason,
  type MemberCoreInput,
  type MemberImportApplied,
  type MemberImportPreview,
  type MemberIoColumn,
} from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { HttpError } from "../http/errors.ts";
import type { Principal } from "../clients/regional.ts";
import { checkMemberRefs, clientCountry, normaliseMemberCore, type CoreProblems, type MemberCore } from "./core.ts";
import { revokeCredentialsOf } from "./editor.ts";
import { readMemberFile, type ReadRow } from "./read.ts";
import { drain, readUpload } from "../http/upload.ts";
import { memberGroup, siteNames, type MemberGroup } from "./group.ts";

// --- Planning ---------------------------------------------------------------------------------

interface StoredMember extends MemberCore {
  id: number;
  archived: boolean;
  /** A directory owns the name, email and mobile (an integrated group's synced member). */
  synced: boolean;
}

/** What the plan reads from the database, once per plan. */
interface PlanContext {
  group: MemberGroup;
  country: ReturnType<typeof clientCountry>;
  members: Map<number, StoredMember>;
  byEmail: Map<string, number>;
  siteIds: Map<string, number>;
  /** The sites the group is shown at (its own list, or every site of the client). */
  groupSites: number[];
}

async function planContext(q: Queryable, p: Principal, group: MemberGroup): Promise<PlanContext> {
  const rows = await q.query<StoredMember>(
    `SELECT id, name, email, mobile, pin, to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on,
            site_ids, manager_id, archived_at IS NOT NULL AS archived, synced
       FROM members WHERE group_id = $1 ORDER BY id`,
    [group.id],
  );
  const members = new Map(rows.map((m) => [m.id, m]));
  const byEmail = new Map<string, number>();
  for (const m of rows) if (m.email && !byEmail.has(m.email.toLowerCase())) byEmail.set(m.email.toLowerCase(), m.id);
  const names = await siteNames(q, group.client_id);
  const siteIds = new Map<string, number>();
  for (const [id, name] of names) siteIds.set(name.trim().toLowerCase(), id);
  return { group, country: clientCountry(p.client.settings), members, byEmail, siteIds, groupSites: group.site_ids ?? [...names.keys()] };
}

/** One row's plan. */
export interface PlannedRow {
  line: number | null;
  cells: ReadRow["cells"] | null;
  action: ImportAction | "unchanged" | "refused";
  member_id: number | null;
  name: string;
  email: string | null;
  values: MemberCore | null;
  archived: boolean | null;
  columns: MemberIoColumn[];
  reasons: ImportReason[];
  /** What was wrong with the row as read (kept, so apply plans it the same). */
  read: ImportReason[];
}

const CORE_COLUMN: Record<keyof MemberCore, MemberIoColumn | null> = {
  name: "name",
  email: "email",
  mobile: "mobile",
  pin: null,
  starts_on: "start_date",
  ends_on: "end_date",
  site_ids: "sites",
  manager_id: null,
};
const MEMBER_CODES = new Map(Object.entries(MEMBER_MESSAGES).map(([code, text]) => [text as string, code]));

function coreReasons(problems: CoreProblems): ImportReason[] {
  return (Object.entries(problems) as [keyof MemberCore, string[]][]).flatMap(([field, messages]) =>
    messages.map((message) => ({ column: CORE_COLUMN[field], code: MEMBER_CODES.get(message) ?? "invalid", message, value: null })),
  );
}

const rowReason = (column: MemberIoColumn | null, code: keyof typeof IMPORT_ROW_MESSAGES, value: string | null = null): ImportReason => ({ column, code, message: IMPORT_ROW_MESSAGES[code], value });

const YES = new Set(["yes", "y", "true", "1"]);
const NO = new Set(["no", "n", "false", "0"]);

const sameSites = (a: number[] | null, b: number[] | null) => (a === null || b === null ? a === b : a.length === b.length && a.every((x, i) => x === b[i]));

/** The plan of the file's rows over `ctx` (nothing written). */
export async function planRows(q: Queryable, ctx: PlanContext, rows: { line: number; cells: ReadRow["cells"]; problems: ImportReason[] }[]): Promise<PlannedRow[]> {
  const refsGroup = { id: ctx.group.id, client_id: ctx.group.client_id, site_ids: ctx.groupSites };
  const planned: PlannedRow[] = [];
  for (const row of rows) {
    const c = row.cells;
    const reasons = [...row.problems];
    // Which member: the id, else the email, within the group.
    let member: StoredMember | null = null;
    const idCell = c.member_id?.trim() ?? "";
    if (idCell !== "") {
      const id = /^\d{1,9}$/.test(idCell) ? Number(idCell) : NaN;
      member = ctx.members.get(id) ?? null;
      if (!member) reasons.push(rowReason("member_id", "memberId", idCell));
    } else if (c.email?.trim()) {
      const id = ctx.byEmail.get(c.email.trim().toLowerCase());
      member = id === undefined ? null : ctx.members.get(id)!;
    }
    const input: MemberCoreInput = {};
    if (c.name !== undefined) input.name = c.name;
    if (c.email !== undefined) input.email = c.email;
    if (c.mobile !== undefined) input.mobile = c.mobile;
    if (c.start_date !== undefined) input.starts_on = c.start_date;
    if (c.end_date !== undefined) input.ends_on = c.end_date;
    if (c.sites !== undefined) {
      const names = c.sites.split(MEMBER_IO_SITE_SEPARATOR).map((s) => s.trim()).filter(Boolean);
      const ids: number[] = [];
      for (const name of names) {
        const id = ctx.siteIds.get(name.toLowerCase());
        if (id === undefined) reasons.push(rowReason("sites", "unknownSite", name));
        else ids.push(id);
      }
      input.site_ids = names.length === 0 ? null : ids;
    }
    let archived: boolean | null = null;
    const a = c.archived?.trim().toLowerCase() ?? "";
    if (YES.has(a)) archived = true;
    else if (NO.has(a)) archived = false;
    else if (a !== "") reasons.push(rowReason("archived", "archivedValue", c.archived ?? null));

    const current: MemberCore | null = member ? { name: member.name, email: member.email, mobile: member.mobile, pin: member.pin, starts_on: member.starts_on, ends_on: member.ends_on, site_ids: member.site_ids, manager_id: member.manager_id } : null;
    const { values, problems } = normaliseMemberCore(input, current, ctx.country);
    // A cell refused as read (too long, a control character) is not there for the editor's rules:
    // they would add "required" to what the row already says about that column.
    const unread = new Set(row.problems.map((p) => p.column));
    reasons.push(...coreReasons(problems).filter((r) => !unread.has(r.column)));
    const columns: MemberIoColumn[] = [];
    if (member) {
      if (values.name !== member.name) columns.push("name");
      if (values.email !== member.email) columns.push("email");
      if (values.mobile !== member.mobile) columns.push("mobile");
      if (values.starts_on !== member.starts_on) columns.push("start_date");
      if (values.ends_on !== member.ends_on) columns.push("end_date");
      if (!sameSites(values.site_ids, member.site_ids)) columns.push("sites");
      if (archived !== null && archived !== member.archived) columns.push("archived");
      // What the directory owns is changed by the directory only.
      for (const col of ["name", "email", "mobile"] as const) if (member.synced && columns.includes(col)) reasons.push(rowReason(col, "synced"));
    }
    if (!problems.email && !problems.site_ids && !reasons.some((r) => r.column === "sites")) {
      // The database's rules, asked only about what changes (the editor asks the same way).
      const emailChanged = values.email !== null && (member ? values.email.toLowerCase() !== (member.email ?? "").toLowerCase() : true);
      const refs = await checkMemberRefs(q, refsGroup, member?.id ?? null, values, { email: emailChanged && member !== null, site_ids: member ? columns.includes("sites") : values.site_ids !== null, manager_id: false });
      reasons.push(...coreReasons(refs));
    }
    let action: PlannedRow["action"];
    if (!member) action = "create";
    else if (archived === true && !member.archived) action = "archive";
    else action = columns.length > 0 ? "update" : "unchanged";
    planned.push({ line: row.line, cells: c, action, member_id: member?.id ?? null, name: values.name, email: values.email, values, archived, columns, reasons, read: row.problems });
  }
  // The file's own duplicates: every row sharing a member or an email with another is refused.
  const byMember = new Map<number, PlannedRow[]>();
  const byEmail = new Map<string, PlannedRow[]>();
  for (const r of planned) {
    if (r.member_id !== null) byMember.set(r.member_id, [...(byMember.get(r.member_id) ?? []), r]);
    if (r.email) byEmail.set(r.email.toLowerCase(), [...(byEmail.get(r.email.toLowerCase()) ?? []), r]);
  }
  for (const group of byMember.values()) if (group.length > 1) for (const r of group) if (r.cells?.member_id?.trim()) r.reasons.push(rowReason("member_id", "duplicateId", r.cells.member_id.trim()));
  for (const group of byEmail.values()) if (group.length > 1) for (const r of group) if (!r.reasons.some((x) => x.code === "duplicateId")) r.reasons.push(rowReason("email", "duplicateEmail"));
  for (const r of planned) if (r.reasons.length > 0) r.action = "refused";
  // Active members the file does not name (refused rows still name theirs).
  const named = new Set(planned.map((r) => r.member_id).filter((id): id is number => id !== null));
  for (const m of ctx.members.values()) {
    if (m.archived || named.has(m.id)) continue;
    planned.push({ line: null, cells: null, action: "missing", member_id: m.id, name: m.name, email: m.email, values: null, archived: null, columns: [], reasons: [], read: [] });
  }
  return planned;
}

function countsOf(rows: PlannedRow[]): ImportCounts {
  const n = (a: PlannedRow["action"]) => rows.filter((r) => r.action === a).length;
  return { rows: rows.filter((r) => r.line !== null).length, create: n("create"), update: n("update"), archive: n("archive"), unchanged: n("unchanged"), refused: n("refused"), missing: n("missing") };
}

/** The plan's fingerprint: what apply would write. */
function planHash(rows: PlannedRow[]): string {
  const h = createHash("sha256");
  for (const r of rows) h.update(JSON.stringify([r.line, r.action, r.member_id, r.values, r.archived, r.reasons.map((x) => x.code)]));
  return h.digest("base64url");
}

const BATCH = 500;

async function storeRows(q: Queryable, importId: string, rows: PlannedRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH).map((r, j) => ({
      seq: i + j,
      line: r.line,
      cells: r.cells,
      action: r.action,
      member_id: r.member_id,
      name: r.name,
      email: r.email,
      plan: { values: r.values, archived: r.archived, columns: r.columns, reasons: r.reasons, read: r.read },
    }));
    await q.query(
      `INSERT INTO member_import_rows (import_id, seq, line, cells, action, member_id, name, email, plan)
       SELECT $1, x.seq, x.line, x.cells, x.action, x.member_id, x.name, x.email, x.plan
         FROM jsonb_to_recordset($2::jsonb) AS x(seq int, line int, cells jsonb, action text, member_id int, name text, email text, plan jsonb)`,
      [importId, JSON.stringify(batch)],
    );
  }
}

// --- The HTTP calls ---------------------------------------------------------------------------


/** POST groups/{id}/member-imports?filename=: read the body, plan it, keep the preview. */
export async function previewMemberImport(app: App, p: Principal, groupIdParam: string, url: URL, req: IncomingMessage): Promise<MemberImportPreview> {
  let group: MemberGroup;
  try {
    group = await memberGroup(app.db, p, groupIdParam, ["GroupMember.viewer", "GroupMember.editor"]);
  } catch (err) {
    await drain(req);
    throw err;
  }
  const file = await readUpload(req, MEMBER_IO_LIMITS.bytes, IMPORT_FILE_MESSAGES.tooLarge, readMemberFile);
  const filename = (url.searchParams.get("filename") ?? "").replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 200) || "members";
  const id = randomBytes(18).toString("base64url");
  await app.db.query("DELETE FROM member_imports WHERE expires_at < now()");
  await app.db.tx(async (q) => {
    const ctx = await planContext(q, p, group);
    const rows = await planRows(q, ctx, file.rows);
    await q.query(
      `INSERT INTO member_imports (id, group_id, user_id, filename, columns, plan_hash, counts, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(mins => $8))`,
      [id, group.id, p.user.id, filename, JSON.stringify(file.columns), planHash(rows), JSON.stringify(countsOf(rows)), MEMBER_IO_LIMITS.previewMinutes],
    );
    await storeRows(q, id, rows);
  });
  return readPreview(app.db, p, group, id, 1);
}

interface ImportRow {
  id: string;
  group_id: number;
  filename: string;
  columns: MemberIoColumn[];
  plan_hash: string;
  counts: ImportCounts;
  expires_at: string;
}

async function importOf(q: Queryable, p: Principal, group: MemberGroup, importId: string, lock = false): Promise<ImportRow> {
  const row = await one<ImportRow>(
    q,
    `SELECT id, group_id, filename, columns, plan_hash, counts, to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS expires_at
       FROM member_imports WHERE id = $1 AND group_id = $2 AND user_id = $3 AND expires_at > now()${lock ? " FOR UPDATE" : ""}`,
    [importId, group.id, p.user.id],
  );
  if (!row) throw new HttpError(404, { message: IMPORT_PREVIEW_GONE, code: "import_gone" });
  return row;
}

async function readPreview(q: Queryable, p: Principal, group: MemberGroup, importId: string, page: number): Promise<MemberImportPreview> {
  const imp = await importOf(q, p, group, importId);
  type Stored = { line: number | null; action: ImportAction | "refused"; member_id: number | null; name: string | null; email: string | null; plan: { columns: MemberIoColumn[]; reasons: ImportReason[] } };
  const refused = await q.query<Stored>(
    `SELECT line, action, member_id, name, email, plan FROM member_import_rows WHERE import_id = $1 AND action = 'refused' ORDER BY seq LIMIT ${MEMBER_IO_LIMITS.refusedShown}`,
    [importId],
  );
  const per = MEMBER_IO_LIMITS.perPage;
  const changes = await q.query<Stored>(
    `SELECT line, action, member_id, name, email, plan FROM member_import_rows
      WHERE import_id = $1 AND action IN ('create', 'update', 'archive', 'missing') ORDER BY seq LIMIT ${per} OFFSET $2`,
    [importId, (page - 1) * per],
  );
  const c = imp.counts;
  return {
    id: imp.id,
    group_id: group.id,
    filename: imp.filename,
    expires_at: imp.expires_at,
    counts: c,
    refused: refused.map((r) => ({ line: r.line ?? 0, name: r.name || null, reasons: r.plan.reasons })),
    changes: changes.map((r) => ({ line: r.line, action: r.action as ImportAction, member_id: r.member_id, name: r.name ?? "", email: r.email, columns: r.plan.columns ?? [] })),
    page,
    per_page: per,
    total: c.create + c.update + c.archive + c.missing,
  };
}

const pageOf = (url: URL) => {
  const n = Number(url.searchParams.get("page") ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
};

/** GET groups/{id}/member-imports/{importId}?page=. */
export async function getMemberImport(app: App, p: Principal, groupIdParam: string, importId: string, url: URL): Promise<MemberImportPreview> {
  const group = await memberGroup(app.db, p, groupIdParam, ["GroupMember.viewer", "GroupMember.editor"]);
  return readPreview(app.db, p, group, importId, pageOf(url));
}

/** POST groups/{id}/member-imports/{importId}/apply: the plan made again and written whole, or 409 with a new preview kept. */
export async function applyMemberImport(app: App, p: Principal, groupIdParam: string, importId: string, body: { archive_missing: boolean }): Promise<MemberImportApplied> {
  const outcome = await app.db.tx(async (q) => {
    const group = await memberGroup(q, p, groupIdParam, ["GroupMember.viewer", "GroupMember.editor"], true);
    const imp = await importOf(q, p, group, importId, true);
    const stored = await q.query<{ line: number; cells: ReadRow["cells"]; plan: { read?: ImportReason[] } }>(
      "SELECT line, cells, plan FROM member_import_rows WHERE import_id = $1 AND line IS NOT NULL ORDER BY seq",
      [importId],
    );
    const ctx = await planContext(q, p, group);
    const rows = await planRows(q, ctx, stored.map((r) => ({ line: r.line, cells: r.cells, problems: r.plan.read ?? [] })));
    if (planHash(rows) !== imp.plan_hash) {
      await q.query("DELETE FROM member_import_rows WHERE import_id = $1", [importId]);
      await storeRows(q, importId, rows);
      await q.query("UPDATE member_imports SET plan_hash = $2, counts = $3 WHERE id = $1", [importId, planHash(rows), JSON.stringify(countsOf(rows))]);
      return { stale: true as const };
    }
    const value = (r: PlannedRow) => ({ id: r.member_id, ...r.values!, archived: r.archived });
    const creates = rows.filter((r) => r.action === "create").map(value);
    const updates = rows.filter((r) => r.action === "update" || r.action === "archive").map(value);
    const missing = body.archive_missing ? rows.filter((r) => r.action === "missing").map((r) => r.member_id!) : [];
    const columns = `x(id int, name text, email text, mobile text, starts_on date, ends_on date, site_ids jsonb, archived boolean)`;
    for (let i = 0; i < creates.length; i += BATCH) {
      await q.query(
        `INSERT INTO members (group_id, name, email, mobile, starts_on, ends_on, site_ids, archived_at)
         SELECT $1, x.name, x.email, x.mobile, x.starts_on, x.ends_on, CASE WHEN jsonb_typeof(x.site_ids) = 'array' THEN x.site_ids END,
                CASE WHEN x.archived THEN now() END
           FROM jsonb_to_recordset($2::jsonb) AS ${columns}`,
        [group.id, JSON.stringify(creates.slice(i, i + BATCH))],
      );
    }
    for (let i = 0; i < updates.length; i += BATCH) {
      await q.query(
        `UPDATE members m SET name = x.name, email = x.email, mobile = x.mobile, starts_on = x.starts_on, ends_on = x.ends_on,
                site_ids = CASE WHEN jsonb_typeof(x.site_ids) = 'array' THEN x.site_ids END,
                archived_at = CASE WHEN x.archived IS NULL THEN m.archived_at WHEN x.archived THEN coalesce(m.archived_at, now()) END,
                updated_at = now()
           FROM jsonb_to_recordset($2::jsonb) AS ${columns}
          WHERE m.id = x.id AND m.group_id = $1`,
        [group.id, JSON.stringify(updates.slice(i, i + BATCH))],
      );
    }
    if (missing.length) await q.query("UPDATE members SET archived_at = now(), updated_at = now() WHERE group_id = $1 AND archived_at IS NULL AND id = ANY($2::int[])", [group.id, missing]);
    // Archived by the file or as missing: their QR codes and RFID tags stop working at once, as
    // when they are archived from the members tab (ADR 017).
    const archived = [...updates.filter((u) => u.archived === true).map((u) => u.id!), ...missing];
    if (archived.length) await revokeCredentialsOf(q, archived);
    await q.query("DELETE FROM member_imports WHERE id = $1", [importId]);
    const counted = countsOf(rows);
    return { stale: false as const, applied: { created: counted.create, updated: counted.update, archived: counted.archive + missing.length } };
  });
  if (outcome.stale) throw new HttpError(409, { message: IMPORT_STALE, code: IMPORT_STALE_CODE });
  return outcome.applied;
}
