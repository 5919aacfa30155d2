/**
 * A group's members out as a spreadsheet (issue 15 §1 export, §3 template; ADR 018): CSV through
 * csv-stringify, XLSX through exceljs's streaming WorkbookWriter (each row committed), written to
 * the HTTP answer as the rows are read from the database a page at a time, so neither the file nor
 * the member list is ever held whole. Every cell that begins with `= + - @`, tab or CR is escaped
 * with a leading apostrophe (formula injection); import takes it off again.
 */
import type { ServerResponse } from "node:http";
import { once } from "node:events";
import { stringify } from "csv-stringify";
import ExcelJS from "exceljs";
import { MEMBER_IO_COLUMNS, MEMBER_IO_FORMATS, MEMBER_IO_HEADERS, MEMBER_IO_NO, MEMBER_IO_SITE_SEPARATOR, MEMBER_IO_YES, type MemberIoFormat } from "../../contract/member-io.ts";
import type { App } from "../app.ts";
import { validation } from "../http/errors.ts";
import type { Ctx } from "../http/router.ts";
import type { Principal } from "../api/regional.ts";
import { escapeCell } from "./read.ts";
import { memberGroup, siteNames } from "./group.ts";

const CONTENT_TYPES: Record<MemberIoFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

export function formatParam(url: URL): MemberIoFormat {
  const f = url.searchParams.get("format") ?? "csv";
  if (!(MEMBER_IO_FORMATS as readonly string[]).includes(f)) throw validation({ format: ["Choose csv or xlsx"] });
  return f as MemberIoFormat;
}

/** `attachment` with an ASCII name and the UTF-8 one (RFC 6266). */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^A-Za-z0-9._ -]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

const fileStem = (name: string) => name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, " ").replace(/\s+/g, " ").trim().slice(0, 80) || "group";

/** A sink for rows: CSV or XLSX onto the answer, with backpressure. */
interface Sink {
  row(cells: string[]): Promise<void>;
  end(): Promise<void>;
}

function csvSink(res: ServerResponse): Sink {
  const csv = stringify({ bom: true, record_delimiter: "\r\n" });
  csv.pipe(res);
  return {
    async row(cells) {
      if (!csv.write(cells)) await once(csv, "drain");
    },
    async end() {
      csv.end();
      await once(res, "finish");
    },
  };
}

function xlsxSink(res: ServerResponse, sheetName: string): Sink {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, " ").slice(0, 31) || "Members");
  return {
    async row(cells) {
      sheet.addRow(cells).commit();
      if (res.writableNeedDrain) await once(res, "drain");
    },
    async end() {
      sheet.commit();
      await book.commit();
    },
  };
}

async function send(ctx: Ctx, format: MemberIoFormat, filename: string, sheetName: string, write: (sink: Sink) => Promise<void>): Promise<void> {
  ctx.res.writeHead(200, {
    "content-type": CONTENT_TYPES[format],
    "content-disposition": attachment(`${filename}.${format}`),
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  });
  const sink = format === "csv" ? csvSink(ctx.res) : xlsxSink(ctx.res, sheetName);
  await write(sink);
  await sink.end();
}

const header = () => MEMBER_IO_COLUMNS.map((c) => MEMBER_IO_HEADERS[c]);

/** GET groups/{id}/member-template?format=: the header row alone. */
export async function memberTemplate(app: App, p: Principal, ctx: Ctx): Promise<void> {
  const format = formatParam(ctx.url);
  await memberGroup(app.db, p, ctx.params.groupId, ["GroupMember.viewer"]);
  await send(ctx, format, "members-import-template", "Members", (sink) => sink.row(header()));
}

interface ExportRow {
  id: number;
  name: string;
  email: string | null;
  mobile: string | null;
  starts_on: string | null;
  ends_on: string | null;
  site_ids: number[] | null;
  archived: boolean;
}

const PAGE = 1000;

/** GET groups/{id}/member-export?format=: every member (archived too), by id, a page at a time. */
export async function memberExport(app: App, p: Principal, ctx: Ctx): Promise<void> {
  const format = formatParam(ctx.url);
  const g = await memberGroup(app.db, p, ctx.params.groupId, ["GroupMember.viewer", "ManageVisitorGroup.export"]);
  const names = await siteNames(app.db, g.client_id);
  const today = new Date().toISOString().slice(0, 10);
  await send(ctx, format, `${fileStem(g.name)} members ${today}`, g.name, async (sink) => {
    await sink.row(header());
    let after = 0;
    for (;;) {
      const rows = await app.db.query<ExportRow>(
        `SELECT id, name, email, mobile, to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on,
                site_ids, archived_at IS NOT NULL AS archived
           FROM members WHERE group_id = $1 AND id > $2 ORDER BY id LIMIT ${PAGE}`,
        [g.id, after],
      );
      for (const m of rows) {
        const sites = m.site_ids === null ? "" : m.site_ids.map((id) => names.get(id) ?? "").filter(Boolean).join(`${MEMBER_IO_SITE_SEPARATOR} `);
        const cells = [String(m.id), m.name, m.email ?? "", m.mobile ?? "", m.starts_on ?? "", m.ends_on ?? "", sites, m.archived ? MEMBER_IO_YES : MEMBER_IO_NO];
        await sink.row(cells.map(escapeCell));
      }
      if (rows.length < PAGE || ctx.res.destroyed) break;
      after = rows[rows.length - 1]!.id;
    }
  });
}
