/**
 * A spreadsheet import's upload, streamed (ADR 018; the block list's too, ADR 029): the browser's
 * multipart post is read part by part, and the file part goes on to the upstream as it arrives (a
 * raw body), counted against the import's byte limit: the portal never holds the file. A post that
 * says it is larger is answered before anything is sent on. After a refusal the rest of the post is
 * read and dropped (up to a bound, `multipartFeed`) so the browser gets the answer rather than a
 * reset connection.
 */
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { isMultipart, multipartFeed } from "~/features/manage/media.server";
import { hasControlCharacters } from "~/forms/control-characters";

/** Room for the multipart framing and the few text fields around the file. */
const SLACK_BYTES = 64 * 1024;
const TEXT_PART_BYTES = 1024;
const MAX_PARTS = 5;

export type UploadOutcome<T> =
  | { ok: true; preview: T }
  /** `too_large` (413), `no_file` (400), `unreadable` (400), or the upstream's refusal (`error`). */
  | { ok: false; reason: "too_large" | "no_file" | "unreadable" }
  | { ok: false; reason: "refused"; error: unknown };

/** The file part as it streams: its cleaned name, its type, and its bytes (counted). */
export interface StreamedFile {
  filename: string;
  type: string;
  data: AsyncIterable<Uint8Array>;
}

class TooLarge extends Error {}
class Unusable extends Error {}

/** Read the post, handing its one file to `send` (the upstream call) as it streams, at most `maxBytes`. */
export async function streamUpload<T>(request: Request, maxBytes: number, send: (file: StreamedFile) => Promise<T>): Promise<UploadOutcome<T>> {
  if (!request.body || !isMultipart(request)) return { ok: false, reason: "unreadable" };
  const { body, dropRest } = multipartFeed(request.body);
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > maxBytes + SLACK_BYTES) {
    await dropRest();
    return { ok: false, reason: "too_large" };
  }
  let parts = 0;
  let outcome: UploadOutcome<T> | null = null;
  let tooLarge = false;
  const handler: UploadHandler = async (part) => {
    if (++parts > MAX_PARTS || hasControlCharacters(part.name)) throw new Unusable();
    if (part.name !== "file" || typeof part.filename !== "string") {
      // A text field: bounded, kept only as text.
      let size = 0;
      const chunks: Uint8Array[] = [];
      for await (const chunk of part.data) {
        size += chunk.byteLength;
        if (size > TEXT_PART_BYTES) throw new Unusable();
        chunks.push(chunk);
      }
      return new TextDecoder().decode(Buffer.concat(chunks));
    }
    if (outcome) throw new Unusable(); // one file only
    const filename = part.filename.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 200);
    let size = 0;
    async function* counted(): AsyncGenerator<Uint8Array> {
      for await (const chunk of part.data) {
        size += chunk.byteLength;
        if (size > maxBytes) {
          tooLarge = true;
          throw new TooLarge();
        }
        yield chunk;
      }
    }
    if (!filename) {
      for await (const _ of part.data) void _; // no file chosen: an empty part
      outcome = { ok: false, reason: "no_file" };
      return "";
    }
    try {
      outcome = { ok: true, preview: await send({ filename, type: part.contentType, data: counted() }) };
    } catch (error) {
      if (tooLarge) throw new TooLarge();
      outcome = { ok: false, reason: "refused", error };
    }
    return "";
  };
  try {
    await unstable_parseMultipartFormData({ headers: request.headers, body } as unknown as Request, handler);
  } catch (err) {
    await dropRest();
    if (err instanceof TooLarge || tooLarge) return { ok: false, reason: "too_large" };
    if (outcome) return outcome;
    return { ok: false, reason: "unreadable" };
  }
  return outcome ?? { ok: false, reason: "no_file" };
}
