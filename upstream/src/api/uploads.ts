/**
 * Uploaded files: the branding image and welcome video of a site, evacuation point photos, message
 * attachments (a PDF or an image).
 *
 * A contract route with `upload` receives one file as multipart/form-data (part `file`). Its body
 * may be at most the file limit plus a little for the multipart framing (413 beyond, before the rest
 * is read); the file itself is then checked: present, not empty, within the limit, and of an
 * allowed kind judged by its first bytes (magic numbers), never by the name or the declared type
 * (422 `errors.file`). A video must also be named .mov or .mp4 (platform §5).
 *
 * Files live in the `files` table (the same on PGlite and PostgreSQL) and are served, without a
 * token, at `{publicUrl}/files/{random token}.{ext}`: the URL is unguessable and is what the site
 * entity carries, so a kiosk or an <img> can load it directly. Replacing or removing a file deletes
 * the old one in the same transaction.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { ATTACHMENT_KIND_MESSAGE, type UploadDef } from "../../contract/index.ts";
import type { App } from "../app.ts";
import { one, type Queryable } from "../db/index.ts";
import { HttpError, notFound, validation } from "../http/errors.ts";
import { readRaw, type Router } from "../http/router.ts";

export type FileKind = UploadDef["kinds"][number];

export interface UploadedFile {
  filename: string;
  kind: FileKind;
  data: Buffer;
}

const CONTENT_TYPES: Record<FileKind, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  mp4: "video/mp4",
  mov: "video/quicktime",
  pdf: "application/pdf",
};

/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_SLACK = 64 * 1024;

const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString("latin1");

/** The kind of a file from its first bytes, or null. */
export function sniff(b: Buffer): FileKind | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 6 && (ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a")) return "gif";
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP") return "webp";
  if (b.length >= 5 && ascii(b, 0, 5) === "%PDF-") return "pdf";
  // ISO base media (MP4) and QuickTime: a box size, then the box type.
  if (b.length >= 12 && ascii(b, 4, 8) === "ftyp") return ascii(b, 8, 12) === "qt  " ? "mov" : "mp4";
  if (b.length >= 8 && ["moov", "mdat", "wide", "free", "skip", "pnot"].includes(ascii(b, 4, 8))) return "mov";
  return null;
}

const megabytes = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

function kindMessage(def: UploadDef): string {
  if (def.kinds.includes("pdf")) return ATTACHMENT_KIND_MESSAGE;
  return def.kinds.includes("mp4") ? "The video must be a .mov or .mp4 file" : "The image must be a PNG, JPEG, GIF or WebP file";
}

/** Read and check the one file of a multipart upload (413 / 422 as above). */
export async function readUpload(req: IncomingMessage, def: UploadDef): Promise<UploadedFile> {
  const tooLarge = `The file must be at most ${megabytes(def.maxBytes)}`;
  const type = String(req.headers["content-type"] ?? "");
  if (!/^multipart\/form-data;\s*boundary=/i.test(type)) throw validation({ file: ["Send the file as multipart/form-data"] });
  let raw: Buffer;
  try {
    raw = await readRaw(req, def.maxBytes + MULTIPART_SLACK);
  } catch (err) {
    if (err instanceof HttpError && err.status === 413) throw new HttpError(413, { message: tooLarge, errors: { file: [tooLarge] } }, err.headers);
    throw err;
  }
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { "content-type": type } }).formData();
  } catch {
    throw validation({ file: ["The upload could not be read"] });
  }
  const file = form.get(def.field);
  if (!file || typeof file === "string") throw validation({ file: ["Choose a file to upload"] });
  if (file.size === 0) throw validation({ file: ["The file is empty"] });
  if (file.size > def.maxBytes) throw validation({ file: [tooLarge] });
  const data = Buffer.from(await file.arrayBuffer());
  const kind = sniff(data);
  const video = def.kinds.includes("mp4");
  if (!kind || !def.kinds.includes(kind) || (video && !/\.(mov|mp4)$/i.test(file.name))) throw validation({ file: [kindMessage(def)] });
  return { filename: file.name.slice(0, 200), kind, data };
}

/** Store a file of a site; returns its id and public URL. */
export async function storeFile(app: App, q: Queryable, siteId: number, file: UploadedFile): Promise<{ id: number; url: string }> {
  const token = randomBytes(18).toString("base64url");
  const [{ id }] = await q.query<{ id: number }>(
    "INSERT INTO files (site_id, token, kind, content_type, size, data) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    [siteId, token, file.kind, CONTENT_TYPES[file.kind], file.data.length, file.data],
  );
  return { id, url: `${app.opts.publicUrl}/files/${token}.${file.kind}` };
}

export async function deleteFile(q: Queryable, id: number | null): Promise<void> {
  if (id !== null) await q.query("DELETE FROM files WHERE id = $1", [id]);
}

/** `GET /files/{token}.{ext}`: the file, cacheable for good (a new upload gets a new URL); one byte range for video players. */
export function registerFileRoutes(router: Router, app: App): void {
  router.get("/files/:name", async (ctx) => {
    const m = /^([A-Za-z0-9_-]{10,64})\.(png|jpeg|gif|webp|mp4|mov|pdf)$/.exec(ctx.params.name);
    const row = m ? await one<{ content_type: string; data: Uint8Array }>(app.db, "SELECT content_type, data FROM files WHERE token = $1 AND kind = $2", [m[1], m[2]]) : undefined;
    if (!row) throw notFound("File not found.");
    const data = Buffer.from(row.data);
    const headers: Record<string, string> = {
      "content-type": row.content_type,
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
      "accept-ranges": "bytes",
    };
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(ctx.req.headers.range ?? ""));
    if (range && (range[1] || range[2])) {
      const start = range[1] ? Number(range[1]) : Math.max(0, data.length - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), data.length - 1) : data.length - 1;
      if (start >= data.length || start > end) {
        return { status: 416, raw: "", headers: { ...headers, "content-range": `bytes */${data.length}`, "content-length": "0" } };
      }
      const part = data.subarray(start, end + 1);
      return { status: 206, raw: part, headers: { ...headers, "content-range": `bytes ${start}-${end}/${data.length}`, "content-length": String(part.length) } };
    }
    return { raw: data, headers: { ...headers, "content-length": String(data.length) } };
  });
}
