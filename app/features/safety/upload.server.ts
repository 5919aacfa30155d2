/**
 * The block list import's upload, streamed (ADR 029, as ADR 018's member import): the file part goes on
 * to the upstream as it arrives (`previewBlockListImport`, a raw body), counted against
 * BLOCK_LIST_LIMITS.importBytes; the portal never holds the file. After a refusal the rest of the post
 * is read and dropped (up to a bound) so the browser gets the answer.
 */
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { BLOCK_LIST_LIMITS, type BlockListImportPreview } from "@contract";
import type { Access } from "~/access/guard.server";
import { isMultipart, multipartFeed } from "~/features/manage/media.server";
import { hasControlCharacters } from "~/forms/control-characters";

/** Room for the multipart framing and the few text fields around the file. */
const SLACK_BYTES = 64 * 1024;
const TEXT_PART_BYTES = 1024;
const MAX_PARTS = 5;

export type UploadOutcome =
  | { ok: true; preview: BlockListImportPreview }
  /** `too_large` (413), `no_file` (400), `unreadable` (400), or the upstream's refusal (`error`). */
  | { ok: false; reason: "too_large" | "no_file" | "unreadable" }
  | { ok: false; reason: "refused"; error: unknown };

class TooLarge extends Error {}
class Unusable extends Error {}

/** Read the post, sending its file on to the upstream as it streams. */
export async function streamBlockListImport(request: Request, access: Access): Promise<UploadOutcome> {
  if (!request.body || !isMultipart(request)) return { ok: false, reason: "unreadable" };
  const { body, dropRest } = multipartFeed(request.body);
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > BLOCK_LIST_LIMITS.importBytes + SLACK_BYTES) {
    await dropRest();
    return { ok: false, reason: "too_large" };
  }
  let parts = 0;
  let outcome: UploadOutcome | null = null;
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
        if (size > BLOCK_LIST_LIMITS.importBytes) {
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
      const preview = await access.viewer.api("previewBlockListImport", {
        query: { filename },
        stream: { type: part.contentType, data: counted() },
      });
      outcome = { ok: true, preview };
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
