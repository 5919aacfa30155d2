/**
 * An XLSX upload's first worksheet, read as rows with bounds (issue 24 §2; ADR 018, "Workbooks are
 * unpacked with bounds"):
 * 1. the upload is written, counted, into a directory of its own under the temp dir, removed in
 *    `finally` on every path (read, refused, failed, the caller gone);
 * 2. its central directory is checked (http/zip.ts: entries, declared sizes, ratios), then the
 *    parts read — the workbook, its styles, the shared strings, the first worksheet — each against
 *    a bound of its own, and each is inflated once to check its real size and CRC, all before any
 *    parser sees a byte of them;
 * 3. exceljs's streaming reader is given a ZIP stream of those parts only, stored, in the order in
 *    which it reads without temp files (the workbook's relationships and the shared strings before
 *    the worksheet), each inflated again as it streams, behind the same bound.
 *
 * exceljs writes a worksheet that comes before the shared strings (as Excel and exceljs itself
 * order them) to a temp file in the system temp dir, removed only when the process exits and never
 * when the read stops early (exceljs#2147): given the parts in this order it never does. Other
 * parts (pictures, themes, other sheets) are never inflated.
 */
import { createWriteStream } from "node:fs";
import { mkdtemp, open, rm, type FileHandle } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { crc32 } from "node:zlib";
import ExcelJS from "exceljs";
import { UploadFileError } from "./upload.ts";
import { checkEntry, inflateEntry, readZipDirectory, storedDirectory, storedHeader, ZipRefusal, type StoredEntry, type ZipDirectory, type ZipEntry, type ZipLimits } from "./zip.ts";

export interface WorkbookLimits extends ZipLimits {
  /** Inflated bytes of the worksheet read. */
  sheet: number;
  /** Inflated bytes of the shared strings (exceljs holds them all while the sheet is read). */
  sharedStrings: number;
  /** Inflated bytes of the workbook part, and of the styles. */
  part: number;
}

export interface WorkbookMessages {
  /** 413: the workbook, or a part of it, unpacks past its bound (a ZIP bomb among others). */
  unpacked: string;
  /** 422: more entries than `limits.entries`. */
  parts: string;
  /** 422: not a workbook this reads. */
  unreadable: string;
}

/** The directory every upload is written to while it is read: `gatehouse-upload-*` under the temp dir. */
export const UPLOAD_DIR_PREFIX = "gatehouse-upload-";

/** Run `use` with a directory of its own under the temp dir, removed afterwards whatever happens. */
export async function withUploadDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), UPLOAD_DIR_PREFIX));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const RELS = "xl/_rels/workbook.xml.rels";
const SHARED_STRINGS = "xl/sharedStrings.xml";
const WORKBOOK = "xl/workbook.xml";
const STYLES = "xl/styles.xml";
const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
// The sheet's name and state are not read: empty relationships do, and exceljs reads on.
const EMPTY_RELS = '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>';
const EMPTY_SHARED_STRINGS = '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';


interface Parts {
  workbook: ZipEntry;
  styles: ZipEntry | null;
  sharedStrings: ZipEntry | null;
  sheet: ZipEntry;
}

/** The parts read, each within its bound (ZipRefusal otherwise). */
function partsOf(entries: ZipEntry[], limits: WorkbookLimits): Parts {
  const named = (name: string) => {
    const found = entries.filter((e) => e.name === name);
    if (found.length > 1) throw new ZipRefusal("unreadable", `${name} twice`);
    return found[0] ?? null;
  };
  const workbook = named(WORKBOOK);
  const first = entries.find((e) => WORKSHEET.test(e.name));
  if (!workbook || !first) throw new ZipRefusal("unreadable", "no workbook or no worksheet");
  const parts: Parts = { workbook, styles: named(STYLES), sharedStrings: named(SHARED_STRINGS), sheet: named(first.name)! };
  const over = (entry: ZipEntry | null, bound: number) => entry !== null && entry.size > bound;
  if (over(parts.sheet, limits.sheet) || over(parts.sharedStrings, limits.sharedStrings) || over(parts.workbook, limits.part) || over(parts.styles, limits.part)) {
    throw new ZipRefusal("inflated", "a part past its bound");
  }
  return parts;
}

/** The ZIP stream exceljs reads: the parts stored, relationships and shared strings first, then its central directory. */
async function* orderedZip(file: FileHandle, zip: ZipDirectory, parts: Parts): AsyncGenerator<Buffer> {
  const written: StoredEntry[] = [];
  let offset = 0;
  function header(name: string, size: number, crc: number): Buffer {
    const h = storedHeader(name, size, crc);
    written.push({ name, size, crc, offset });
    offset += h.length + size;
    return h;
  }
  function* ours(name: string, text: string): Generator<Buffer> {
    const data = Buffer.from(text, "utf8");
    yield header(name, data.length, crc32(data));
    yield data;
  }
  async function* theirs(e: ZipEntry): AsyncGenerator<Buffer> {
    yield header(e.name, e.size, e.crc);
    yield* inflateEntry(file, zip, e);
  }
  yield* ours(RELS, EMPTY_RELS);
  yield* theirs(parts.workbook);
  if (parts.styles) yield* theirs(parts.styles);
  if (parts.sharedStrings) yield* theirs(parts.sharedStrings);
  else yield* ours(SHARED_STRINGS, EMPTY_SHARED_STRINGS);
  yield* theirs(parts.sheet);
  yield storedDirectory(written, offset);
}

/**
 * `source`'s values until `failed` rejects (then that rejection): a stream that stops half-way
 * leaves exceljs waiting for the rest of an entry, so its iteration is raced, not awaited alone.
 */
async function* until<T>(source: AsyncIterable<T>, failed: Promise<never>): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  let pending = false;
  try {
    for (;;) {
      pending = true;
      const next = await Promise.race([it.next(), failed]);
      pending = false;
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // A call still waiting is left to be collected with its streams; otherwise the source is closed.
    if (!pending) await it.return?.();
  }
}

function refusalOf(err: unknown, messages: WorkbookMessages): unknown {
  if (err instanceof UploadFileError) return err;
  if (err instanceof ZipRefusal) {
    if (err.kind === "inflated") return new UploadFileError(413, messages.unpacked);
    if (err.kind === "entries") return new UploadFileError(422, messages.parts);
  }
  return new UploadFileError(422, messages.unreadable);
}

/**
 * Read the first worksheet of the XLSX in `bytes` (already bounded by the caller), each row to
 * `onRow` with its row number (which may throw UploadFileError to refuse the file). Refusals are
 * UploadFileError: 413 `unpacked`, 422 `parts` or `unreadable`.
 */
export async function readWorkbookRows(
  bytes: AsyncIterable<Uint8Array>,
  settings: { limits: WorkbookLimits; messages: WorkbookMessages },
  onRow: (values: ExcelJS.CellValue[], line: number) => void,
): Promise<void> {
  const { limits, messages } = settings;
  await withUploadDir(async (dir) => {
    const path = join(dir, "upload.xlsx");
    try {
      await pipeline(Readable.from(bytes), createWriteStream(path, { flags: "wx" }));
    } catch (err) {
      throw refusalOf(err, messages);
    }
    const file = await open(path, "r");
    let failure: unknown = null;
    let fail: (err: unknown) => void = () => {};
    const failed = new Promise<never>((_, reject) => (fail = reject));
    failed.catch(() => {});
    let input: Readable | null = null;
    try {
      const zip = await readZipDirectory(file, (await file.stat()).size, limits);
      const parts = partsOf(zip.entries, limits);
      // Every part read is inflated once, counted and CRC-checked, before a parser sees it.
      for (const part of [parts.workbook, parts.styles, parts.sharedStrings, parts.sheet]) if (part) await checkEntry(file, zip, part);
      input = Readable.from(
        (async function* () {
          try {
            yield* orderedZip(file, zip, parts);
          } catch (err) {
            failure = err;
            fail(err);
          }
        })(),
      );
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: "emit", sharedStrings: "cache", hyperlinks: "ignore", styles: "cache", entries: "ignore" });
      for await (const sheet of until(reader, failed)) {
        for await (const row of until(sheet as AsyncIterable<ExcelJS.Row>, failed)) {
          onRow(Array.isArray(row.values) ? row.values.slice(1) : [], row.number);
        }
      }
      if (failure) throw failure;
    } catch (err) {
      throw refusalOf(failure ?? err, messages);
    } finally {
      input?.destroy();
      await file.close();
    }
  });
}
