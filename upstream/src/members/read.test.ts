/**
 * Reading a members file (ADR 018; issue 24 §2 and §5): a cell holding a control character refuses
 * its row, with its line, in CSV and in XLSX alike, and is not kept; an XLSX bomb is refused with the
 * import's own words; a real 20,000-row workbook fits the bounds with room to spare.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import { afterAll, describe, expect, it } from "vitest";
import { IMPORT_FILE_MESSAGES, IMPORT_ROW_MESSAGES, MEMBER_IO_COLUMNS, MEMBER_IO_HEADERS, MEMBER_IO_LIMITS } from "../../contract/index.ts";
import { UploadFileError } from "../http/upload.ts";
import { readZipDirectory } from "../http/zip.ts";
import { sharedStringsXml, sheetXml, WORKBOOK_XML, workbookOf, zipOf } from "../http/zip-fixtures.ts";
import { MEMBER_WORKBOOK_LIMITS, readMemberFile } from "./read.ts";

const HEADER = MEMBER_IO_COLUMNS.map((c) => MEMBER_IO_HEADERS[c]);
async function* bytes(b: Buffer | string) {
  yield Buffer.from(b);
}
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof UploadFileError ? [e.status, e.message] : String(e)),
  );

describe("a control character in a cell refuses its row", () => {
  it("in CSV: NUL, BEL, ESC, DEL anywhere in a row; a tab and a line break inside a quoted cell do not", async () => {
    const csv = [
      HEADER.join(","),
      ",Ann Able,ann@example.com,,,,,",
      ",Nul\u0000Name,nul@example.com,,,,,",
      ',"Quoted\ttab and\nline break",q@example.com,,,,,',
      ",Bell,bell\u0007@example.com,,,,,",
      ",Esc,,\u001b[31m,,,,",
      ",Del,,,,,Head Office\u007f,",
    ].join("\n");
    const file = await readMemberFile(bytes(csv));
    const byLine = new Map(file.rows.map((r) => [r.line, r]));
    expect(file.rows.map((r) => [r.line, r.problems.map((p) => `${p.column}:${p.code}`)])).toEqual([
      [2, []],
      [3, ["name:controlCharacters"]],
      [5, []],
      [6, ["email:controlCharacters"]],
      [7, ["mobile:controlCharacters"]],
      [8, ["sites:controlCharacters"]],
    ]);
    expect(byLine.get(3)!.problems[0]!.message).toBe(IMPORT_ROW_MESSAGES.controlCharacters);
    // The refused cell is not kept (it would reach the database); the row's other cells are.
    expect(byLine.get(3)!.cells).not.toHaveProperty("name");
    expect(byLine.get(3)!.cells.email).toBe("nul@example.com");
    expect(byLine.get(5)!.cells.name).toBe("Quoted\ttab and\nline break");
    expect(JSON.stringify(file.rows)).not.toMatch(/\\u0000|\\u0007|\\u001b|\\u007f/);
  });

  it("in XLSX: a cell Excel wrote as _x0000_ (shared strings), or holding DEL (inline); a literal _x005F_x0041_ is text", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Members");
    sheet.addRow(HEADER);
    sheet.addRow(["", "Ann_x0000_Able", "ann@example.com"]);
    sheet.addRow(["", "Under_x005F_x0041_score", ""]);
    const file = await readMemberFile(bytes(Buffer.from(await book.xlsx.writeBuffer())));
    expect(file.rows.map((r) => [r.line, r.cells.name ?? null, r.problems.map((p) => `${p.column}:${p.code}`)])).toEqual([
      [2, null, ["name:controlCharacters"]],
      [3, "Under_x0041_score", []],
    ]);
    // exceljs drops DEL when it writes; XML itself allows it, as another program may write it.
    const inline = await readMemberFile(bytes(workbookOf([HEADER, ["", "Del\u007f", "del@example.com"]])));
    expect(inline.rows.map((r) => [r.line, r.cells.email ?? null, r.problems.map((p) => `${p.column}:${p.code}`)])).toEqual([[2, "del@example.com", ["name:controlCharacters"]]]);
  });
});

describe("an XLSX bomb is refused with the import's words", () => {
  const sheet = { name: "xl/worksheets/sheet1.xml", data: sheetXml([HEADER, ["", "Ann"]]) };
  const workbook = { name: "xl/workbook.xml", data: WORKBOOK_XML };
  it.each([
    ["a shared-strings bomb (≈ 1,000 : 1)", () => zipOf([sheet, { name: "xl/sharedStrings.xml", data: sharedStringsXml("x".repeat(100), 20_000) }, workbook]), 413, IMPORT_FILE_MESSAGES.unpacked],
    ["a part declaring 4 GB", () => zipOf([{ ...sheet, raw: deflateRawSync(Buffer.alloc(1024 * 1024)), declaredSize: 0xfffffffe }, workbook]), 413, IMPORT_FILE_MESSAGES.unpacked],
    ["a worksheet that lies about its size", () => zipOf([{ name: sheet.name, data: Buffer.concat([Buffer.from(sheetXml([HEADER])), Buffer.alloc(8 * 1024 * 1024, 0x20)]), declaredSize: 90 * 1024 }, workbook]), 413, IMPORT_FILE_MESSAGES.unpacked],
    ["1,500 entries", () => zipOf([sheet, workbook, ...Array.from({ length: 1498 }, (_, i) => ({ name: `xl/media/image${i}.png`, data: "x" }))]), 422, IMPORT_FILE_MESSAGES.parts],
    ["a broken workbook", () => Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(5000, 1)]), 422, IMPORT_FILE_MESSAGES.unreadable],
  ])("%s", async (_name, build, status, message) => {
    expect(await refusal(readMemberFile(bytes(build())))).toEqual([status, message]);
  });

  it("the worksheet before the shared strings with a bad header (the probe's 104 KB file) is refused as a bad header", async () => {
    expect(await refusal(readMemberFile(bytes(workbookOf([["Shoe size"], ...Array.from({ length: 3000 }, (_, i) => [`P${i}`])]))))).toEqual([422, IMPORT_FILE_MESSAGES.headerUnknown]);
  });
});

describe("the bounds fit a real workbook", () => {
  const dir = mkdtempSync(join(tmpdir(), "gh-members-read-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("20,000 members as exceljs writes them unpack to less than half of each bound (2,000 written, sizes × 10)", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Members");
    sheet.addRow(HEADER);
    const scale = 10;
    for (let i = 0; i < MEMBER_IO_LIMITS.rows / scale; i++) {
      sheet.addRow([String(100_000 + i), `Member ${i} ${"Name".repeat(8)}`, `member${i}@example.com`, `+4479111${String(i).padStart(5, "0")}`, new Date(Date.UTC(2026, 2, 1)), "", "Head Office;Warehouse", "no"]);
    }
    const path = join(dir, "members.xlsx");
    writeFileSync(path, Buffer.from(await book.xlsx.writeBuffer()));
    const file = await open(path, "r");
    try {
      const zip = await readZipDirectory(file, (await file.stat()).size, MEMBER_WORKBOOK_LIMITS);
      const size = (name: string) => zip.entries.find((e) => e.name === name)!.size * scale;
      expect(size("xl/worksheets/sheet1.xml")).toBeLessThan(MEMBER_WORKBOOK_LIMITS.sheet / 2);
      expect(size("xl/sharedStrings.xml")).toBeLessThan(MEMBER_WORKBOOK_LIMITS.sharedStrings / 2);
      for (const e of zip.entries) if (e.size > MEMBER_WORKBOOK_LIMITS.grace) expect(e.size / e.compressedSize, e.name).toBeLessThan(MEMBER_WORKBOOK_LIMITS.ratio / 2);
    } finally {
      await file.close();
    }
  });
});
