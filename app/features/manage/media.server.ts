/**
 * Uploads in the manage area (the branding image and welcome video, evacuation point photos),
 * server side: reading a multipart/form-data post with the size limit enforced WHILE it streams
 * (never buffering more than the limit), the portal URLs of uploaded files as pages show them, and
 * upstream refusals of a row (404, 403, 413) as a message instead of a 500.
 */
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { FileName } from "@contract";
import { hasControlCharacters } from "~/forms/control-characters";

/** Each text field of a multipart post (ids, intents, …): far more than any of ours needs. */
const TEXT_PART_BYTES = 64 * 1024;
/** Parts of one post: a handful of fields and one file. */
const MAX_PARTS = 20;
/**
 * After a refusal, the rest of the request is read and dropped up to this much, so the browser
 * (still sending) gets the answer instead of a reset connection. Beyond it the connection is
 * left to close.
 */
const DRAIN_BYTES = 128 * 1024 * 1024;

export type MultipartRead =
  | { ok: true; form: FormData }
  /**
   * `too_large`: the file passed its limit (the fields read before it are kept); `control_characters`:
   * a text part or a file name held a control character (issue 12); `unreadable`: anything else.
   */
  | { ok: false; reason: "too_large" | "control_characters" | "unreadable"; fields: Map<string, string> };

export const isMultipart = (request: Request) => /^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "");

/**
 * Read a multipart/form-data post holding at most one file, whose limit `fileLimit` decides from
 * the text fields sent before it (the forms put their `intent` first), or refuses with null. The
 * file is buffered in memory only up to its limit; past it the read stops at once. Text fields are
 * bounded too, and so is the number of parts.
 */
export async function readMultipartForm(
  request: Request,
  fileLimit: (fields: Map<string, string>) => number | null,
  /** A form with many fields (the visitor's custom fields, each checkbox a part) may allow more parts. */
  maxParts = MAX_PARTS,
): Promise<MultipartRead> {
  const fields = new Map<string, string>();
  if (!request.body || !isMultipart(request)) return { ok: false, reason: "unreadable", fields };
  const { body, dropRest } = multipartFeed(request.body);
  let parts = 0;
  let files = 0;
  /** Whether the part being read is the file (a too-long text field is not "too large", just bad). */
  let inFile = false;
  const text = unstable_createMemoryUploadHandler({ maxPartSize: TEXT_PART_BYTES });
  const handler: UploadHandler = async (part) => {
    if (++parts > maxParts) throw new RefusedUpload();
    if (hasControlCharacters(part.name) || (typeof part.filename === "string" && hasControlCharacters(part.filename))) throw new RefusedText();
    if (typeof part.filename === "string") {
      const limit = fileLimit(fields);
      if (limit === null || ++files > 1) throw new RefusedUpload();
      inFile = true;
      return unstable_createMemoryUploadHandler({ maxPartSize: limit })(part);
    }
    inFile = false;
    const value = (await text(part)) as string;
    if (hasControlCharacters(value)) throw new RefusedText();
    if (!fields.has(part.name)) fields.set(part.name, value);
    return value;
  };
  try {
    const form = await unstable_parseMultipartFormData({ headers: request.headers, body } as unknown as Request, handler);
    return { ok: true, form };
  } catch (err) {
    await dropRest();
    const tooLarge = err instanceof MaxPartSizeExceededError && inFile;
    return { ok: false, reason: tooLarge ? "too_large" : err instanceof RefusedText ? "control_characters" : "unreadable", fields };
  }
}

class RefusedUpload extends Error {}
class RefusedText extends Error {}

/**
 * The 400 to throw for a multipart post that could not be used: the error page says why when a
 * control character was the reason (its data names the message, see GeneralErrorBoundary).
 */
export const unusableUpload = (read: { reason: string }) => new Response(read.reason === "control_characters" ? "refused.control_characters" : "Bad request", { status: 400 });

/**
 * A post's body as the multipart parser reads it, and `dropRest` for after a refusal: the rest is
 * read and dropped from the request directly, once the parser's last read has settled — with two
 * reads outstanding, the Node request stream behind it can pause for good (its pump pauses right
 * after being asked for more).
 */
export function multipartFeed(post: ReadableStream<Uint8Array>): { body: ReadableStream<Uint8Array>; dropRest: () => Promise<void> } {
  const source = post.getReader();
  let inflight: Promise<unknown> | null = null;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const read = source.read();
      inflight = read;
      const { done, value } = await read;
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  return {
    body,
    async dropRest() {
      await inflight?.catch(() => undefined);
      await drain(source);
    },
  };
}

async function drain(source: ReadableStreamDefaultReader<Uint8Array>) {
  let read = 0;
  try {
    while (read < DRAIN_BYTES) {
      const { done, value } = await source.read();
      if (done) return;
      read += value.byteLength;
    }
    await source.cancel();
  } catch {
    // The client went away: nothing left to read.
  }
}

/**
 * The portal URL of an uploaded file the upstream named (img src, video src, a link):
 * `/files/{name}`, which streams it with the signed-in user's token. Only a contract FileName is
 * accepted (never a URL, so nothing the upstream sends can point a page elsewhere); anything else
 * is not shown.
 */
export function shownFileUrl(name: string | null | undefined): string | null {
  return name && FileName.safeParse(name).success ? `/files/${name}` : null;
}
