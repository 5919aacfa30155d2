/**
 * Spreadsheets out of the upstream, streamed (ADR 018; every export copies this): CSV through
 * csv-stringify, XLSX through exceljs's streaming WorkbookWriter (each row committed), written to
 * the HTTP answer as rows are produced, with backpressure, so neither the file nor the rows are
 * ever held whole. Every cell that begins with `= + - @`, tab or CR is escaped with a leading
 * apostrophe (formula injection) by `sendSheet` itself: a caller cannot forget it.
 */
import type { ServerResponse } from "node:http";
import { once } from "node:events";
import { stringify } from "csv-stringify";
import ExcelJS from "exceljs";
import { SHEET_FORMATS, type SheetFormat } from "../../contract/common.ts";
import { validation } from "../http/errors.ts";
import type { Ctx } from "../http/router.ts";

export const SHEET_CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

const FORMULA_START = /^[=+\-@\t\r]/;
/** A cell as an export writes it: formula-like text gets a leading apostrophe (OWASP CSV injection). */
export const escapeCell = (v: string) => (FORMULA_START.test(v) ? `'${v}` : v);
/** The escape taken off again on import. */
export const unescapeCell = (v: string) => (v.startsWith("'") && FORMULA_START.test(v.slice(1)) ? v.slice(1) : v);

/** `?format=csv|xlsx` (csv when absent); anything else is a 422 on `format`. */
export function formatParam(url: URL): SheetFormat {
  const f = url.searchParams.get("format") ?? "csv";
  if (!(SHEET_FORMATS as readonly string[]).includes(f)) throw validation({ format: ["Choose csv or xlsx"] });
  return f as SheetFormat;
}

/** `attachment` with an ASCII name and the UTF-8 one (RFC 6266). */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^A-Za-z0-9._ -]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** A name made safe for a file: no control or path characters, one line, at most 80 characters. */
export const fileStem = (name: string, fallback: string) =>
  name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, " ").replace(/\s+/g, " ").trim().slice(0, 80) || fallback;

/** A sink for rows: CSV or XLSX onto the answer, with backpressure. */
export interface Sink {
  /** One row; every cell is escaped against formula injection here. */
  row(cells: readonly (string | number | null | undefined)[]): Promise<void>;
  end(): Promise<void>;
}

const cellText = (v: string | number | null | undefined) => escapeCell(v === null || v === undefined ? "" : String(v));

function csvSink(res: ServerResponse): Sink {
  const csv = stringify({ bom: true, record_delimiter: "\r\n" });
  csv.pipe(res);
  return {
    async row(cells) {
      if (!csv.write(cells.map(cellText))) await once(csv, "drain");
    },
    async end() {
      csv.end();
      await once(res, "finish");
    },
  };
}

function xlsxSink(res: ServerResponse, sheetName: string): Sink {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, " ").slice(0, 31) || "Sheet1");
  return {
    async row(cells) {
      sheet.addRow(cells.map(cellText)).commit();
      if (res.writableNeedDrain) await once(res, "drain");
    },
    async end() {
      sheet.commit();
      await book.commit();
    },
  };
}

/**
 * Answer 200 with a spreadsheet named `filename.format`, its rows written by `write`. Check
 * everything that can refuse (rights, ranges) BEFORE calling: once this starts, the status is sent.
 */
export async function sendSheet(ctx: Ctx, format: SheetFormat, filename: string, sheetName: string, write: (sink: Sink) => Promise<void>): Promise<void> {
  ctx.res.writeHead(200, {
    "content-type": SHEET_CONTENT_TYPES[format],
    "content-disposition": attachment(`${filename}.${format}`),
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  });
  const sink = format === "csv" ? csvSink(ctx.res) : xlsxSink(ctx.res, sheetName);
  await write(sink);
  await sink.end();
}
