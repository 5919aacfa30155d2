/** A tiny router and request/response helpers over node:http. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { HttpError } from "./errors.ts";

export const BODY_LIMIT = 1024 * 1024;

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Raw body (HTML by default; set content-type in `headers` for anything else); `body` is ignored. */
  raw?: string | Buffer;
}

export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  /** Effective method (after X-HTTP-Method-Override). */
  method: string;
  path: string;
  url: URL;
  params: Record<string, string>;
  /** Parsed JSON (or urlencoded form) body; read on demand. */
  readBody(): Promise<unknown>;
}

export type Handler = (ctx: Ctx) => Promise<Reply | undefined> | Reply | undefined;

interface Entry {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

/** `/sites/:siteId/custom-fields` or `/sites/{siteId}/custom-fields` -> RegExp */
function compile(path: string): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  const src = path
    .split("/")
    .map((seg) => {
      const m = /^:(\w+)$/.exec(seg) ?? /^\{(\w+)\}$/.exec(seg);
      if (m) {
        keys.push(m[1]);
        return "([^/]+)";
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return { pattern: new RegExp(`^${src}/?$`), keys };
}

export class Router {
  private entries: Entry[] = [];

  add(method: string, path: string, handler: Handler): this {
    this.entries.push({ method: method.toUpperCase(), ...compile(path), handler });
    return this;
  }
  get(path: string, h: Handler) {
    return this.add("GET", path, h);
  }
  post(path: string, h: Handler) {
    return this.add("POST", path, h);
  }

  /** Find a handler; `allowed` lists methods of a path that matched with another method. */
  match(method: string, path: string): { handler: Handler; params: Record<string, string> } | { allowed: string[] } | null {
    const allowed: string[] = [];
    for (const e of this.entries) {
      const m = e.pattern.exec(path);
      if (!m) continue;
      if (e.method !== method && !(method === "HEAD" && e.method === "GET")) {
        allowed.push(e.method);
        continue;
      }
      const params: Record<string, string> = {};
      e.keys.forEach((k, i) => {
        try {
          params[k] = decodeURIComponent(m[i + 1]);
        } catch {
          params[k] = m[i + 1];
        }
      });
      return { handler: e.handler, params };
    }
    return allowed.length ? { allowed } : null;
  }
}

/** Effective method: a POST with `X-HTTP-Method-Override` is routed as that method. */
export function effectiveMethod(req: IncomingMessage): string {
  const method = (req.method ?? "GET").toUpperCase();
  const override = req.headers["x-http-method-override"];
  if (method === "POST" && typeof override === "string") {
    const o = override.trim().toUpperCase();
    if (["PATCH", "PUT", "DELETE"].includes(o)) return o;
  }
  return method;
}

/**
 * The raw body, at most `limit` bytes: a larger declared length is refused before reading, and a
 * stream that grows past it stops being read (413 either way).
 */
export async function readRaw(req: IncomingMessage, limit = BODY_LIMIT): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, { message: "The request body is too large." }, { connection: "close" });
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Read the body (at most BODY_LIMIT bytes -> 413) and parse JSON or urlencoded. */
export async function readBody(req: IncomingMessage): Promise<unknown> {
  const text = (await readRaw(req)).toString("utf8");
  if (text.trim() === "") return {};
  const type = String(req.headers["content-type"] ?? "").toLowerCase();
  if (type.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, { message: "The request body is not valid JSON." });
  }
}

export function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent) return;
  const status = reply.status ?? 200;
  const headers: Record<string, string> = { "cache-control": "no-store", ...reply.headers };
  if (reply.raw !== undefined) {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers });
    res.end(reply.raw);
    return;
  }
  if (reply.body === undefined && status === 204) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const payload = JSON.stringify(reply.body ?? {});
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(payload)),
    ...headers,
  });
  res.end(payload);
}

export function bearerToken(req: IncomingMessage): string | null {
  const h = req.headers.authorization;
  if (typeof h !== "string") return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1] : null;
}
