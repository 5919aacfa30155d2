/**
 * GET /files/{name} — an uploaded file (branding image, welcome video, evacuation point photo,
 * message attachment) for a signed-in user, streamed from the upstream with the user's own token:
 * the upstream decides whether this user may see it (a user of the file's client who may see its
 * site) and answers 404 otherwise, which is what the portal answers too. Pages point here, never
 * at the upstream, so no URL that works without the session leaves the server and the CSP allows
 * images and media from 'self' only.
 *
 * The file is never buffered: chunks go on as the browser takes them (`context.drained`). A
 * `Range` is passed on (video players); the answer is `private` (never a shared cache), `nosniff`,
 * with a CSP that sandboxes the file when opened on its own. A PDF is sent as a download.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { FileName } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { fetchUpstreamFile } from "~/upstream/client.server";
import { UpstreamUnavailableError } from "~/upstream/errors";
import { pacedBody } from "~/upstream/paced-body.server";

/** How long the browser may keep a file (seconds); the upstream's own answer is as short. */
const MAX_AGE = 300;

const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  mp4: "video/mp4",
  mov: "video/quicktime",
  pdf: "application/pdf",
};

const notFound = () => new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { viewer } = await requireAccess(request).catch((refusal: unknown) => {
    // To the login page (or a 403): never cached (this path is left out of the site-wide no-store).
    if (refusal instanceof Response) refusal.headers.set("cache-control", "no-store");
    throw refusal;
  });
  const name = params.name ?? "";
  if (!FileName.safeParse(name).success) return notFound();
  const kind = name.slice(name.lastIndexOf(".") + 1);

  let file;
  try {
    file = await fetchUpstreamFile(name, { token: viewer.tokens.accessToken, range: request.headers.get("range"), signal: request.signal });
  } catch (err) {
    if (err instanceof UpstreamUnavailableError) return new Response("Service unavailable", { status: 503, headers: { "cache-control": "no-store", "retry-after": "5" } });
    throw err;
  }
  if (file.status !== 200 && file.status !== 206 && file.status !== 416) {
    // 404 (not there, or not this user's), or anything else: the same "not found", no upstream text.
    await file.body.dump().catch(() => undefined);
    return notFound();
  }

  const headers = new Headers({
    // The kind the name says, which the upstream sniffed on upload; never the upstream's own word.
    "content-type": CONTENT_TYPES[kind] ?? "application/octet-stream",
    "cache-control": `private, max-age=${MAX_AGE}`,
    // X-Content-Type-Options: nosniff comes with every answer of the portal (server/main.ts); this
    // CSP is enforced besides the site-wide one.
    "content-security-policy": "default-src 'none'; sandbox",
    "accept-ranges": "bytes",
  });
  for (const h of ["content-length", "content-range"]) {
    const v = first(file.headers[h]);
    if (v) headers.set(h, v);
  }
  if (kind === "pdf") headers.set("content-disposition", `attachment; filename="${name}"`);

  if (file.status === 416) {
    await file.body.dump().catch(() => undefined);
    return new Response(null, { status: 416, headers });
  }

  const stream = pacedBody(file.body, context);
  return new Response(stream, { status: file.status, headers });
}
