/**
 * `@remix-run/express`'s request handler, with two changes: a body the front has already read
 * (bounded and checked, see body.ts) is handed to Remix from memory, since the request stream has
 * been consumed (bodies left to stream, multipart uploads, are passed on as the stream); and over
 * HTTPS every cookie the answer sets is Secure, whichever part of the portal set it (ADR 009,
 * "Behind a TLS proxy").
 */
import { createReadableStreamFromReadable, createRequestHandler as createRemixHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";

export function createRequestHandler({
  build,
  mode,
  getLoadContext,
}: {
  build: ServerBuild;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}) {
  const handleRequest = createRemixHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const request = remixRequest(req, res);
      const response = await handleRequest(request, getLoadContext(req, res));
      await sendResponse(res, response, req.secure);
    } catch (error) {
      next(error);
    }
  };
}

function remixHeaders(requestHeaders: ExpressRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(requestHeaders)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

function remixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const [, forwardedPort] = req.get("X-Forwarded-Host")?.split(":") ?? [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const a = Number.parseInt(forwardedPort ?? "", 10);
  const b = Number.parseInt(hostPort ?? "", 10);
  const port = Number.isSafeInteger(a) ? a : Number.isSafeInteger(b) ? b : "";
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: remixHeaders(req.headers), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const read = res.locals.body as Buffer | null | undefined;
    if (read) {
      init.body = new Uint8Array(read) as Uint8Array<ArrayBuffer>;
      (init.headers as Headers).delete("transfer-encoding");
    } else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  // Abort loaders and actions once no answer can be written (close without finish).
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url.href, init);
}

/** A Set-Cookie value with the Secure attribute (as it was when it has it already). */
export function secureCookie(setCookie: string): string {
  return /;\s*secure\s*(;|$)/i.test(setCookie) ? setCookie : `${setCookie}; Secure`;
}

/**
 * `secure`: the request came over HTTPS (express's `req.secure`: the socket's own TLS, or
 * `X-Forwarded-Proto` when TRUST_PROXY trusts the proxy that sent it).
 */
async function sendResponse(res: ExpressResponse, response: Response, secure: boolean) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, secure && key === "set-cookie" ? secureCookie(value) : value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
