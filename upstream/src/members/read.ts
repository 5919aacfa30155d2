/**
 * Reading a members file (CSV or XLSX) as it streams in (issue 15 §3; ADR 018): never held whole,
 * never parsed by hand. The kind is judged by the first bytes (a ZIP is a workbook, anything else
 * CSV), never by the name. CSV must be UTF-8 (with or without a BOM; a strict decoder refuses
 * anything else) and goes through csv-parse; XLSX through exceljs's streaming reader (the first
 * worksheet), behind the bounds of http/workbook.ts (MEMBER_WORKBOOK_LIMITS: a ZIP bomb is refused
 * before it is unpacked). The byte limit is counted as the bytes arrive, the row limit as rows are
 * read: past either the read stops at once. The header row must name the template's columns.
 *
 * A cell is checked as typed text is: one holding a control character (NUL and the other C0
 * controls but tab, CR and LF, and DEL) refuses its row, with its line, and is not kept.
 *
 * Cells are text. A leading apostrophe that export put before `= + - @`, tab or CR (formula
 * escaping) is taken off again, so export → re-import round-trips; a CSV cell that begins with `=`
 * is kept as text (export escapes it), while a real XLSX formula cell is refused for its row.
 */
import { unescapeCell } from "../exports/sheet.ts";
import ExcelJS from "exceljs";
import { IMPORT_FILE_MESSAGES, IMPORT_ROW_MESSAGES, MEMBER_IO_COLUMNS, MEMBER_IO_HEADERS, MEMBER_IO_LIMITS, type ImportReason, type MemberIoColumn } from "../../contract/member-io.ts";

import { hasControlCharacters, readCsvRecords, UploadFileError as ImportFileError } from "../http/upload.ts";
import { readWorkbookRows, type WorkbookLimits } from "../http/workbook.ts";

/** The whole file refused: 413 (too large) or 422 (`errors.file`); the upload's own error (http/upload.ts). */
export { ImportFileError };

export interface ReadRow {
  /** The row's line in the file (1 is the header). */
  line: number;
  cells: Partial<Record<MemberIoColumn, string>>;
  /** What is wrong with the row as read (a formula, a cell too long, cells past the header). */
  problems: ImportReason[];
}

export interface ReadFile {
  columns: MemberIoColumn[];
  rows: ReadRow[];
}


const HEADER_NAMES = new Map<string, MemberIoColumn>([
  ...MEMBER_IO_COLUMNS.map((c) => [squash(MEMBER_IO_HEADERS[c]), c] as [string, MemberIoColumn]),
  ...MEMBER_IO_COLUMNS.map((c) => [squash(c), c] as [string, MemberIoColumn]),
  ["id", "member_id"],
  ["sites", "sites"],
]);
function squash(h: string): string {
  return h.replace(/^\uFEFF/, "").trim().toLowerCase().replace(/[\s_\-]+/g, "");
}

/** The header row as columns (null: an empty header cell, its column ignored). */
function headerOf(cells: string[]): (MemberIoColumn | null)[] {
  const columns = cells.map((c) => {
    const s = squash(c);
    if (s === "") return null;
    const col = HEADER_NAMES.get(s);
    if (!col) throw new ImportFileError(422, IMPORT_FILE_MESSAGES.headerUnknown);
    return col;
  });
  const named = columns.filter((c): c is MemberIoColumn => c !== null);
  if (new Set(named).size !== named.length) throw new ImportFileError(422, IMPORT_FILE_MESSAGES.headerTwice);
  if (!named.includes("name")) throw new ImportFileError(422, IMPORT_FILE_MESSAGES.headerMissing);
  return columns;
}

const reason = (column: MemberIoColumn | null, code: keyof typeof IMPORT_ROW_MESSAGES, value: string | null = null): ImportReason => ({
  column,
  code,
  message: IMPORT_ROW_MESSAGES[code],
  value,
});

/** Collects rows under the header; counts them against the limit. */
class Rows {
  header: (MemberIoColumn | null)[] | null = null;
  rows: ReadRow[] = [];
  add(line: number, values: { text: string; formula?: boolean }[]) {
    if (this.header === null) {
      this.header = headerOf(values.map((v) => v.text));
      return;
    }
    if (values.every((v) => v.text.trim() === "" && !v.formula)) return; // a blank row
    if (this.rows.length >= MEMBER_IO_LIMITS.rows) throw new ImportFileError(422, IMPORT_FILE_MESSAGES.tooManyRows);
    const row: ReadRow = { line, cells: {}, problems: [] };
    values.forEach((v, i) => {
      const col = this.header![i];
      if (col === undefined) {
        if (v.text.trim() !== "" && !row.problems.some((p) => p.code === "extraCells")) row.problems.push(reason(null, "extraCells"));
        return;
      }
      if (col === null) return;
      if (v.formula) row.problems.push(reason(col, "formula"));
      const text = unescapeCell(v.text);
      if (hasControlCharacters(text)) row.problems.push(reason(col, "controlCharacters"));
      else if (text.length > MEMBER_IO_LIMITS.cell) row.problems.push(reason(col, "cellTooLong"));
      else row.cells[col] = text;
    });
    this.rows.push(row);
  }
  done(): ReadFile {
    if (this.header === null) throw new ImportFileError(422, IMPORT_FILE_MESSAGES.empty);
    if (this.rows.length === 0) throw new ImportFileError(422, IMPORT_FILE_MESSAGES.noRows);
    return { columns: this.header.filter((c): c is MemberIoColumn => c !== null), rows: this.rows };
  }
}

const MB = 1024 * 1024;

/**
 * How far an XLSX members file may unpack (ADR 018, "Workbooks are unpacked with bounds"), tied to
 * the 10 MB and 20,000-row rules: the worksheet may hold the text a 10 MB CSV holds, inline, plus
 * Excel's markup for 20,000 rows of the template's 8 cells (≈ 21 MB): 32 MB; the shared strings
 * that text plus the markup of one string per cell (≈ 16 MB); the workbook part and the styles
 * 4 MB each (Excel's own are KBs). The rest is Apache POI's ZipSecureFile: at most 1,000 entries,
 * and past 100 KB no entry inflates more than 100 times its compressed size; and all entries
 * together declare at most 100 MB (the parts read, and pictures or other sheets, which are never
 * inflated).
 */
export const MEMBER_WORKBOOK_LIMITS: WorkbookLimits = {
  entries: 1000,
  inflated: 100 * MB,
  ratio: 100,
  grace: 100 * 1024,
  sheet: 32 * MB,
  sharedStrings: 16 * MB,
  part: 4 * MB,
};

/** The body's chunks, counted against the byte limit as they arrive. */
async function* bounded(source: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Buffer> {
  let size = 0;
  for await (const chunk of source) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new ImportFileError(413, IMPORT_FILE_MESSAGES.tooLarge);
    yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
}

/** Read a members file from its byte stream (see the module comment). */
export async function readMemberFile(source: AsyncIterable<Uint8Array>, maxBytes: number = MEMBER_IO_LIMITS.bytes): Promise<ReadFile> {
  const chunks = bounded(source, maxBytes)[Symbol.asyncIterator]();
  // The first bytes say the kind: a ZIP (PK\3\4) is a workbook.
  let head = Buffer.alloc(0);
  while (head.length < 4) {
    const next = await chunks.next();
    if (next.done) break;
    head = Buffer.concat([head, next.value]);
  }
  if (head.length === 0) throw new ImportFileError(422, IMPORT_FILE_MESSAGES.empty);
  async function* all(): AsyncGenerator<Buffer> {
    yield head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  const isZip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  return isZip ? readXlsx(all()) : readCsv(all());
}

async function readCsv(bytes: AsyncIterable<Buffer>): Promise<ReadFile> {
  const rows = new Rows();
  const settings = { options: { relax_column_count: true, relax_quotes: true, skip_empty_lines: true }, messages: { encoding: IMPORT_FILE_MESSAGES.encoding, unreadable: IMPORT_FILE_MESSAGES.unreadable } };
  await readCsvRecords(bytes, settings, (record, line) => rows.add(line, record.map((text) => ({ text }))));
  return rows.done();
}

type CellValue = ExcelJS.CellValue;

/**
 * OOXML writes a character XML cannot hold (a control character) as `_xHHHH_`, and a literal `_x`
 * as `_x005F_x` (ST_Xstring); exceljs's streaming reader leaves them as they are. Decoded here, so a
 * cell holding a NUL is seen as one (and refused like a typed one).
 */
const decodeXstring = (text: string) => text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** An XLSX cell as text: dates as YYYY-MM-DD, booleans as yes/no, rich text and links by their text. */
function cellText(v: CellValue): { text: string; formula?: boolean } {
  if (v === null || v === undefined) return { text: "" };
  if (typeof v === "string") return { text: decodeXstring(v) };
  if (typeof v === "number") return { text: String(v) };
  if (typeof v === "boolean") return { text: v ? "yes" : "no" };
  if (v instanceof Date) return { text: Number.isNaN(v.getTime()) ? "" : v.toISOString().slice(0, 10) };
  if (typeof v === "object") {
    if ("formula" in v || "sharedFormula" in v) return { text: "", formula: true };
    if ("richText" in v && Array.isArray(v.richText)) return { text: decodeXstring(v.richText.map((r) => r.text ?? "").join("")) };
    if ("text" in v) return cellText((v as { text: CellValue }).text);
    if ("error" in v) return { text: "" };
  }
  return { text: "" };
}

async function readXlsx(bytes: AsyncIterable<Buffer>): Promise<ReadFile> {
  const rows = new Rows();
  await readWorkbookRows(bytes, { limits: MEMBER_WORKBOOK_LIMITS, messages: { unpacked: IMPORT_FILE_MESSAGES.unpacked, parts: IMPORT_FILE_MESSAGES.parts, unreadable: IMPORT_FILE_MESSAGES.unreadable } }, (values, line) =>
    rows.add(line, Array.from({ length: values.length }, (_, i) => cellText(values[i]))),
  );
  return rows.done();
}
