/**
 * ZIP files built in tests with node:zlib (issue 24 §2; never committed as binaries): honest ones,
 * and bombs — entries that declare a huge inflated size, or lie about it, shared strings that
 * expand a thousand times, thousands of entries, the worksheet before the shared strings. Used by
 * the upstream's unit tests and by the integration tests over HTTP.
 */
import { crc32, deflateRawSync } from "node:zlib";

export interface FixtureEntry {
  name: string;
  /** The entry's bytes: deflated unless `stored`. */
  data?: Buffer | string;
  /** Bytes written as the entry's compressed data as they are (e.g. random bytes that are never inflated). */
  raw?: Buffer;
  stored?: boolean;
  /** What the headers declare as the inflated size, when it is not the truth. */
  declaredSize?: number;
  /** What the headers declare as the CRC, when it is not the truth. */
  crc?: number;
  flags?: number;
  method?: number;
}

function le(bytes: number, value: number): Buffer {
  const b = Buffer.alloc(bytes);
  if (bytes === 2) b.writeUInt16LE(value, 0);
  else b.writeUInt32LE(value >>> 0, 0);
  return b;
}

/** A ZIP of `entries`, in this order, with a central directory (which may claim `count` entries). */
export function zipOf(entries: FixtureEntry[], options: { count?: number } = {}): Buffer {
  const locals: Buffer[] = [];
  const records: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = e.data === undefined ? Buffer.alloc(0) : Buffer.from(e.data);
    const compressed = e.raw ?? (e.stored ? data : deflateRawSync(data));
    const method = e.method ?? (e.stored ? 0 : 8);
    const name = Buffer.from(e.name, "utf8");
    const shared = Buffer.concat([
      le(2, 20),
      le(2, (e.flags ?? 0) | 0x0800),
      le(2, method),
      le(2, 0),
      le(2, 0x21),
      le(4, e.crc ?? crc32(data)),
      le(4, compressed.length),
      le(4, e.declaredSize ?? data.length),
      le(2, name.length),
      le(2, 0),
    ]);
    const local = Buffer.concat([le(4, 0x04034b50), shared, name, compressed]);
    records.push(Buffer.concat([le(4, 0x02014b50), le(2, 20), shared, le(2, 0), le(2, 0), le(2, 0), le(4, 0), le(4, offset), name]));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(records);
  const count = options.count ?? entries.length;
  const end = Buffer.concat([le(4, 0x06054b50), le(2, 0), le(2, 0), le(2, count), le(2, count), le(4, directory.length), le(4, offset), le(2, 0)]);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A worksheet of inline strings (each row's cells as given). */
export function sheetXml(rows: string[][]): string {
  const col = (i: number) => String.fromCharCode(65 + i);
  const body = rows.map((cells, r) => `<row r="${r + 1}">${cells.map((c, i) => `<c r="${col(i)}${r + 1}" t="inlineStr"><is><t>${escape(c)}</t></is></c>`).join("")}</row>`).join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}"><sheetData>${body}</sheetData></worksheet>`;
}

export const WORKBOOK_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${MAIN}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Members" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** Shared strings of `count` copies of `text` (deflates about a thousand times when `text` repeats). */
export function sharedStringsXml(text: string, count: number): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="${MAIN}" count="${count}" uniqueCount="${count}">${`<si><t>${escape(text)}</t></si>`.repeat(count)}</sst>`;
}

/** A workbook whose first sheet holds `rows` (inline strings), its parts in Excel's order: the worksheet before the shared strings, the workbook last. */
export function workbookOf(rows: string[][], extra: FixtureEntry[] = []): Buffer {
  return zipOf([
    { name: "[Content_Types].xml", data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
    { name: "xl/worksheets/sheet1.xml", data: sheetXml(rows) },
    { name: "xl/sharedStrings.xml", data: sharedStringsXml("", 0) },
    ...extra,
    { name: "xl/workbook.xml", data: WORKBOOK_XML },
  ]);
}
