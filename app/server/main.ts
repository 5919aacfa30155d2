/**
 * The portal's HTTP server: express in front of the Remix request handler.
 *
 * Why not remix-serve: see docs/decisions/001-custom-express-server.md. In short, this layer does
 * what must happen before any loader or action runs: refuse cross-origin writes, mint the CSP
 * nonce, set security headers, log one structured line per request, and hand the raw socket to
 * the SSE relay so it can clean up when the connection closes.
 */
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { isCrossOriginWrite } from "./origin.js";
import { contentSecurityPolicy } from "./csp.js";
import { maxFormBytesFrom } from "../env.server.js";
import { logRequest, redactPath } from "./log.js";
import { CLIENT_ADDRESS_HEADER, REQUEST_ID_HEADER } from "./request-id.js";
import { trustedProxyHops } from "./trust-proxy.js";
import { carriesForm, DEFAULT_MAX_FORM_BYTES, drain, readBoundedBody, urlHasControlCharacters } from "./body.js";
import { sendRefusal } from "./refusal.js";
import { createRequestHandler } from "./remix-handler.js";

/** The methods the portal's pages and forms use; OPTIONS answers with these (the `Allow` header). */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST"]);
export const ALLOWED_METHODS = "GET, HEAD, POST, OPTIONS";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");

export interface PortalServerOptions {
  port: number;
  host?: string;
  /** Extra origins allowed in CSP form-action (identity providers, logout targets). */
  formActionOrigins: string[];
  /**
   * How many proxies in front of the portal to trust for X-Forwarded-For/-Proto (0: none). The
   * client address the throttles count is then the one the nearest trusted proxy saw.
   */
  trustProxy: number;
  /** url-encoded and JSON bodies above this are refused with 413 before being read whole (MAX_FORM_BYTES). */
  maxFormBytes?: number;
}

export async function createPortalServer(opts: PortalServerOptions) {
  const build = (await import(path.join(root, "build", "index.js"))) as ServerBuild;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", opts.trustProxy > 0 ? opts.trustProxy : false);
  /** The client's address: express's req.ip behind trusted proxies, else the socket's. */
  const clientIpOf = (req: express.Request) => (opts.trustProxy > 0 ? req.ip : req.socket.remoteAddress) ?? "";

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    // Always minted here, never taken from the client: loaders use it to share per-request work.
    const requestId = crypto.randomUUID();
    req.headers[REQUEST_ID_HEADER] = requestId;
    req.headers[CLIENT_ADDRESS_HEADER] = clientIpOf(req);
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const clientRequestId = req.get("x-request-id")?.slice(0, 64);
    res.on("finish", () => {
      logRequest({
        requestId,
        clientRequestId,
        method: req.method,
        path: redactPath(req.path),
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
        bytes: Number(res.getHeader("content-length") ?? 0) || undefined,
      });
    });
    next();
  });

  app.use((req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(res.locals.cspNonce, opts.formActionOrigins));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });

  // Methods (ADR 009, "Behind a TLS proxy"). OPTIONS, to any path (`*` too), answers with the
  // methods the portal serves and nothing else: it is a same-origin app without CORS, so a
  // preflight gets no Access-Control-* header and the browser does not send the request it asked
  // about. Any other method than GET, HEAD and POST is a 405 here: Remix answered OPTIONS with a
  // 405 logged as "unhandled error [object Object]", TRACE with a 500 (undici refuses to build
  // such a Request), and ran a route's action for PUT, PATCH or DELETE as for a POST.
  app.use((req, res, next) => {
    if (SERVED_METHODS.has(req.method)) return next();
    drain(req);
    res.setHeader("Allow", ALLOWED_METHODS);
    if (req.method === "OPTIONS") {
      res.status(204).end();
      return;
    }
    void sendRefusal(req, res, "method_not_allowed").catch(next);
  });

  app.use((req, res, next) => {
    if (isCrossOriginWrite(req)) {
      res.status(403).type("text/plain").send("Forbidden: cross-origin request refused.");
      return;
    }
    next();
  });

  // Bounded, clean input before Remix runs (issue 12): a control character in the path or query
  // string is a 400; a url-encoded or JSON body is read here up to the limit (413 past it) and
  // refused with a 400 when it holds one; multipart streams on to the upload handlers.
  const maxFormBytes = opts.maxFormBytes ?? DEFAULT_MAX_FORM_BYTES;
  app.use((req, res, next) => {
    if (urlHasControlCharacters(req.originalUrl)) {
      drain(req);
      void sendRefusal(req, res, "control_characters").catch(next);
      return;
    }
    readBoundedBody(req, maxFormBytes).then((read) => {
      // A post that is not a form (JSON, text, no type at all) reaches no action: they all read a
      // form, and `formData()` threw a 500 on anything else.
      if (read.ok && !carriesForm(req.method, req.headers["content-type"])) return sendRefusal(req, res, "unsupported_type");
      if (read.ok) {
        res.locals.body = read.body;
        next();
        return;
      }
      drain(req);
      return sendRefusal(req, res, read.reason);
    }).catch(next);
  });

  // Compression for documents and assets, never for the event stream (Cache-Control: no-transform).
  app.use(compression());

  app.use("/build", express.static(path.join(root, "public", "build"), { immutable: true, maxAge: "1y" }));
  app.use("/locales", express.static(path.join(root, "locales"), { maxAge: "1h" }));
  app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));

  // Pages and data carry personal information: never cached, so Back after logout cannot show them.
  // Uploaded files (/files/…) say their own (`private`, a few minutes; `no-store` when refused):
  // Remix appends a route's headers to these, so a "no-store" here would win over theirs.
  app.use((req, res, next) => {
    if (!req.path.startsWith("/files/")) res.setHeader("Cache-Control", "no-store");
    next();
  });

  app.all(
    "*",
    createRequestHandler({
      build,
      // Development mode (error stacks in pages) only when asked for by name.
      mode: process.env.NODE_ENV === "development" ? "development" : "production",
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        requestId: res.locals.requestId as string,
        /** The address throttles count: express's req.ip behind trusted proxies, else the socket's. */
        clientIp: clientIpOf(req),
        /**
         * Call `fn` once when the response ends or the client's socket closes, whichever comes
         * first (the SSE relay cleans up on it; the abort signal alone can miss disconnects).
         * Listeners are removed afterwards, so keep-alive sockets do not collect them.
         */
        onClose(fn: () => void) {
          const socket = req.socket;
          const done = () => {
            res.off("close", done);
            socket.off("close", done);
            fn();
          };
          res.once("close", done);
          socket.once("close", done);
        },
        /**
         * Resolves once the response can take more bytes (at once unless the socket's buffer is
         * full; also when the client has gone). Remix writes a streamed body without waiting for
         * "drain", so a route streaming a large file awaits this between chunks: a slow client
         * then holds the upstream read back instead of piling the file up in memory.
         */
        drained(): Promise<void> {
          if (!res.writableNeedDrain || res.destroyed || res.writableEnded) return Promise.resolve();
          return new Promise<void>((resolve) => {
            const done = () => {
              res.off("drain", done);
              res.off("close", done);
              resolve();
            };
            res.once("drain", done);
            res.once("close", done);
          });
        },
      }),
    }),
  );

  return new Promise<import("node:http").Server>((resolve) => {
    const server = app.listen(opts.port, opts.host ?? "0.0.0.0", () => resolve(server));
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  });
}

async function main() {
  const port = Number(process.env.PORT ?? 3000);
  const extra = (process.env.FORM_ACTION_ORIGINS ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const auth = process.env.AUTH_API_URL ?? "http://localhost:4000/api/v2";
  const server = await createPortalServer({
    port,
    host: process.env.HOST,
    formActionOrigins: [new URL(auth).origin, ...extra],
    trustProxy: trustedProxyHops(process.env.TRUST_PROXY),
    maxFormBytes: maxFormBytesFrom(process.env),
  });
  console.log(JSON.stringify({ level: "info", msg: "portal listening", url: `http://localhost:${port}` }));
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((err) => {
    console.error(JSON.stringify({ level: "fatal", msg: "portal failed to start", error: String(err?.stack ?? err) }));
    process.exit(1);
  });
}
