/**
 * Members in and out as spreadsheets over HTTP against a running upstream (issue 15 §3; ADR 018):
 * the template, export (CSV and XLSX, formula cells escaped), and import: the preview writes
 * nothing, names each refused row with its line and reasons, matches on the member id then the
 * email (updates, not duplicates), and apply writes it whole or not at all (a changed group gives a
 * new preview). Hostile files get a clear 4xx: wrong encoding, too large, too many rows, no header,
 * a formula cell, duplicate emails.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import {
  IMPORT_FILE_MESSAGES,
  IMPORT_PREVIEW_GONE,
  IMPORT_ROW_MESSAGES,
  IMPORT_STALE_CODE,
  MEMBER_IO_COLUMNS,
  MEMBER_IO_HEADERS,
  MEMBER_IO_LIMITS,
  MEMBER_MESSAGES,
  MemberImportApplied,
  MemberImportPreview,
  TokenPair,
} from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient } from "../http/http-test-client.ts";
import { sharedStringsXml, sheetXml, WORKBOOK_XML, workbookOf, zipOf } from "../http/zip-fixtures.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const { call } = httpTestClient(() => up.url, "member-io");
let token = "";
let siteNames: string[] = [];
let siteIds: number[] = [];

const HEADER = MEMBER_IO_COLUMNS.map((c) => MEMBER_IO_HEADERS[c]).join(",");
const api = (p: string) => `${up.url}/eu/api/v2/${p}`;
const auth = (t = token) => ({ authorization: `Bearer ${t}` });

async function login(email: string): Promise<string> {
  const r = await call("POST", "/api/v2/auth/login", { email, password: "Demo-Passw0rd!" });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return TokenPair.parse(r.json).access_token;
}

async function newGroup(name: string): Promise<number> {
  const r = await call("POST", "/__test/groups", { client: "eu:1", name, site_ids: siteIds, members: [] });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.id;
}

async function upload(groupId: number, body: Uint8Array | string, t = token) {
  const res = await fetch(api(`groups/${groupId}/member-imports?filename=members.csv`), { method: "POST", headers: { ...auth(t), "content-type": "text/csv" }, body });
  const json: Json = await res.json();
  return { status: res.status, json };
}
async function preview(groupId: number, body: Uint8Array | string) {
  const r = await upload(groupId, body);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return MemberImportPreview.parse(r.json);
}
async function apply(groupId: number, id: string, archiveMissing = false, t = token) {
  const res = await fetch(api(`groups/${groupId}/member-imports/${id}/apply`), {
    method: "POST",
    headers: { ...auth(t), "content-type": "application/json" },
    body: JSON.stringify({ archive_missing: archiveMissing }),
  });
  return { status: res.status, json: (await res.json()) as Json };
}
async function download(groupId: number, what: "member-export" | "member-template", format: "csv" | "xlsx", t = token) {
  return fetch(api(`groups/${groupId}/${what}?format=${format}`), { headers: auth(t) });
}
const members = (groupId: number) =>
  up.app.db.query<{ id: number; name: string; email: string | null; mobile: string | null; archived: boolean; site_ids: number[] | null }>(
    "SELECT id, name, email, mobile, archived_at IS NOT NULL AS archived, site_ids FROM members WHERE group_id = $1 ORDER BY id",
    [groupId],
  );
const csv = (rows: string[][]) => [HEADER, ...rows.map((r) => r.join(","))].join("\n") + "\n";
const exportCsv = async (groupId: number) => parse((await (await download(groupId, "member-export", "csv")).text()).replace(/^\uFEFF/, "")) as string[][];

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
  token = await login("admin@example.com");
  const sites = (await (await fetch(api("sites"), { headers: auth() })).json()) as { id: number; name: string }[];
  siteNames = sites.map((s) => s.name);
  siteIds = sites.map((s) => s.id);
}, 120_000);

afterAll(async () => {
  await up?.stop();
}, 60_000);

describe("template and export", () => {
  it("the template is the header row, as CSV and as XLSX", async () => {
    const g = await newGroup("Template group");
    const res = await download(g, "member-template", "csv");
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect((await res.text()).replace(/^\uFEFF/, "").trim()).toBe(HEADER);
    const x = await download(g, "member-template", "xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await x.arrayBuffer());
    expect((book.worksheets[0]!.getRow(1).values as string[]).slice(1)).toEqual(MEMBER_IO_COLUMNS.map((c) => MEMBER_IO_HEADERS[c]));
  });

  it("an export escapes every cell that begins with = + - @, and is named for the group and the day", async () => {
    const g = await newGroup("Formula's group");
    await up.app.db.query("INSERT INTO members (group_id, name, email) VALUES ($1, '=HYPERLINK(\"http://evil.example\",\"x\")', 'f@example.com'), ($1, '@SUM(1)', NULL), ($1, '-2+3', NULL)", [g]);
    const res = await download(g, "member-export", "csv");
    expect(res.headers.get("content-disposition")).toContain(`Formula_s group members ${new Date().toISOString().slice(0, 10)}.csv`);
    const rows = parse((await res.text()).replace(/^\uFEFF/, "")) as string[][];
    expect(rows.slice(1).map((r) => r[1])).toEqual(["'=HYPERLINK(\"http://evil.example\",\"x\")", "'@SUM(1)", "'-2+3"]);
    const x = await download(g, "member-export", "xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await x.arrayBuffer());
    expect(book.worksheets[0]!.getRow(2).getCell(2).value).toBe("'=HYPERLINK(\"http://evil.example\",\"x\")");
  });
});

describe("import", () => {
  it("round-trips: the preview writes nothing; apply creates; export → edit → re-import updates, not duplicates", async () => {
    const g = await newGroup("Round trip");
    const rows = Array.from({ length: 5 }, (_, i) => ["", `Person ${i}`, `person${i}@example.com`, "07911 123" + String(100 + i), "2026-01-01", "", i === 0 ? `${siteNames[0]}` : "", "no"]);
    const p = await preview(g, csv(rows));
    expect(p.counts, JSON.stringify(p.refused)).toMatchObject({ rows: 5, create: 5, update: 0, refused: 0 });
    expect(p.changes.map((c) => c.line)).toEqual([2, 3, 4, 5, 6]);
    expect(await members(g)).toEqual([]);
    expect(MemberImportApplied.parse((await apply(g, p.id)).json)).toEqual({ created: 5, updated: 0, archived: 0 });
    const stored = await members(g);
    expect(stored.map((m) => m.mobile)).toEqual(["+447911123100", "+447911123101", "+447911123102", "+447911123103", "+447911123104"]);
    expect(stored[0]!.site_ids).toHaveLength(1);
    // The same preview cannot be applied twice.
    expect((await apply(g, p.id)).json.message).toBe(IMPORT_PREVIEW_GONE);

    const exported = await exportCsv(g);
    expect(exported[0]).toEqual(HEADER.split(","));
    expect(exported[1]![6]).toBe(siteNames[0]);
    // Unchanged, it changes nothing.
    const same = await preview(g, exported.map((r) => r.map((c) => (c.includes(",") ? `"${c}"` : c)).join(",")).join("\n"));
    expect(same.counts).toMatchObject({ create: 0, update: 0, unchanged: 5, refused: 0 });
    // Edited: one renamed by id, one matched on its email (id removed), one archived.
    exported[1]![1] = "Person Zero";
    exported[2]![0] = "";
    exported[2]![4] = "2026-02-01";
    exported[3]![7] = "yes";
    const edited = await preview(g, exported.map((r) => r.map((c) => (c.includes(",") ? `"${c}"` : c)).join(",")).join("\n"));
    expect(edited.counts).toMatchObject({ create: 0, update: 2, archive: 1, unchanged: 2 });
    expect(edited.changes.find((c) => c.line === 2)).toMatchObject({ action: "update", columns: ["name"] });
    expect((await apply(g, edited.id)).json).toEqual({ created: 0, updated: 2, archived: 1 });
    const after = await members(g);
    expect(after).toHaveLength(5);
    expect(after[0]!.name).toBe("Person Zero");
    expect(after[2]!.archived).toBe(true);
  });

  it("names every refused row with its line and reasons: the editor's rules and the file's own", async () => {
    const g = await newGroup("Refusals");
    const other = await newGroup("Another group");
    const [{ id: theirs }] = await up.app.db.query<{ id: number }>("INSERT INTO members (group_id, name) VALUES ($1, 'Theirs') RETURNING id", [other]);
    const p = await preview(
      g,
      csv([
        ["", "Good", "good@example.com", "", "", "", "", ""],
        ["", "", "noname@example.com", "", "", "", "", ""],
        ["", "Bad email", "not-an-email", "", "", "", "", ""],
        ["", "Twin one", "twin@example.com", "", "", "", "", ""],
        ["", "Twin two", "TWIN@example.com", "", "", "", "", ""],
        ["", "Nowhere", "", "", "", "", "Atlantis", ""],
        [String(theirs), "Stolen", "", "", "", "", "", ""],
        ["", "Backwards", "", "", "2026-05-01", "2026-04-01", "", "maybe"],
        ["", '"=HYPERLINK(""http://evil.example"",""click"")"', "", "", "", "", "", ""],
      ]),
    );
    expect(p.counts).toMatchObject({ rows: 9, create: 2, refused: 7 });
    const by = Object.fromEntries(p.refused.map((r) => [r.line, r.reasons.map((x) => x.message)]));
    expect(by).toEqual({
      3: [MEMBER_MESSAGES.nameRequired],
      4: [MEMBER_MESSAGES.email],
      5: [IMPORT_ROW_MESSAGES.duplicateEmail],
      6: [IMPORT_ROW_MESSAGES.duplicateEmail],
      7: [IMPORT_ROW_MESSAGES.unknownSite],
      8: [IMPORT_ROW_MESSAGES.memberId],
      9: [IMPORT_ROW_MESSAGES.archivedValue, MEMBER_MESSAGES.dates],
    });
    expect(p.refused.find((r) => r.line === 7)!.reasons[0]).toMatchObject({ column: "sites", value: "Atlantis" });
    // A formula-like cell is kept as text (ADR 018) and escaped when exported.
    expect((await apply(g, p.id)).json).toEqual({ created: 2, updated: 0, archived: 0 });
    expect((await members(g)).map((m) => m.name)).toContain('=HYPERLINK("http://evil.example","click")');
    expect((await exportCsv(g)).map((r) => r[1])).toContain('\'=HYPERLINK("http://evil.example","click")');
  });

  it("apply is all or nothing, and a group changed since the preview gets a new preview", async () => {
    const g = await newGroup("All or nothing");
    const p = await preview(g, csv([["", "Ann", "ann@example.com", "", "", "", "", ""], ["", "Bob", "bob@example.com", "", "", "", "", ""]]));
    // Someone adds Bob by hand meanwhile: the plan changes (Bob is an update now).
    await up.app.db.query("INSERT INTO members (group_id, name, email) VALUES ($1, 'Robert', 'bob@example.com')", [g]);
    const stale = await apply(g, p.id);
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe(IMPORT_STALE_CODE);
    expect((await members(g)).map((m) => m.name)).toEqual(["Robert"]);
    const fresh = MemberImportPreview.parse((await (await fetch(api(`groups/${g}/member-imports/${p.id}`), { headers: auth() })).json()));
    expect(fresh.counts).toMatchObject({ create: 1, update: 1 });
    // A write failing half-way leaves nothing behind.
    await up.app.db.exec(`CREATE OR REPLACE FUNCTION member_io_test_boom() RETURNS trigger AS $$ BEGIN IF NEW.name = 'Ann' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER member_io_test_boom BEFORE INSERT ON members FOR EACH ROW EXECUTE FUNCTION member_io_test_boom();`);
    try {
      expect((await apply(g, p.id)).status).toBe(500);
    } finally {
      await up.app.db.exec("DROP TRIGGER member_io_test_boom ON members; DROP FUNCTION member_io_test_boom();");
      serverErrors.length = 0;
    }
    expect((await members(g)).map((m) => m.name)).toEqual(["Robert"]);
    expect((await apply(g, p.id)).json).toEqual({ created: 1, updated: 1, archived: 0 });
    expect((await members(g)).map((m) => m.name)).toEqual(["Bob", "Ann"]);
  });

  it("a synced member's name, email and mobile are the directory's: a row changing them is refused", async () => {
    const g = await newGroup("Synced");
    const [{ id }] = await up.app.db.query<{ id: number }>("INSERT INTO members (group_id, name, email, synced, directory_id) VALUES ($1, 'Dora Directory', 'dora@example.com', true, 'd-1') RETURNING id", [g]);
    const p = await preview(g, csv([[String(id), "Dora Renamed", "dora@example.com", "", "2026-03-01", "", "", ""]]));
    expect(p.refused).toEqual([{ line: 2, name: "Dora Renamed", reasons: [expect.objectContaining({ column: "name", message: IMPORT_ROW_MESSAGES.synced })] }]);
    const dates = await preview(g, csv([[String(id), "Dora Directory", "dora@example.com", "", "2026-03-01", "", "", ""]]));
    expect(dates.counts).toMatchObject({ update: 1, refused: 0 });
  });

  it("members not in the file are archived only when asked", async () => {
    const g = await newGroup("Missing ones");
    await up.app.db.query("INSERT INTO members (group_id, name, email) VALUES ($1, 'Stays', 's@example.com'), ($1, 'Goes', 'g@example.com')", [g]);
    const p = await preview(g, csv([["", "Stays", "s@example.com", "", "", "", "", ""]]));
    expect(p.counts).toMatchObject({ unchanged: 1, missing: 1 });
    expect(p.changes).toEqual([expect.objectContaining({ action: "missing", name: "Goes", line: null })]);
    expect((await apply(g, p.id, true)).json).toEqual({ created: 0, updated: 0, archived: 1 });
    expect((await members(g)).map((m) => [m.name, m.archived])).toEqual([["Stays", false], ["Goes", true]]);
  });

  it("reads XLSX too (dates as dates), and refuses a real formula cell", async () => {
    const g = await newGroup("Workbook");
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Members");
    sheet.addRow(MEMBER_IO_COLUMNS.map((c) => MEMBER_IO_HEADERS[c]));
    sheet.addRow(["", "Xena", "xena@example.com", "+447911123200", new Date(Date.UTC(2026, 2, 1)), "", "", "no"]);
    sheet.addRow(["", { formula: 'HYPERLINK("http://evil.example")', result: "x" }, "", "", "", "", "", ""]);
    const p = await preview(g, new Uint8Array(await book.xlsx.writeBuffer()));
    expect(p.counts, JSON.stringify(p.refused)).toMatchObject({ create: 1, refused: 1 });
    expect(p.refused[0]).toMatchObject({ line: 3, reasons: expect.arrayContaining([expect.objectContaining({ column: "name", message: IMPORT_ROW_MESSAGES.formula })]) });
    await apply(g, p.id);
    const [{ starts_on }] = await up.app.db.query<{ starts_on: string }>("SELECT to_char(starts_on, 'YYYY-MM-DD') AS starts_on FROM members WHERE group_id = $1", [g]);
    expect(starts_on).toBe("2026-03-01");
  });

  it("hostile files get a clear 4xx and nothing is kept", async () => {
    const g = await newGroup("Hostile");
    const file = (r: { status: number; json: { errors?: { file?: string[] } } }) => [r.status, r.json.errors?.file?.[0]];
    // Not UTF-8 (Latin-1 é); UTF-8 with a BOM is fine.
    expect(file(await upload(g, Buffer.concat([Buffer.from(`${HEADER}\n,Ren`), Buffer.from([0xe9]), Buffer.from(",,,,,,\n")])))).toEqual([422, IMPORT_FILE_MESSAGES.encoding]);
    expect((await upload(g, `\uFEFF${HEADER}\n,René,,,,,,\n`)).status).toBe(200);
    expect(file(await upload(g, ""))).toEqual([422, IMPORT_FILE_MESSAGES.empty]);
    expect(file(await upload(g, `${HEADER}\n`))).toEqual([422, IMPORT_FILE_MESSAGES.noRows]);
    expect(file(await upload(g, "Email,Mobile\na@example.com,\n"))).toEqual([422, IMPORT_FILE_MESSAGES.headerMissing]);
    expect(file(await upload(g, "Name,Shoe size\nAnn,5\n"))).toEqual([422, IMPORT_FILE_MESSAGES.headerUnknown]);
    // 100,000 rows: past the row limit, refused while reading.
    const many = `${HEADER}\n` + Array.from({ length: 100_000 }, (_, i) => `,P${i},,,,,,`).join("\n");
    expect(file(await upload(g, many))).toEqual([422, IMPORT_FILE_MESSAGES.tooManyRows]);
    // 50 MB: past the byte limit (declared, and streamed without a length).
    const big = Buffer.alloc(50 * 1024 * 1024, 0x61);
    expect(file(await upload(g, big))).toEqual([413, IMPORT_FILE_MESSAGES.tooLarge]);
    // Streamed without a length: rows of 900-character names, 12 MB in all (fewer rows than the limit).
    const chunk = Buffer.from(`,${"a".repeat(900)},,,,,,\n`.repeat(1150));
    let sent = 0;
    const stream = new ReadableStream({
      pull(c) {
        if (++sent > 12) c.close();
        else c.enqueue(new Uint8Array(sent === 1 ? Buffer.concat([Buffer.from(`${HEADER}\n`), chunk]) : chunk));
      },
    });
    const res = await fetch(api(`groups/${g}/member-imports`), { method: "POST", headers: { ...auth(), "content-type": "text/csv" }, body: stream, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    const [{ n }] = await up.app.db.query<{ n: number }>("SELECT count(*)::int AS n FROM members WHERE group_id = $1", [g]);
    expect(n).toBe(0);
    expect(MEMBER_IO_LIMITS.rows).toBeLessThan(100_000);
  }, 30_000);

  it("an XLSX bomb gets 413 or 422 with its words; a control character in a cell refuses its row only, never a 500", async () => {
    const g = await newGroup("Bombs and NULs");
    const file = (r: { status: number; json: { errors?: { file?: string[] } } }) => [r.status, r.json.errors?.file?.[0]];
    const sheet = { name: "xl/worksheets/sheet1.xml", data: sheetXml([HEADER.split(","), ["", "Ann"]]) };
    const workbook = { name: "xl/workbook.xml", data: WORKBOOK_XML };
    expect(file(await upload(g, zipOf([sheet, { name: "xl/sharedStrings.xml", data: sharedStringsXml("x".repeat(100), 20_000) }, workbook])))).toEqual([413, IMPORT_FILE_MESSAGES.unpacked]);
    expect(file(await upload(g, zipOf([sheet, workbook, ...Array.from({ length: 1200 }, (_, i) => ({ name: `xl/media/image${i}.png`, data: "x" }))])))).toEqual([422, IMPORT_FILE_MESSAGES.parts]);
    // A NUL in a CSV cell, and one Excel wrote as _x0000_: the row is refused with its line; the others are read.
    const p = await preview(g, csv([["", "Ann Able", "", "", "", "", "", ""], ["", "Nul\u0000Name", "nul@example.com", "", "", "", "", ""]]));
    expect(p.counts).toMatchObject({ create: 1, refused: 1 });
    expect(p.refused[0]).toMatchObject({ line: 3, reasons: [{ column: "name", code: "controlCharacters", message: IMPORT_ROW_MESSAGES.controlCharacters }] });
    const x = await preview(g, workbookOf([HEADER.split(","), ["", "Bo_x0000_Bell", "bo@example.com"]]));
    expect(x.refused[0]).toMatchObject({ line: 2, reasons: [{ column: "name", code: "controlCharacters" }] });
    expect((await apply(g, p.id)).status).toBe(200);
    expect((await members(g)).map((m) => m.name)).toEqual(["Ann Able"]);
  }, 30_000);

  it("rights: a viewer cannot import; without the export right, no export; another client's group is not there", async () => {
    const g = await newGroup("Rights");
    await call("POST", "/__test/roles", { client: "eu:1", name: "Member viewer (io)", rights: ["ManageVisitorGroup.viewer", "GroupMember.viewer"] });
    await call("POST", "/__test/users", { email: "io-viewer@example.com", role: "Member viewer (io)", client: "eu:1" });
    const viewer = await login("io-viewer@example.com");
    expect((await upload(g, csv([["", "Ann", "", "", "", "", "", ""]]), viewer)).status).toBe(403);
    expect((await download(g, "member-export", "csv", viewer)).status).toBe(403);
    expect((await download(g, "member-template", "csv", viewer)).status).toBe(200);
    const p = await preview(g, csv([["", "Ann", "", "", "", "", "", ""]]));
    expect((await apply(g, p.id, false, viewer)).status).toBe(403);
    const standard = await login("standard@example.com");
    expect((await apply(g, p.id, false, standard)).status).toBe(403);
    expect((await download(g, "member-export", "csv", standard)).status).toBe(403);
    const globex = await login("globex@example.com");
    const r = await fetch(`${up.url}/us/api/v2/groups/${g}/member-export?format=csv`, { headers: auth(globex) });
    expect(r.status).toBe(404);
    expect(await members(g)).toEqual([]);
    // A standard group has no members to export or import.
    const std = await fetch(api("groups"), { method: "POST", headers: { ...auth(), "content-type": "application/json" }, body: JSON.stringify({ name: "Standard io", type: "standard" }) });
    const stdId = ((await std.json()) as { id: number }).id;
    expect((await download(stdId, "member-export", "csv")).status).toBe(404);
    expect((await upload(stdId, csv([["", "Ann", "", "", "", "", "", ""]]))).status).toBe(404);
  });

  it("logs no server error", () => {
    expect(serverErrors).toEqual([]);
  });
});
