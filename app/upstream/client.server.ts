/**
 * The one typed client for every upstream call. Base URLs come from configuration: the auth
 * service from AUTH_API_URL, a regional API from the token's issuer ONLY when that issuer is on
 * the UPSTREAM_ISSUERS allow-list (the configured string is used, never the claim). Every request
 * carries X-Timezone and Accept-Language; PATCH goes as POST with a method-override header. A
 * route with `upload` sends its one file as multipart/form-data (the `file` option) instead of JSON.
 * Answers are validated against the contract; failures become UpstreamError or
 * UpstreamUnavailableError, which `app/upstream/errors.ts` maps to the spec's catalogue.
 */
import { isIP } from "node:net";
import { Readable } from "node:stream";
import { Agent, FormData, request } from "undici";
import { decodeJwt } from "jose";
import {
  AccessTokenClaims,
  ErrorBody,
  FILE_PATH,
  FileName,
  routes,
  type RouteBody,
  type RouteName,
  type RouteResponse,
  type RawFileDef,
  type Routes,
  type UploadDef,
} from "@contract";
import { env } from "~/env.server";
import { UpstreamError, UpstreamUnavailableError, UntrustedIssuerError } from "./errors";

const agent = new Agent({ keepAliveTimeout: 30_000, connections: 128, pipelining: 1 });

/** The one file of an upload route: its name and declared type as the browser sent them, and its bytes. */
export interface UploadFile {
  name: string;
  type?: string;
  data: Blob | Uint8Array;
}

/** `file` exists only for routes whose contract entry has `upload` (never with `body`). */
export type RouteFile<N extends RouteName> = Routes[N] extends { upload: UploadDef } ? UploadFile : never;

/** A file sent as the whole body, streamed as it arrives (never held): its type and its bytes. */
export interface RawFile {
  type: string;
  data: AsyncIterable<Uint8Array>;
}
/** `stream` exists only for routes whose contract entry has `rawFile`. */
export type RouteRawFile<N extends RouteName> = Routes[N] extends { rawFile: RawFileDef } ? RawFile : never;

/** What a caller gives for one call (the session adds token, language and timezone). */
export interface ApiOptions<N extends RouteName> {
  params?: Record<string, string | number>;
  body?: RouteBody<N>;
  /** For upload routes: sent as multipart/form-data in the contract's part (`file`). */
  file?: RouteFile<N>;
  /** For raw-file routes: the body, streamed. */
  stream?: RouteRawFile<N>;
  query?: Record<string, string | number | undefined>;
}

/** Uploads may take longer than a JSON call: at least this long before giving up. */
const UPLOAD_TIMEOUT_MS = 120_000;

export interface CallOptions<N extends RouteName> extends ApiOptions<N> {
  token?: string;
  /** BCP 47 language tag for Accept-Language, e.g. "en-GB". */
  language: string;
  timezone: string;
  /** The browser's address (the portal's own trusted view of it), sent as X-Forwarded-For. */
  clientAddress?: string;
  signal?: AbortSignal;
}

/** X-Forwarded-For with the browser's address, when it is one (the upstream's audit log records it). */
function forwardedFor(headers: Record<string, string>, address: string | undefined): Record<string, string> {
  if (address && isIP(address)) headers["x-forwarded-for"] = address;
  return headers;
}

/** The regional API root for an issuer claim, or throws when the issuer is not allowed. */
export function regionalBase(iss: string): string {
  const wanted = iss.replace(/\/+$/, "");
  const allowed = env().UPSTREAM_ISSUERS.find((a) => a.replace(/\/+$/, "") === wanted);
  if (!allowed) throw new UntrustedIssuerError(iss);
  return `${allowed.replace(/\/+$/, "")}/api/v2`;
}

export function decodeAccessToken(token: string): AccessTokenClaims {
  return AccessTokenClaims.parse(decodeJwt(token));
}

function buildUrl<N extends RouteName>(name: N, opts: CallOptions<N>): string {
  const def = routes[name];
  let base: string;
  if (def.base === "auth") {
    base = env().AUTH_API_URL.replace(/\/+$/, "");
  } else {
    if (!opts.token) throw new Error(`Upstream call ${name} needs a token`);
    base = regionalBase(decodeAccessToken(opts.token).iss);
  }
  const path = def.path.replace(/\{(\w+)\}/g, (_, p: string) => {
    const v = opts.params?.[p];
    if (v === undefined) throw new Error(`Upstream call ${name} is missing path parameter ${p}`);
    return encodeURIComponent(String(v));
  });
  const url = new URL(`${base}/${path}`);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.toString();
}

export async function callUpstream<N extends RouteName>(name: N, opts: CallOptions<N>): Promise<RouteResponse<N>> {
  const def = routes[name];
  const url = buildUrl(name, opts);
  const headers: Record<string, string> = forwardedFor(
    { accept: "application/json", "accept-language": opts.language, "x-timezone": opts.timezone },
    opts.clientAddress,
  );
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let method: string = def.method;
  if (method === "PATCH") {
    method = "POST";
    headers["x-http-method-override"] = "PATCH";
  }
  let payload: string | FormData | Readable | undefined;
  const upload: UploadDef | undefined = "upload" in def ? def.upload : undefined;
  const rawFile: RawFileDef | undefined = "rawFile" in def ? (def.rawFile as RawFileDef) : undefined;
  if (rawFile) {
    if (!opts.stream) throw new Error(`Upstream call ${name} needs a stream`);
    headers["content-type"] = rawFile.types.includes(opts.stream.type) ? opts.stream.type : "application/octet-stream";
    payload = Readable.from(opts.stream.data, { objectMode: false });
  } else if (upload) {
    if (!opts.file) throw new Error(`Upstream call ${name} needs a file`);
    const { name: filename, type, data } = opts.file;
    const blob = data instanceof Blob ? data : new Blob([new Uint8Array(data)], { type: type || "application/octet-stream" });
    // undici sets the multipart content type with its boundary.
    payload = new FormData();
    payload.append(upload.field, blob, filename);
  } else if ("body" in def && opts.body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(opts.body);
  }
  const timeout = AbortSignal.timeout(upload || rawFile ? Math.max(env().UPSTREAM_TIMEOUT_MS, UPLOAD_TIMEOUT_MS) : env().UPSTREAM_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;

  let res;
  try {
    res = await request(url, { method: method as "GET", headers, body: payload, signal, dispatcher: agent });
  } catch (err) {
    throw new UpstreamUnavailableError(name, (err as Error).message);
  }
  const text = await res.body.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (res.statusCode >= 200 && res.statusCode < 300) {
    const parsed = def.response.safeParse(json);
    if (!parsed.success) {
      throw new UpstreamError(name, 502, { message: "The upstream sent an answer the portal does not understand." });
    }
    return parsed.data as RouteResponse<N>;
  }
  const body = ErrorBody.safeParse(json);
  throw new UpstreamError(name, res.statusCode, body.success ? body.data : {});
}

/** An uploaded file as the upstream answered: status (200, 206, 416, 404…), its headers, and its body still streaming. */
export interface UpstreamFile {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Read it or `dump()` it: the connection goes back to the pool only then. */
  body: import("undici").Dispatcher.ResponseData["body"];
}

/** Waiting for the next bytes of a file longer than this gives up (a stalled upstream). */
const FILE_IDLE_TIMEOUT_MS = 30_000;

/**
 * GET an uploaded file (`files/{name}` of the token's region) with the user's token, streamed:
 * nothing is buffered here. `range` is passed on for video players. The name must be a contract
 * FileName (never a URL); the base comes from the allow-listed issuer, as for every call.
 */
export async function fetchUpstreamFile(name: string, opts: { token: string; range?: string | null; signal?: AbortSignal }): Promise<UpstreamFile> {
  if (!FileName.safeParse(name).success) throw new Error("Not a file name");
  const base = regionalBase(decodeAccessToken(opts.token).iss);
  const url = `${base}/${FILE_PATH.replace("{name}", encodeURIComponent(name))}`;
  const headers: Record<string, string> = { authorization: `Bearer ${opts.token}` };
  if (opts.range && /^bytes=\d*-\d*$/.test(opts.range)) headers.range = opts.range;
  try {
    const res = await request(url, {
      method: "GET",
      headers,
      signal: opts.signal,
      dispatcher: agent,
      headersTimeout: env().UPSTREAM_TIMEOUT_MS,
      bodyTimeout: FILE_IDLE_TIMEOUT_MS,
    });
    return { status: res.statusCode, headers: res.headers, body: res.body };
  } catch (err) {
    throw new UpstreamUnavailableError("file", (err as Error).message);
  }
}

/**
 * A route whose answer is a file (`download` in the contract: an export, a template), streamed:
 * nothing is buffered here. A 2xx answer comes back with its body still streaming; anything else
 * is read (small JSON) and thrown as the UpstreamError every other call throws.
 */
export async function downloadUpstream<N extends RouteName>(name: N, opts: CallOptions<N>): Promise<UpstreamFile> {
  if (!("download" in routes[name])) throw new Error(`Upstream call ${name} is not a download`);
  const url = buildUrl(name, opts);
  const headers = forwardedFor({ "accept-language": opts.language, "x-timezone": opts.timezone }, opts.clientAddress);
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let res;
  try {
    res = await request(url, { method: "GET", headers, signal: opts.signal, dispatcher: agent, headersTimeout: env().UPSTREAM_TIMEOUT_MS, bodyTimeout: FILE_IDLE_TIMEOUT_MS });
  } catch (err) {
    throw new UpstreamUnavailableError(name, (err as Error).message);
  }
  if (res.statusCode >= 200 && res.statusCode < 300) return { status: res.statusCode, headers: res.headers, body: res.body };
  let json: unknown = undefined;
  try {
    json = JSON.parse(await res.body.text());
  } catch {
    json = undefined;
  }
  const body = ErrorBody.safeParse(json);
  throw new UpstreamError(name, res.statusCode, body.success ? body.data : {});
}

/** Any HTTP answer from the auth service within the timeout means it is reachable. */
export async function pingUpstream(timeoutMs = 1500): Promise<void> {
  try {
    const res = await request(`${env().AUTH_API_URL.replace(/\/+$/, "")}/openapi.json`, {
      method: "GET",
      signal: AbortSignal.timeout(timeoutMs),
      dispatcher: agent,
    });
    await res.body.dump();
    if (res.statusCode >= 500) throw new Error(`status ${res.statusCode}`);
  } catch (err) {
    throw new UpstreamUnavailableError("health", (err as Error).message);
  }
}
