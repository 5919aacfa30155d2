/**
 * A spreadsheet import's upload, read as it streams (the members import, ADR 018; the block list's,
 * ADR 029): a body that says it is too large is refused before it is read; a file the reader refuses
 * (`UploadFileError`) is answered 413 or 422 with its message on `file`; after a refusal the rest of
 * the body is read and dropped so the caller gets the answer rather than a reset connection.
 */
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { parse, type Options as CsvOptions } from "csv-parse";
import { HttpError } from "./errors.ts";

/**
 * The characters no uploaded cell may hold, as no typed text may (the portal's
 * app/forms/control-characters.ts; issue 24 §5): the C0 controls except tab, LF and CR, and DEL. A
 * NUL in particular breaks the database (a jsonb or text value cannot hold it). A cell holding one
 * refuses its row, with the row's line and this reason; tab, CR and LF are left to each field's rules
 * (inside a quoted CSV cell they are the file's own structure).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Whether an uploaded cell holds a character typed text may not hold. */
export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTERS.test(text);

/** A cell shown back in a refused row (never stored as it came): each refused character as U+FFFD. */
export const showControlCharacters = (text: string): string => text.replace(CONTROL_CHARACTERS_ALL, "\uFFFD");

/** The whole file refused: 413 (too large) or 422 (`errors.file`). */
export class UploadFileError extends Error {
  constructor(
    readonly status: 413 | 422,
    message: string,
  ) {
    super(message);
  }
}

/** After a refusal, the rest of the body is read and dropped (up to 64 MB, then the connection is closed) so the caller gets the answer. */
export async function drain(req: IncomingMessage): Promise<void> {
  let read = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      read += chunk.length;
      if (read > 64 * 1024 * 1024) {
        req.destroy();
        return;
      }
    }
  } catch {
    // the caller went away
  }
}

const refusal = (err: UploadFileError) => new HttpError(err.status, { message: err.message, errors: { file: [err.message] } }, err.status === 413 ? { connection: "close" } : undefined);

/**
 * Read the upload with `read` (which throws UploadFileError for a file it refuses), at most
 * `maxBytes` as declared; a refusal is the HTTP answer. Too large is answered at once (the rest is
 * dropped meanwhile); anything else once the rest has been read.
 */
export async function readUpload<T>(req: IncomingMessage, maxBytes: number, tooLargeMessage: string, read: (req: IncomingMessage) => Promise<T>): Promise<T> {
  if (Number(req.headers["content-length"] ?? 0) > maxBytes) {
    void drain(req);
    throw refusal(new UploadFileError(413, tooLargeMessage));
  }
  try {
    return await read(req);
  } catch (err) {
    if (!(err instanceof UploadFileError)) throw err;
    if (err.status === 413) void drain(req);
    else await drain(req);
    throw refusal(err);
  }
}

/**
 * A CSV upload's records as they stream, each to `onRecord` with its line (which may throw
 * UploadFileError to refuse the file): strict UTF-8, else 422 `encoding`; at most `maxBytes` when
 * given, else 413 `tooLarge`; parsed by csv-parse with `options` (records of at most 64 KB), and
 * anything it cannot read is 422 `unreadable`.
 */
export async function readCsvRecords(
  source: AsyncIterable<Uint8Array>,
  settings: { options: CsvOptions; maxBytes?: number; messages: { encoding: string; unreadable: string; tooLarge?: string } },
  onRecord: (record: string[], line: number) => void,
): Promise<void> {
  const { options, maxBytes, messages } = settings;
  async function* text(): AsyncGenerator<string> {
    const decoder = new TextDecoder("utf-8", { fatal: true });
    let size = 0;
    try {
      for await (const chunk of source) {
        size += chunk.byteLength;
        if (maxBytes !== undefined && size > maxBytes) throw new UploadFileError(413, messages.tooLarge ?? messages.unreadable);
        yield decoder.decode(chunk, { stream: true });
      }
      yield decoder.decode();
    } catch (err) {
      if (err instanceof UploadFileError) throw err;
      throw new UploadFileError(422, messages.encoding);
    }
  }
  const parser = parse({ ...options, info: true, max_record_size: 64 * 1024 });
  const input = Readable.from(text());
  let inputError: unknown = null;
  input.on("error", (err) => {
    inputError = err;
    parser.destroy(err);
  });
  input.pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) onRecord(record, info.lines);
  } catch (err) {
    input.destroy();
    if (inputError instanceof UploadFileError) throw inputError;
    if (err instanceof UploadFileError) throw err;
    throw new UploadFileError(422, messages.unreadable);
  }
}
