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
 * Files live in the `files` table (the same on PGlite and PostgreSQL). The entities carry a file's
 * name, `{random}.{kind}`, and the file is served at `{region}/api/v2/files/{name}` only to a
 * caller entitled to it (see `entitlement`): a user of the file's client who may see its site, a
 * kiosk of its site, or a signed URL the upstream minted for one of those. Everyone else gets 404,
 * whether the file exists or not. Replacing or removing a file deletes the old one in the same
 * transaction.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { ATTACHMENT_KIND_MESSAGE, FILE_NAME_PATTERN, FILE_PATH, REGIONS, SIGNED_FILE_URL_MAX_SECONDS, type Region, type UploadDef } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { HttpError, notFound, validation } from "../http/errors.ts";
import { readRaw, type Ctx, type Reply, type Router } from "../http/router.ts";
import { authenticateDevice } from "../devices/device-auth.ts";
import { abilities, authenticate } from "../clients/regional.ts";
import { reachesScope, scopeOf, siteInScope } from "../scope/scope.ts";

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

/** Store a file of a site; returns its id and name (`{random}.{kind}`, what the entities carry). */
export const storeFile = (_app: App, q: Queryable, siteId: number, file: UploadedFile) => insertFile(q, { site_id: siteId }, file);

/** Store a file of a group (its attachments); read by the group's viewers. */
export const storeGroupFile = (q: Queryable, groupId: number, file: UploadedFile) => insertFile(q, { group_id: groupId }, file);

/** Store a file of exactly one owner (migration 021: a pre-registration's documents too). */
export const storeOwnedFile = (q: Queryable, owner: FileOwner, file: UploadedFile) => insertFile(q, owner, file);

type FileOwner = { site_id: number } | { group_id: number } | { pre_registration_id: number } | { client_id: number };

async function insertFile(q: Queryable, owner: FileOwner, file: UploadedFile): Promise<{ id: number; name: string }> {
  const token = randomBytes(18).toString("base64url");
  const o = owner as { site_id?: number; group_id?: number; pre_registration_id?: number; client_id?: number };
  const [{ id }] = await q.query<{ id: number }>(
    "INSERT INTO files (site_id, group_id, pre_registration_id, client_id, token, kind, content_type, size, data) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
    [o.site_id ?? null, o.group_id ?? null, o.pre_registration_id ?? null, o.client_id ?? null, token, file.kind, CONTENT_TYPES[file.kind], file.data.length, file.data],
  );
  return { id, name: `${token}.${file.kind}` };
}

export async function deleteFile(q: Queryable, id: number | null): Promise<void> {
  if (id !== null) await q.query("DELETE FROM files WHERE id = $1", [id]);
}

// ---------------------------------------------------------------------------------------------
// Signed URLs: for callers that need a URL usable without headers (a kiosk's <img>/<video>).
// The upstream alone mints them, in answers to callers entitled to the file.
// ---------------------------------------------------------------------------------------------

/** A key of its own for file URLs, derived from the server's secret (never the JWT key itself). */
const fileKey = (app: App) => createHmac("sha256", app.opts.jwtSecret).update("gatehouse:signed-file-url:v1").digest();

const signature = (app: App, region: Region, name: string, expires: number) =>
  createHmac("sha256", fileKey(app)).update(`${region}\n${name}\n${expires}`).digest("base64url");

/** Default life of a minted URL (seconds): long enough for a kiosk to load a 50 MB video. */
export const SIGNED_FILE_URL_SECONDS = 15 * 60;

/** `{publicUrl}/{region}/api/v2/files/{name}?expires=…&signature=…`, valid for `seconds` (at most an hour). */
export function signedFileUrl(app: App, region: Region, name: string, seconds = SIGNED_FILE_URL_SECONDS, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + Math.min(Math.max(1, Math.floor(seconds)), SIGNED_FILE_URL_MAX_SECONDS);
  return `${app.opts.publicUrl}/${region}/api/v2/files/${name}?expires=${expires}&signature=${signature(app, region, name, expires)}`;
}

/** Seconds the signed URL in `query` is still good for, or 0 (absent, malformed, expired, too long-lived, tampered). */
function signedSecondsLeft(app: App, region: Region, name: string, query: URLSearchParams): number {
  const expiresRaw = query.get("expires") ?? "";
  const given = query.get("signature") ?? "";
  if (!/^\d{1,12}$/.test(expiresRaw) || !/^[A-Za-z0-9_-]{43}$/.test(given)) return 0;
  const expires = Number(expiresRaw);
  const left = expires - Math.floor(Date.now() / 1000);
  if (left <= 0 || left > SIGNED_FILE_URL_MAX_SECONDS) return 0;
  const want = Buffer.from(signature(app, region, name, expires));
  const got = Buffer.from(given);
  return want.length === got.length && timingSafeEqual(want, got) ? left : 0;
}

interface FileRow {
  id: number;
  content_type: string;
  /** A site's file, or (migration 015) a group's. */
  site_id: number | null;
  group_id: number | null;
  /** (migration 021) a pre-registration's document, and that pre-registration's site. */
  pre_registration_id: number | null;
  pr_site_id: number | null;
  /** A group's file: the sites the group is shown at (NULL every site). */
  group_site_ids: number[] | null;
  client_id: number;
}

/**
 * Whether the caller of this request may read a file of `file.site_id`: a valid signed URL, the
 * `Bearer` token of a user of the site's client who may see the site (site-restricted users only
 * their sites), or the `Device` token of a kiosk of the site. A group's file: a user of its client
 * who may view groups (no kiosk). Returns the Cache-Control max-age to
 * answer with, or null (the caller answers 404, never saying the file exists).
 */
async function entitlement(app: App, ctx: Ctx, region: Region, name: string, file: FileRow): Promise<number | null> {
  if (ctx.url.searchParams.has("signature")) {
    const left = signedSecondsLeft(app, region, name, ctx.url.searchParams);
    return left > 0 ? Math.min(left, PRIVATE_MAX_AGE) : null;
  }
  const auth = String(ctx.req.headers.authorization ?? "");
  try {
    if (/^Bearer\s/i.test(auth)) {
      const p = await authenticate(app, ctx.req, region);
      if (p.client.id !== file.client_id) return null;
      if (file.group_id !== null) return abilities(p).includes("ManageVisitorGroup.viewer") && reachesScope(scopeOf(p, "group"), file.group_site_ids) ? PRIVATE_MAX_AGE : null;
      if (file.pre_registration_id !== null) {
        // As the pre-registration itself: Today.viewer at its site.
        const seesIt = abilities(p).includes("Today.viewer") && siteInScope(scopeOf(p, "pre-registration"), file.pr_site_id);
        return seesIt ? PRIVATE_MAX_AGE : null;
      }
      // (migration 025) the client's own file, its logo: any user of the client.
      if (file.site_id === null) return PRIVATE_MAX_AGE;
      const seesSite = siteInScope(scopeOf(p, "site"), file.site_id);
      return seesSite ? PRIVATE_MAX_AGE : null;
    }
    if (/^Device\s/i.test(auth)) {
      const device = await authenticateDevice(app, ctx.req, region);
      return file.site_id !== null && device.id === file.site_id ? PRIVATE_MAX_AGE : null;
    }
  } catch (err) {
    if (err instanceof HttpError) return null; // an expired, revoked or foreign token: not entitled
    throw err;
  }
  return null;
}

/** How long a browser may keep a file (seconds): short, so a revoked user stops seeing it soon. */
const PRIVATE_MAX_AGE = 300;

/**
 * `GET /{region}/api/v2/files/{name}`: the file, to an entitled caller only (`entitlement`), as
 * `private` (never shared caches); one byte range for video players. Unknown, foreign, anonymous,
 * expired or tampered: 404.
 */
export function registerFileRoutes(router: Router, app: App): void {
  for (const region of REGIONS) {
    router.get(`/${region}/api/v2/${FILE_PATH.replace("{name}", ":name")}`, async (ctx) => {
      const name = ctx.params.name;
      const m = FILE_NAME_PATTERN.exec(name) ? /^(.+)\.([a-z0-9]+)$/.exec(name) : null;
      const file = m
        ? await one<FileRow>(
            app.db,
            `SELECT f.id, f.content_type, f.site_id, f.group_id, f.pre_registration_id, pr.site_id AS pr_site_id, g.site_ids AS group_site_ids, coalesce(s.client_id, g.client_id, pr.client_id, f.client_id) AS client_id
               FROM files f LEFT JOIN sites s ON s.id = f.site_id LEFT JOIN groups g ON g.id = f.group_id LEFT JOIN pre_registrations pr ON pr.id = f.pre_registration_id
               JOIN clients c ON c.id = coalesce(s.client_id, g.client_id, pr.client_id, f.client_id)
              WHERE f.token = $1 AND f.kind = $2 AND c.region = $3`,
            [m[1], m[2], region],
          )
        : undefined;
      const maxAge = file ? await entitlement(app, ctx, region, name, file) : null;
      // The bytes are read only for an entitled caller (never 50 MB for an anonymous request).
      const row = file && maxAge !== null ? await one<{ data: Uint8Array }>(app.db, "SELECT data FROM files WHERE id = $1", [file.id]) : undefined;
      if (!file || maxAge === null || !row) throw notFound("File not found.");
      return fileReply(ctx, file.content_type, Buffer.from(row.data), maxAge);
    });
  }
}

function fileReply(ctx: Ctx, contentType: string, data: Buffer, maxAge: number): Reply {
  const headers: Record<string, string> = {
    "content-type": contentType,
    "cache-control": `private, max-age=${maxAge}`,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
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
}
