/**
 * Bounded spreadsheet reading (issue 24 §2; ADR 018 "Workbooks are unpacked with bounds"): the ZIP's
 * central directory checked before anything is inflated (entries, declared sizes, ratios), every
 * entry inflated behind its declared size and CRC, and exceljs given the parts in an order in which
 * it writes no temp file. Bombs are built here with node:zlib (zip-fixtures.ts). Each test runs
 * with a temp dir of its own and finds it empty afterwards, whatever the outcome.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { open, writeFile, type FileHandle } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { crc32, deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { UploadFileError } from "./upload.ts";
import { readWorkbookRows, withUploadDir, type WorkbookLimits } from "./workbook.ts";
import { checkEntry, inflateEntry, readZipDirectory, storedDirectory, storedHeader, ZipRefusal, type ZipLimits } from "./zip.ts";
import { sharedStringsXml, sheetXml, WORKBOOK_XML, workbookOf, zipOf } from "./zip-fixtures.ts";

const MB = 1024 * 1024;
const ZIP: ZipLimits = { entries: 1000, inflated: 100 * MB, ratio: 100, grace: 100 * 1024 };
const LIMITS: WorkbookLimits = { ...ZIP, sheet: 32 * MB, sharedStrings: 16 * MB, part: 4 * MB };
const MESSAGES = { unpacked: "unpacked", parts: "parts", unreadable: "unreadable" };

// Fixture files are written apart from the temp dir under watch.
const fixtures = mkdtempSync(join(tmpdir(), "gh-zip-fixtures-"));
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));
let base = "";
let previousTmp: string | undefined;
beforeEach(() => {
  previousTmp = process.env.TMPDIR;
  base = mkdtempSync(join(tmpdir(), "gh-workbook-test-"));
  process.env.TMPDIR = base;
});
afterEach(() => {
  process.env.TMPDIR = previousTmp;
  if (previousTmp === undefined) delete process.env.TMPDIR;
  rmSync(base, { recursive: true, force: true });
});
/** What is left in the temp dir (the reader's own directories and exceljs's temp files would be here). */
const leftovers = () => readdirSync(base);

/** The ZIP in a file, opened (the directory is read from a file, as an upload is). */
async function opened(zip: Buffer): Promise<{ file: FileHandle; size: number }> {
  const path = join(fixtures, `fixture-${randomBytes(4).toString("hex")}.zip`);
  await writeFile(path, zip);
  return { file: await open(path, "r"), size: zip.length };
}
async function directoryOf(zip: Buffer, limits = ZIP) {
  const { file, size } = await opened(zip);
  try {
    return await readZipDirectory(file, size, limits);
  } finally {
    await file.close();
  }
}
const refusalOf = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  return err instanceof ZipRefusal ? err.kind : err instanceof UploadFileError ? `${err.status} ${err.message}` : String(err);
};

async function rowsOf(zip: Buffer, limits = LIMITS): Promise<string[][]> {
  const rows: string[][] = [];
  await readWorkbookRows(
    (async function* () {
      yield zip;
    })(),
    { limits, messages: MESSAGES },
    (values) => rows.push(values.map((v) => String(v ?? ""))),
  );
  return rows;
}
const refusedAs = (zip: Buffer, limits = LIMITS) => refusalOf(rowsOf(zip, limits));

describe("the central directory, before anything is inflated", () => {
  it("lists the entries of a workbook exceljs wrote, and of a ZIP written back from stored entries", async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Members").addRow(["Name"]);
    const zip = await directoryOf(Buffer.from(await book.xlsx.writeBuffer()));
    expect(zip.entries.map((e) => e.name)).toEqual(expect.arrayContaining(["xl/workbook.xml", "xl/worksheets/sheet1.xml", "xl/sharedStrings.xml"]));
    // The stream exceljs is given is a ZIP of stored entries: it reads back as one.
    const data = Buffer.from("<x/>");
    const header = storedHeader("a.xml", data.length, crc32(data));
    const written = Buffer.concat([header, data, storedDirectory([{ name: "a.xml", size: data.length, crc: crc32(data), offset: 0 }], header.length + data.length)]);
    const back = await directoryOf(written);
    expect(back.entries).toMatchObject([{ name: "a.xml", method: 0, size: 4, compressedSize: 4, localOffset: 0 }]);
  });

  it("refuses more than 1,000 entries from the count alone, before reading one", async () => {
    const many = zipOf(Array.from({ length: 1001 }, (_, i) => ({ name: `e${i}.xml`, data: "x", stored: true })));
    expect(await refusalOf(directoryOf(many))).toBe("entries");
    // A directory that claims 60,000 entries in a few bytes: refused as many, not read.
    expect(await refusalOf(directoryOf(zipOf([{ name: "a", data: "x" }], { count: 60_000 })))).toBe("entries");
    expect((await directoryOf(zipOf(Array.from({ length: 1000 }, (_, i) => ({ name: `e${i}.xml`, data: "x", stored: true }))))).entries).toHaveLength(1000);
  });

  it("refuses an entry declaring more than 100 times its compressed size past 100 KB, and entries past 100 MB together", async () => {
    const zeros = deflateRawSync(Buffer.alloc(MB)); // ≈ 1 KB for 1 MB: a thousand times
    expect(await refusalOf(directoryOf(zipOf([{ name: "xl/sharedStrings.xml", raw: zeros, declaredSize: MB }])))).toBe("inflated");
    // A 1 GB declaration, as the probe's shared-strings bomb unpacked to.
    expect(await refusalOf(directoryOf(zipOf([{ name: "xl/sharedStrings.xml", raw: zeros, declaredSize: 1024 * MB }])))).toBe("inflated");
    // Under the grace, a high ratio is fine (a blank part compresses well).
    expect((await directoryOf(zipOf([{ name: "blank.xml", data: Buffer.alloc(100 * 1024) }]))).entries).toHaveLength(1);
    // Each at 100:1, together past 100 MB (never inflated: random bytes declared as 60 MB each).
    const noise = randomBytes(600 * 1024);
    expect(await refusalOf(directoryOf(zipOf([{ name: "a.bin", raw: noise, declaredSize: 60 * MB }, { name: "b.bin", raw: noise, declaredSize: 60 * MB }])))).toBe("inflated");
  });

  it("refuses what is not a ZIP it reads: garbage, cut short, ZIP64, a directory pointing past its end", async () => {
    const good = zipOf([{ name: "a.xml", data: "<a/>" }]);
    expect(await refusalOf(directoryOf(randomBytes(2000)))).toBe("unreadable");
    expect(await refusalOf(directoryOf(Buffer.alloc(10)))).toBe("unreadable");
    expect(await refusalOf(directoryOf(good.subarray(0, good.length - 5)))).toBe("unreadable");
    const zip64 = Buffer.from(good);
    zip64.writeUInt32LE(0xffffffff, zip64.length - 6); // the directory's offset
    expect(await refusalOf(directoryOf(zip64))).toBe("unreadable");
    const past = Buffer.from(good);
    past.writeUInt32LE(past.length * 2, past.length - 10); // the directory's size
    expect(await refusalOf(directoryOf(past))).toBe("unreadable");
  });
});

describe("an entry inflates to its declared size, no further", () => {
  async function inflate(zip: Buffer) {
    const { file, size } = await opened(zip);
    try {
      const dir = await readZipDirectory(file, size, ZIP);
      let out = 0;
      const outcome = await (async () => {
        for await (const chunk of inflateEntry(file, dir, dir.entries[0]!)) out += chunk.length;
      })().then(
        () => "read",
        (e: unknown) => (e instanceof ZipRefusal ? e.kind : String(e)),
      );
      return { outcome, out, checked: await refusalOf(checkEntry(file, dir, dir.entries[0]!)) };
    } finally {
      await file.close();
    }
  }

  it("stops at the first chunk past a size the directory under-declares (16 MB that says 50 KB)", async () => {
    const { outcome, out, checked } = await inflate(zipOf([{ name: "xl/sharedStrings.xml", data: Buffer.alloc(16 * MB, 0x41), declaredSize: 50 * 1024 }]));
    expect(outcome).toBe("inflated");
    expect(checked).toBe("inflated");
    expect(out).toBeLessThanOrEqual(50 * 1024);
  });

  it("refuses data short of its size, not deflate, another CRC, encrypted, another method", async () => {
    const text = "<sst>" + "a".repeat(5000) + "</sst>";
    expect((await inflate(zipOf([{ name: "a", data: text }]))).outcome).toBe("read");
    expect((await inflate(zipOf([{ name: "a", data: text, declaredSize: text.length + 10 }]))).outcome).toBe("unreadable");
    expect((await inflate(zipOf([{ name: "a", raw: randomBytes(3000), declaredSize: 5000 }]))).outcome).toBe("unreadable");
    expect((await inflate(zipOf([{ name: "a", data: text, crc: 12345 }]))).outcome).toBe("unreadable");
    expect((await inflate(zipOf([{ name: "a", data: text, flags: 1 }]))).outcome).toBe("unreadable");
    expect((await inflate(zipOf([{ name: "a", data: text, method: 12 }]))).outcome).toBe("unreadable");
    expect((await inflate(zipOf([{ name: "a", data: text, stored: true, declaredSize: 10 }]))).outcome).toBe("unreadable");
  });
});

describe("reading a workbook's rows", () => {
  it("reads the worksheet before the shared strings and the workbook last, as Excel and exceljs write them, and leaves no file", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Members");
    sheet.addRow(["Name", "Email"]);
    sheet.addRow(["Ann Able", "ann@example.com"]);
    book.addWorksheet("Second").addRow(["not read"]);
    const zip = Buffer.from(await book.xlsx.writeBuffer());
    const names = (await directoryOf(zip)).entries.map((e) => e.name);
    expect(names.indexOf("xl/worksheets/sheet1.xml")).toBeLessThan(names.indexOf("xl/sharedStrings.xml"));
    expect(await rowsOf(zip)).toEqual([
      ["Name", "Email"],
      ["Ann Able", "ann@example.com"],
    ]);
    expect(leftovers()).toEqual([]);
  });

  it("reads a workbook without shared strings (inline strings only)", async () => {
    const zip = zipOf([
      { name: "xl/worksheets/sheet1.xml", data: sheetXml([["Name"], ["Bo"]]) },
      { name: "xl/workbook.xml", data: WORKBOOK_XML },
    ]);
    expect(await rowsOf(zip)).toEqual([["Name"], ["Bo"]]);
    expect(leftovers()).toEqual([]);
  });

  it("leaves no file when the caller refuses the file half-way (a bad header, too many rows)", async () => {
    const zip = workbookOf([["Shoe size"], ...Array.from({ length: 5000 }, (_, i) => [`P${i}`])]);
    let seen = 0;
    const outcome = await refusalOf(
      readWorkbookRows(
        (async function* () {
          yield zip;
        })(),
        { limits: LIMITS, messages: MESSAGES },
        () => {
          if (++seen > 10) throw new UploadFileError(422, "too many rows");
        },
      ),
    );
    expect(outcome).toBe("422 too many rows");
    expect(seen).toBe(11);
    expect(leftovers()).toEqual([]);
  });

  it("refuses bombs with 413 or 422 before parsing them, and leaves no file", async () => {
    const sheet = { name: "xl/worksheets/sheet1.xml", data: sheetXml([["Name"], ["A"]]) };
    const workbook = { name: "xl/workbook.xml", data: WORKBOOK_XML };
    const cases: [string, Buffer, string][] = [
      // The probe's shared-strings bomb: one string a million times, ≈ 1,000 : 1.
      ["shared strings a thousand times their size", zipOf([sheet, { name: "xl/sharedStrings.xml", data: sharedStringsXml("x".repeat(100), 20_000) }, workbook]), "413 unpacked"],
      ["shared strings past 16 MB at 100 : 1", zipOf([sheet, { name: "xl/sharedStrings.xml", raw: randomBytes(200 * 1024), declaredSize: 17 * MB }, workbook]), "413 unpacked"],
      ["a worksheet past 32 MB at 100 : 1", zipOf([{ name: sheet.name, raw: randomBytes(400 * 1024), declaredSize: 33 * MB }, workbook]), "413 unpacked"],
      ["a worksheet that says 60 KB and unpacks to 16 MB", zipOf([{ ...sheet, data: Buffer.concat([Buffer.from(sheetXml([["Name"]])), Buffer.alloc(16 * MB, 0x20)]), declaredSize: 60 * 1024 }, workbook]), "413 unpacked"],
      ["1,001 entries", zipOf([sheet, workbook, ...Array.from({ length: 999 }, (_, i) => ({ name: `xl/media/p${i}.bin`, data: "x" }))]), "422 parts"],
      ["no worksheet", zipOf([workbook]), "422 unreadable"],
      ["a worksheet twice", zipOf([sheet, sheet, workbook]), "422 unreadable"],
      ["broken XML", zipOf([{ name: sheet.name, data: "<worksheet><sheetData></row></sheetData></worksheet>" }, workbook]), "422 unreadable"],
      ["a NUL inside the XML", zipOf([{ name: sheet.name, data: sheetXml([["Name"], ["A\u0000B"]]) }, workbook]), "422 unreadable"],
      ["not a ZIP", Buffer.concat([Buffer.from("PK\u0003\u0004"), randomBytes(3000)]), "422 unreadable"],
    ];
    const wrong: string[] = [];
    for (const [name, zip, expected] of cases) {
      const got = await refusedAs(zip);
      if (got !== expected) wrong.push(`${name}: ${got}`);
      if (leftovers().length) wrong.push(`${name}: left ${leftovers().join(", ")}`);
    }
    expect(wrong).toEqual([]);
  });

  it("leaves no file when the upload stops half-way (the caller gone), or is past its size", async () => {
    const zip = workbookOf([["Name"], ["A"]]);
    const cut = readWorkbookRows(
      (async function* () {
        yield zip.subarray(0, 100);
        throw new Error("aborted");
      })(),
      { limits: LIMITS, messages: MESSAGES },
      () => {},
    );
    expect(await refusalOf(cut)).toBe("422 unreadable");
    const tooLarge = readWorkbookRows(
      (async function* () {
        yield zip.subarray(0, 100);
        throw new UploadFileError(413, "too large");
      })(),
      { limits: LIMITS, messages: MESSAGES },
      () => {},
    );
    expect(await refusalOf(tooLarge)).toBe("413 too large");
    expect(leftovers()).toEqual([]);
  });

  it("an upload's own directory is removed after use, and after a failure", async () => {
    let seen = "";
    await withUploadDir(async (dir) => {
      seen = dir;
      expect(leftovers()).toHaveLength(1);
    });
    expect(seen.startsWith(join(base, "gatehouse-upload-"))).toBe(true);
    await expect(withUploadDir(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(leftovers()).toEqual([]);
  });
});
