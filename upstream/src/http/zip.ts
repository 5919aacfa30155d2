/**
 * A ZIP upload read with bounds (issue 24 §2; ADR 018, "Workbooks are unpacked with bounds"): the
 * central directory is read and checked before anything is inflated — how many entries, each
 * entry's declared inflated size and its ratio to the compressed size, their sum — and an entry is
 * then inflated as a stream that stops at its declared size (a directory that under-declares is
 * caught at the first byte past it) and is checked against its CRC.
 *
 * Only what a bounded reader of an upload needs: one disk, no ZIP64 (an upload of a few MB never
 * needs it), stored or deflated entries, no encryption. Every offset and length read from the file
 * is checked against the file before it is used: hostile input is a ZipRefusal, never a crash or
 * an allocation it chose. (unzipper, which exceljs reads with, looks for the directory's end in the
 * last 80 bytes only, trusts its entry count, and inflates without a bound; yauzl, the well-kept
 * reader, is not installed: ADR 018.)
 */
import type { FileHandle } from "node:fs/promises";
import { Readable } from "node:stream";
import { createInflateRaw, crc32 } from "node:zlib";

export interface ZipLimits {
  /** Entries the central directory may list. */
  entries: number;
  /** Declared inflated bytes of all entries together. */
  inflated: number;
  /** Past `grace` inflated bytes, an entry may inflate to at most `ratio` times its compressed size. */
  ratio: number;
  grace: number;
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (anything else is refused when the entry is read). */
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  /** The declared inflated size. */
  size: number;
  localOffset: number;
}

export interface ZipDirectory {
  entries: ZipEntry[];
  /** Where the central directory starts: every entry's data lies before it. */
  dataEnd: number;
}

/** `entries`: too many; `inflated`: an entry or the whole unpacks past a bound (a bomb); `unreadable`: not a ZIP this reader reads. */
export type ZipRefusalKind = "entries" | "inflated" | "unreadable";

export class ZipRefusal extends Error {
  constructor(
    readonly kind: ZipRefusalKind,
    detail: string,
  ) {
    super(`${kind}: ${detail}`);
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
const END_LENGTH = 22;
const MAX_COMMENT = 0xffff;
const ENCRYPTED = 0x0001;
const READ_CHUNK = 64 * 1024;

const unreadable = (detail: string) => new ZipRefusal("unreadable", detail);

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const { bytesRead } = await file.read(buffer, read, length - read, position + read);
    if (bytesRead === 0) throw unreadable("the file ends early");
    read += bytesRead;
  }
  return buffer;
}

/** The central directory of the ZIP in `file` (`size` bytes), checked against `limits` before anything is inflated. */
export async function readZipDirectory(file: FileHandle, size: number, limits: ZipLimits): Promise<ZipDirectory> {
  if (size < END_LENGTH) throw unreadable("too short for a ZIP");
  const tailLength = Math.min(size, END_LENGTH + MAX_COMMENT);
  const tailStart = size - tailLength;
  const tail = await readAt(file, tailStart, tailLength);
  // The end record is the last one whose comment reaches exactly to the end of the file.
  let at = -1;
  for (let i = tail.length - END_LENGTH; i >= 0; i--) {
    if (tail.readUInt32LE(i) === END_OF_DIRECTORY && i + END_LENGTH + tail.readUInt16LE(i + 20) === tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) throw unreadable("no end of central directory");
  const disk = tail.readUInt16LE(at + 4);
  const directoryDisk = tail.readUInt16LE(at + 6);
  const onThisDisk = tail.readUInt16LE(at + 8);
  const count = tail.readUInt16LE(at + 10);
  const directorySize = tail.readUInt32LE(at + 12);
  const directoryOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) throw unreadable("ZIP64");
  if (disk !== 0 || directoryDisk !== 0 || onThisDisk !== count) throw unreadable("more than one disk");
  // The count is checked before a single entry is read.
  if (count > limits.entries) throw new ZipRefusal("entries", `${count} entries`);
  const endOffset = tailStart + at;
  if (directoryOffset + directorySize > endOffset) throw unreadable("the central directory overlaps its end");
  const directory = await readAt(file, directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  let total = 0;
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > directory.length || directory.readUInt32LE(p) !== DIRECTORY_ENTRY) throw unreadable("a bad central directory entry");
    const flags = directory.readUInt16LE(p + 8);
    const method = directory.readUInt16LE(p + 10);
    const crc = directory.readUInt32LE(p + 16);
    const compressedSize = directory.readUInt32LE(p + 20);
    const declared = directory.readUInt32LE(p + 24);
    const nameLength = directory.readUInt16LE(p + 28);
    const next = p + 46 + nameLength + directory.readUInt16LE(p + 30) + directory.readUInt16LE(p + 32);
    const localOffset = directory.readUInt32LE(p + 42);
    if (next > directory.length) throw unreadable("a central directory entry runs past the directory");
    if (compressedSize === 0xffffffff || declared === 0xffffffff || localOffset === 0xffffffff) throw unreadable("ZIP64");
    if (localOffset + 30 + compressedSize > directoryOffset) throw unreadable("an entry's data runs into the central directory");
    const name = directory.toString("utf8", p + 46, p + 46 + nameLength);
    if (declared > limits.grace && declared > compressedSize * limits.ratio) throw new ZipRefusal("inflated", `${name} inflates ${declared} from ${compressedSize}`);
    total += declared;
    if (total > limits.inflated) throw new ZipRefusal("inflated", `more than ${limits.inflated} bytes in all`);
    entries.push({ name, method, flags, crc, compressedSize, size: declared, localOffset });
    p = next;
  }
  return { entries, dataEnd: directoryOffset };
}

/**
 * An entry's bytes as they inflate: exactly its declared size (already checked against the
 * caller's bound), else ZipRefusal — `inflated` at the first byte past it, `unreadable` when the
 * data ends short of it, is not deflate, or does not match its CRC.
 */
export async function* inflateEntry(file: FileHandle, zip: ZipDirectory, entry: ZipEntry): AsyncGenerator<Buffer> {
  if (entry.flags & ENCRYPTED) throw unreadable(`${entry.name} is encrypted`);
  if (entry.method !== 0 && entry.method !== 8) throw unreadable(`${entry.name} uses compression method ${entry.method}`);
  if (entry.method === 0 && entry.compressedSize !== entry.size) throw unreadable(`${entry.name} is stored with two sizes`);
  const local = await readAt(file, entry.localOffset, 30);
  if (local.readUInt32LE(0) !== LOCAL_ENTRY) throw unreadable(`${entry.name} has no local header`);
  const start = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + entry.compressedSize > zip.dataEnd) throw unreadable(`${entry.name} runs into the central directory`);
  if (entry.compressedSize === 0) {
    if (entry.size !== 0) throw unreadable(`${entry.name} has no data`);
    return;
  }
  // Read through the handle the caller keeps (a handle's own read stream closes it when done).
  const source = Readable.from(
    (async function* () {
      for (let at = 0; at < entry.compressedSize; at += READ_CHUNK) yield await readAt(file, start + at, Math.min(READ_CHUNK, entry.compressedSize - at));
    })(),
  );
  const inflater = entry.method === 8 ? createInflateRaw() : null;
  if (inflater) {
    source.on("error", (err) => inflater.destroy(err));
    source.pipe(inflater);
  }
  let inflated = 0;
  let crc = 0;
  try {
    for await (const chunk of (inflater ?? source) as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > entry.size) throw new ZipRefusal("inflated", `${entry.name} inflates past its declared ${entry.size} bytes`);
      crc = crc32(chunk, crc);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof ZipRefusal) throw err;
    throw unreadable(`${entry.name}: ${(err as Error).message}`);
  } finally {
    source.unpipe();
    source.destroy();
    inflater?.destroy();
  }
  if (inflated !== entry.size) throw unreadable(`${entry.name} inflates to ${inflated} bytes, not ${entry.size}`);
  if (crc >>> 0 !== entry.crc >>> 0) throw unreadable(`${entry.name} does not match its CRC`);
}

/** Inflate an entry to check it (size, CRC) without keeping its bytes. */
export async function checkEntry(file: FileHandle, zip: ZipDirectory, entry: ZipEntry): Promise<void> {
  for await (const chunk of inflateEntry(file, zip, entry)) void chunk;
}

/** A stored entry of a ZIP stream written from checked entries: where its local header is. */
export interface StoredEntry {
  name: string;
  size: number;
  crc: number;
  offset: number;
}

/** The fields a local header and a central directory entry share, from "version needed" on. */
function commonFields(e: Omit<StoredEntry, "offset">, nameLength: number): Buffer {
  const b = Buffer.alloc(26);
  b.writeUInt16LE(20, 0); // version needed: 2.0
  b.writeUInt16LE(0x0800, 2); // the name is UTF-8; the sizes are in the header
  b.writeUInt16LE(0, 4); // stored
  b.writeUInt16LE(0, 6); // time
  b.writeUInt16LE(0x21, 8); // date: 1980-01-01
  b.writeUInt32LE(e.crc >>> 0, 10);
  b.writeUInt32LE(e.size, 14);
  b.writeUInt32LE(e.size, 18);
  b.writeUInt16LE(nameLength, 22);
  b.writeUInt16LE(0, 24); // no extra field
  return b;
}

/** A stored (uncompressed) entry's local header; its `size` bytes follow it. */
export function storedHeader(name: string, size: number, crc: number): Buffer {
  const nameBytes = Buffer.from(name, "utf8");
  const signature = Buffer.alloc(4);
  signature.writeUInt32LE(LOCAL_ENTRY, 0);
  return Buffer.concat([signature, commonFields({ name, size, crc }, nameBytes.length), nameBytes]);
}

/** The central directory and its end record for the stored entries written before `offset`. */
export function storedDirectory(entries: StoredEntry[], offset: number): Buffer {
  const records = entries.map((e) => {
    const nameBytes = Buffer.from(e.name, "utf8");
    const head = Buffer.alloc(6);
    head.writeUInt32LE(DIRECTORY_ENTRY, 0);
    head.writeUInt16LE(20, 4); // made by: 2.0
    const tail = Buffer.alloc(14); // comment length, disk, internal and external attributes: 0
    tail.writeUInt32LE(e.offset, 10);
    return Buffer.concat([head, commonFields(e, nameBytes.length), tail, nameBytes]);
  });
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(END_LENGTH);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([directory, end]);
}
