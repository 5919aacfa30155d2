/**
 * Request bodies read at the front, bounded (security issue 12, items 4 and 6). Before Remix runs:
 *
 * - a url-encoded, JSON or other non-multipart body is read into memory only up to the limit
 *   (MAX_FORM_BYTES, 1 MB by default): a Content-Length above it is refused at once, and a chunked
 *   body is refused as soon as what has arrived passes it. The rest is read and dropped (never kept),
 *   so the browser gets the 413 instead of a reset connection; past DRAIN_BYTES the socket is closed.
 * - multipart bodies stream on to the action (uploads enforce their per-file limits while reading):
 *   they must say their length, which may be the largest upload plus its text parts on the pages
 *   that take a file and the form limit elsewhere (Remix would otherwise read a chunked multipart
 *   post to /login whole).
 * - the query string, the path and a url-encoded or JSON body are refused with a 400 when any name
 *   or value holds a control character (NUL, other C0 controls except tab/LF/CR, DEL).
 */
import type { Request as ExpressRequest } from "express";
import { hasControlCharacters, jsonHasControlCharacters, pairsHaveControlCharacters } from "../forms/control-characters.js";

/** The default of MAX_FORM_BYTES. */
export const DEFAULT_MAX_FORM_BYTES = 1024 * 1024;
/**
 * A multipart post: the largest file (a 50 MB welcome video or attachment) plus its text parts
 * (at most 20 of 64 KB each, see media.server.ts) and the multipart framing.
 */
export const MAX_MULTIPART_BYTES = 50 * 1024 * 1024 + 2 * 1024 * 1024;
/**
 * The pages that take a file (branding, evacuation point photos, message attachments, a group's
 * attachments, a member's documents, the block list import, the visitor's documents on the pre-registration form — one file
 * a post): the only ones whose multipart posts may be as large as an upload. Case-insensitive, as
 * Remix matches.
 */
const UPLOAD_PAGES = /^(\/manage\/(site\/[^/]+\/(branding|evacuationpoints|messages)|group\/[^/]+\/(onboarding|members\/import|members\/[^/]+\/documents)|safety-check\/block-list\/import)|\/magic-link\/pre-registration-form)\/?$/i;
export const acceptsUploads = (path: string) => UPLOAD_PAGES.test(path);

/** After a refusal, what is read and dropped before the connection is closed. */
const DRAIN_BYTES = 128 * 1024 * 1024;

export type Refusal = "too_large" | "control_characters" | "length_required" | "method_not_allowed" | "unsupported_type";
export type BodyRead = { ok: true; body: Buffer | null } | { ok: false; reason: Refusal };

const hasBody = (method: string) => method !== "GET" && method !== "HEAD";
export const isMultipartType = (type: string | undefined) => /^multipart\/form-data\s*;/i.test(type ?? "");

/**
 * Whether a request with a body carries a form, the only kind of body the portal's actions read
 * (url-encoded or multipart; every action calls `request.formData()`, which throws on anything
 * else). GET and HEAD carry none.
 */
export function carriesForm(method: string, type: string | undefined): boolean {
  if (!hasBody(method)) return true;
  return isMultipartType(type) || /^application\/x-www-form-urlencoded\s*(;|$)/i.test(type ?? "");
}

/** Whether a request's path or query string holds a control character (as decoded). */
export function urlHasControlCharacters(originalUrl: string): boolean {
  const q = originalUrl.indexOf("?");
  const pathname = q < 0 ? originalUrl : originalUrl.slice(0, q);
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = pathname;
  }
  if (hasControlCharacters(decoded)) return true;
  return q >= 0 && pairsHaveControlCharacters(new URLSearchParams(originalUrl.slice(q + 1)));
}

/** Whether a read body (by its content type) holds a control character in any name or value. */
export function bodyHasControlCharacters(type: string | undefined, body: Buffer): boolean {
  const mime = (type ?? "").split(";")[0]!.trim().toLowerCase();
  if (mime === "application/x-www-form-urlencoded") return pairsHaveControlCharacters(new URLSearchParams(body.toString("utf8")));
  if (mime === "application/json" || mime.endsWith("+json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString("utf8"));
    } catch {
      return false; // not JSON: the route refuses it as it would any bad body
    }
    return jsonHasControlCharacters(parsed);
  }
  if (mime === "text/plain") return hasControlCharacters(body.toString("utf8"));
  return false;
}

/** Read and drop whatever of the request is still coming, closing the socket past DRAIN_BYTES. */
export function drain(req: ExpressRequest) {
  let dropped = 0;
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.byteLength;
    if (dropped > DRAIN_BYTES) req.socket.destroy();
  });
  req.on("error", () => undefined);
  req.resume();
}

/**
 * Read a request's body at the front, as described in the module comment: `body` null for
 * requests without one and for multipart (left to stream on).
 */
export function readBoundedBody(req: ExpressRequest, maxBytes: number): Promise<BodyRead> {
  if (!hasBody(req.method)) return Promise.resolve({ ok: true, body: null });
  const declared = req.headers["content-length"] === undefined ? null : Number(req.headers["content-length"]);
  if (isMultipartType(req.headers["content-type"])) {
    // A multipart body streams on, so its size must be known first (a browser's form always says
    // it): large only where a file is uploaded, else the form limit. Without a length, refused.
    if (declared === null || !Number.isFinite(declared)) return Promise.resolve({ ok: false, reason: "length_required" });
    if (declared > (acceptsUploads(req.path) ? MAX_MULTIPART_BYTES : maxBytes)) return Promise.resolve({ ok: false, reason: "too_large" });
    return Promise.resolve({ ok: true, body: null });
  }
  if (declared !== null && declared > maxBytes) return Promise.resolve({ ok: false, reason: "too_large" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyRead) => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      req.off("end", onEnd);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        chunks.length = 0;
        settle({ ok: false, reason: "too_large" });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      const body = Buffer.concat(chunks, size);
      settle(bodyHasControlCharacters(req.headers["content-type"], body) ? { ok: false, reason: "control_characters" } : { ok: true, body });
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.once("error", () => settle({ ok: false, reason: "too_large" }));
    req.once("aborted", () => settle({ ok: false, reason: "too_large" }));
  });
}
