/**
 * The block list (issue 18; groups spec §3 "Block list entry"; ADR 029): BlockList.viewer, active
 * client, the client's own entries only (404 otherwise). Import: a CSV read as it streams (csv-parse,
 * strict UTF-8, bounded bytes and rows), kept as a preview (rows to add; refused rows with their line
 * and why) for an hour for the user who uploaded it, then added in one transaction.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { z } from "zod";
import {
  BLOCK_LIST_IMPORT_HEADERS as H,
  BLOCK_LIST_LIMITS as L,
  BlockListEntryInput,
  SAFETY_CHECK_MESSAGES as M,
  type BlockListEntry,
  type BlockListImportPreview,
  type BlockListPage,
} from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden, HttpError, notFound, validation } from "../http/errors.ts";
import { iso } from "../clients/model.ts";
import { abilities, requireActive, type Principal } from "../clients/regional.ts";
import type { Ctx } from "../http/router.ts";
import { sendSheet } from "../exports/sheet.ts";
import { drain, hasControlCharacters, readCsvRecords, readUpload, showControlCharacters, UploadFileError as FileError } from "../http/upload.ts";
import { normalise } from "./match.ts";
import { revokeLinksOfName } from "./check.ts";

const NO_RIGHT = "You are not authorised to manage the block list.";

export function requireBlockList(p: Principal): void {
  requireActive(p);
  if (!abilities(p).includes("BlockList.viewer")) throw forbidden(NO_RIGHT);
}

const parseId = (s: string) => (/^\d{1,9}$/.test(s) ? Number(s) : NaN);

interface EntryRow {
  id: number;
  name: string;
  fields: { label: string; value: string }[];
  match_rule: "all" | "count";
  match_count: number | null;
  reason: string | null;
  site_id: number | null;
  site_name: string | null;
  created_at: string | Date;
}

const ENTRY_SQL = `SELECT b.*, s.name AS site_name FROM block_list_entries b LEFT JOIN sites s ON s.id = b.site_id`;

const toEntry = (r: EntryRow): BlockListEntry => ({
  id: r.id,
  name: r.name,
  fields: r.fields ?? [],
  match_rule: r.match_rule,
  match_count: r.match_count,
  reason: r.reason,
  site: r.site_id !== null ? { id: r.site_id, name: r.site_name ?? "" } : null,
  created_at: iso(r.created_at)!,
});

async function userSites(q: Queryable, p: Principal): Promise<{ id: number; name: string }[]> {
  const rows = await q.query<{ id: number; name: string }>("SELECT id, name FROM sites WHERE client_id = $1 ORDER BY position, id", [p.client.id]);
  return rows.filter((s) => p.m.site_ids === null || p.m.site_ids.includes(s.id));
}

/** An entry scoped to a site the user may not see is not theirs to see or change (the user's sites, `client_users.site_ids`). */
const SEES_SQL = (param: string) => `(b.site_id IS NULL OR ${param}::int[] IS NULL OR b.site_id = ANY(${param}::int[]))`;

async function entryOf(q: Queryable, p: Principal, idParam: string, lock = false): Promise<EntryRow> {
  const id = parseId(idParam);
  const row = Number.isNaN(id)
    ? undefined
    : await one<EntryRow>(q, `${ENTRY_SQL} WHERE b.id = $1 AND b.client_id = $2 AND ${SEES_SQL("$3")}${lock ? " FOR UPDATE OF b" : ""}`, [id, p.client.id, p.m.site_ids]);
  if (!row) throw notFound(M.entryNotFound);
  return row;
}

export async function listBlockList(app: App, p: Principal, query: URLSearchParams): Promise<BlockListPage> {
  requireBlockList(p);
  const search = (query.get("search") ?? "").trim().slice(0, L.search);
  const page = Math.max(1, Math.min(100_000, Number.parseInt(query.get("page") ?? "1", 10) || 1));
  const where = `b.client_id = $1 AND ${SEES_SQL("$3")} AND ($2 = '' OR b.name_key LIKE '%' || $2 || '%' OR lower(coalesce(b.reason, '')) LIKE '%' || lower($2) || '%')`;
  const key = normalise(search).replace(/[\\%_]/g, "");
  const total = (await one<{ n: number }>(app.db, `SELECT count(*)::int AS n FROM block_list_entries b WHERE ${where}`, [p.client.id, key, p.m.site_ids]))?.n ?? 0;
  const rows = await app.db.query<EntryRow>(`${ENTRY_SQL} WHERE ${where} ORDER BY b.name_key, b.id LIMIT $4 OFFSET $5`, [p.client.id, key, p.m.site_ids, L.perPage, (page - 1) * L.perPage]);
  return { entries: rows.map(toEntry), total, page, per_page: L.perPage, sites: await userSites(app.db, p) };
}

export async function getBlockListEntry(app: App, p: Principal, idParam: string): Promise<BlockListEntry> {
  requireBlockList(p);
  return toEntry(await entryOf(app.db, p, idParam));
}

async function checkSite(q: Queryable, p: Principal, siteId: number | null): Promise<void> {
  if (siteId === null) return;
  if (!(await userSites(q, p)).some((s) => s.id === siteId)) throw validation({ site_id: [M.site] });
}

type Input = z.output<typeof BlockListEntryInput>;
const values = (b: Input) => [b.name, normalise(b.name), JSON.stringify(b.fields), b.match_rule, b.match_rule === "count" ? b.match_count : null, b.reason || null, b.site_id];

export async function createBlockListEntry(app: App, p: Principal, body: Input): Promise<BlockListEntry> {
  requireBlockList(p);
  return app.db.tx(async (q) => {
    await checkSite(q, p, body.site_id);
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO block_list_entries (client_id, name, name_key, fields, match_rule, match_count, reason, site_id) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8) RETURNING id`,
      [p.client.id, ...values(body)],
    );
    // A person now on the list loses their open pre-registration links at once (ADR 029).
    await revokeLinksOfName(q, p.client.id, body.name);
    return toEntry(await entryOf(q, p, String(id)));
  });
}

export async function updateBlockListEntry(app: App, p: Principal, idParam: string, body: Input): Promise<BlockListEntry> {
  requireBlockList(p);
  return app.db.tx(async (q) => {
    const row = await entryOf(q, p, idParam, true);
    await checkSite(q, p, body.site_id);
    await q.query(
      `UPDATE block_list_entries SET name = $2, name_key = $3, fields = $4::jsonb, match_rule = $5, match_count = $6, reason = $7, site_id = $8, updated_at = now() WHERE id = $1`,
      [row.id, ...values(body)],
    );
    await revokeLinksOfName(q, p.client.id, body.name);
    return toEntry(await entryOf(q, p, String(row.id)));
  });
}

export async function deleteBlockListEntry(app: App, p: Principal, idParam: string) {
  requireBlockList(p);
  const row = await entryOf(app.db, p, idParam);
  await app.db.query("DELETE FROM block_list_entries WHERE id = $1", [row.id]);
  return { message: "Block list entry deleted." };
}

// --- Template and import ----------------------------------------------------------------------

const TEMPLATE_HEADER = [H.name, H.match, H.reason, H.site, "Company", "Date of birth"];

export async function blockListTemplate(_app: App, p: Principal, ctx: Ctx): Promise<void> {
  requireBlockList(p);
  await sendSheet(ctx, "csv", "block-list-template", "Block list", async (sink) => {
    await sink.row(TEMPLATE_HEADER);
    await sink.row(["Mallory Example", "1", "Threatening behaviour", "", "Example Ltd", "1980-01-31"]);
  });
}


const FORMULA = /^[=+\-@\t\r]/;

interface ReadCsv {
  header: string[];
  rows: { line: number; cells: string[] }[];
}

/**
 * Read the CSV as it streams: strict UTF-8, at most L.importBytes and L.importRows; a formula cell
 * refuses the file, and so does a header holding a control character (a row holding one is refused
 * by the plan, with its line).
 */
export async function readBlockListCsv(source: AsyncIterable<Uint8Array>): Promise<ReadCsv> {
  // Assigned in the callback: typed wide so the checks after it are not narrowed to null.
  let header = null as string[] | null;
  const rows: ReadCsv["rows"] = [];
  const settings = { options: { bom: true, relax_column_count: true, skip_empty_lines: true }, maxBytes: L.importBytes, messages: { encoding: M.fileEncoding, unreadable: M.fileUnreadable, tooLarge: M.fileTooLarge } };
  await readCsvRecords(source, settings, (record, line) => {
    const cells = record.map((c) => c.trim());
    const formula = cells.findIndex((c) => FORMULA.test(c) && !/^-?\d+(\.\d+)?$/.test(c));
    if (formula >= 0) throw new FileError(422, M.fileFormula);
    if (header === null) {
      if (cells.some(hasControlCharacters)) throw new FileError(422, M.fileControl);
      header = cells;
      return;
    }
    if (cells.every((c) => c === "")) return;
    rows.push({ line, cells });
    if (rows.length > L.importRows) throw new FileError(422, M.fileTooManyRows);
  });
  if (header === null) throw new FileError(422, M.fileEmpty);
  const keys = header.map((h) => h.toLowerCase());
  if (!keys.includes(H.name.toLowerCase())) throw new FileError(422, M.fileHeader);
  if (new Set(keys).size !== keys.length || keys.some((k) => k === "")) throw new FileError(422, M.fileHeaderTwice);
  if (rows.length === 0) throw new FileError(422, M.fileNoRows);
  return { header, rows };
}

type PlannedRow = BlockListImportPreview["add"][number];

/**
 * Plan the rows: each one through the entry's own schema; site names to ids; duplicates (in the file
 * or already listed) refused. A row with a control character in any cell is refused for that alone,
 * as typed text would be (its name shown with U+FFFD where the character was; nothing of it is kept).
 */
export function planBlockListRows(csv: ReadCsv, sites: { id: number; name: string }[], existing: Set<string>): { add: PlannedRow[]; refused: { line: number; name: string | null; reasons: string[] }[] } {
  const col = (h: string) => csv.header.findIndex((x) => x.toLowerCase() === h.toLowerCase());
  const [iName, iMatch, iReason, iSite] = [col(H.name), col(H.match), col(H.reason), col(H.site)];
  const fieldCols = csv.header.map((h, i) => ({ h, i })).filter(({ i }) => ![iName, iMatch, iReason, iSite].includes(i));
  const seen = new Set(existing);
  const add: PlannedRow[] = [];
  const refused: { line: number; name: string | null; reasons: string[] }[] = [];
  for (const { line, cells } of csv.rows) {
    const reasons: string[] = [];
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? "") : "");
    if (cells.some(hasControlCharacters)) {
      refused.push({ line, name: showControlCharacters(cell(iName)) || null, reasons: [M.rowControl] });
      continue;
    }
    if (cells.length > csv.header.length) reasons.push(M.rowCells);
    const matchCell = cell(iMatch).toLowerCase();
    let match_rule: "all" | "count" = "all";
    let match_count: number | null = null;
    if (matchCell !== "" && matchCell !== "all") {
      if (/^\d{1,2}$/.test(matchCell)) {
        match_rule = "count";
        match_count = Number(matchCell);
      } else reasons.push(M.rowMatch);
    }
    let site_id: number | null = null;
    if (cell(iSite) !== "") {
      const site = sites.find((s) => normalise(s.name) === normalise(cell(iSite)));
      if (site) site_id = site.id;
      else reasons.push(M.rowSite);
    }
    const fields = fieldCols.filter(({ i }) => cell(i) !== "").map(({ h, i }) => ({ label: h, value: cell(i) }));
    const parsed = BlockListEntryInput.safeParse({ name: cell(iName), fields, match_rule, match_count, reason: cell(iReason) || null, site_id });
    if (!parsed.success) for (const issue of parsed.error.issues) if (!reasons.includes(issue.message)) reasons.push(issue.message);
    const key = JSON.stringify([normalise(cell(iName)), site_id, fields.map((f) => [normalise(f.label), normalise(f.value)])]);
    if (!reasons.length && seen.has(key)) reasons.push(M.rowDuplicate);
    if (reasons.length || !parsed.success) {
      refused.push({ line, name: cell(iName) || null, reasons });
      continue;
    }
    seen.add(key);
    const e = parsed.data;
    add.push({ line, name: e.name, fields: e.fields, match_rule: e.match_rule, match_count: e.match_rule === "count" ? e.match_count : null, reason: e.reason || null, site_id: e.site_id });
  }
  return { add, refused };
}

const entryKey = (e: { name: string; site_id: number | null; fields: { label: string; value: string }[] }) =>
  JSON.stringify([normalise(e.name), e.site_id, e.fields.map((f) => [normalise(f.label), normalise(f.value)])]);


export async function previewBlockListImport(app: App, p: Principal, url: URL, req: IncomingMessage): Promise<BlockListImportPreview> {
  try {
    requireBlockList(p);
  } catch (err) {
    await drain(req);
    throw err;
  }
  const csv = await readUpload(req, L.importBytes, M.fileTooLarge, readBlockListCsv);
  const filename = (url.searchParams.get("filename") ?? "").replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 200) || "block-list.csv";
  const existing = await app.db.query<{ name: string; site_id: number | null; fields: { label: string; value: string }[] }>("SELECT name, site_id, fields FROM block_list_entries WHERE client_id = $1", [p.client.id]);
  const plan = planBlockListRows(csv, await userSites(app.db, p), new Set(existing.map(entryKey)));
  const id = randomBytes(18).toString("base64url");
  await app.db.query("DELETE FROM block_list_imports WHERE expires_at < now()");
  await app.db.query(
    `INSERT INTO block_list_imports (id, client_id, user_id, filename, rows, refused, expires_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, now() + make_interval(mins => $7))`,
    [id, p.client.id, p.user.id, filename, JSON.stringify(plan.add), JSON.stringify(plan.refused), L.previewMinutes],
  );
  return getBlockListImport(app, p, id);
}

interface ImportRow {
  id: string;
  filename: string;
  rows: PlannedRow[];
  refused: { line: number; name: string | null; reasons: string[] }[];
  expires_at: string | Date;
}

async function importOf(q: Queryable, p: Principal, importId: string, lock = false): Promise<ImportRow> {
  const row = await one<ImportRow>(q, `SELECT * FROM block_list_imports WHERE id = $1 AND client_id = $2 AND user_id = $3 AND expires_at > now()${lock ? " FOR UPDATE" : ""}`, [
    importId.slice(0, 100),
    p.client.id,
    p.user.id,
  ]);
  if (!row) throw new HttpError(404, { message: M.previewGone, code: "import_gone" });
  return row;
}

export async function getBlockListImport(app: App, p: Principal, importId: string): Promise<BlockListImportPreview> {
  requireBlockList(p);
  const row = await importOf(app.db, p, importId);
  return { id: row.id, filename: row.filename, expires_at: iso(row.expires_at)!, add: row.rows, refused: row.refused.slice(0, L.refusedShown), refused_total: row.refused.length };
}

/** Add the preview's rows in one transaction; the preview is used up. */
export async function applyBlockListImport(app: App, p: Principal, importId: string): Promise<{ added: number }> {
  requireBlockList(p);
  return app.db.tx(async (q) => {
    const row = await importOf(q, p, importId, true);
    for (const r of row.rows) {
      await q.query(
        `INSERT INTO block_list_entries (client_id, name, name_key, fields, match_rule, match_count, reason, site_id) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8)`,
        [p.client.id, r.name, normalise(r.name), JSON.stringify(r.fields), r.match_rule, r.match_count, r.reason, r.site_id],
      );
      await revokeLinksOfName(q, p.client.id, r.name);
    }
    await q.query("DELETE FROM block_list_imports WHERE id = $1", [row.id]);
    return { added: row.rows.length };
  });
}
