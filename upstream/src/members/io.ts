/**
 * A group's members out as a spreadsheet (issue 15 §1 export, §3 template; ADR 018): CSV through
 * csv-stringify, XLSX through exceljs's streaming WorkbookWriter (each row committed), written to
 * the HTTP answer as the rows are read from the database a page at a time, so neither the file nor
 * the member list is ever held whole. Every cell that begins with `= + - @`, tab or CR is escaped
 * with a leading apostrophe (formula injection); import takes it off again.
 */
import { MEMBER_IO_COLUMNS, MEMBER_IO_HEADERS, MEMBER_IO_NO, MEMBER_IO_SITE_SEPARATOR, MEMBER_IO_YES } from "../../contract/member-io.ts";
import type { App } from "../runtime/app.ts";
import type { Ctx } from "../http/router.ts";
import type { Principal } from "../clients/regional.ts";
import { fileStem as sheetFileStem, formatParam, sendSheet } from "../exports/sheet.ts";
import { memberGroup, siteNames } from "./group.ts";

const fileStem = (name: string) => sheetFileStem(name, "group");

const header = () => MEMBER_IO_COLUMNS.map((c) => MEMBER_IO_HEADERS[c]);

/** GET groups/{id}/member-template?format=: the header row alone. */
export async function memberTemplate(app: App, p: Principal, ctx: Ctx): Promise<void> {
  const format = formatParam(ctx.url);
  await memberGroup(app.db, p, ctx.params.groupId, ["GroupMember.viewer"]);
  await sendSheet(ctx, format, "members-import-template", "Members", (sink) => sink.row(header()));
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
  await sendSheet(ctx, format, `${fileStem(g.name)} members ${today}`, g.name, async (sink) => {
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
        await sink.row(cells);
      }
      if (rows.length < PAGE || ctx.res.destroyed) break;
      after = rows[rows.length - 1]!.id;
    }
  });
}
