/** The upstream server: auth service, regional APIs, demo identity provider, test hooks. */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { REGIONS, openApiDocument } from "../contract/index.ts";
import type { App } from "./runtime/app.ts";
import { oidcIssuer } from "./runtime/app.ts";
import { RateLimiter } from "./auth/ratelimit.ts";
import { resolveOptions, type UpstreamOptions } from "./config.ts";
import { migrate, openDb, type Db } from "./db/index.ts";
import { HttpError } from "./http/errors.ts";
import { Router, effectiveMethod, readBody, send, type Ctx } from "./http/router.ts";
import { registerContractRoutes } from "./routes.ts";
import { kioskOpenApiPaths, registerKioskRoutes } from "./devices/kiosk.ts";
import { deviceCodeOpenApiPaths, registerDeviceCodeRoutes } from "./devices/devices.ts";
import { registerFileRoutes } from "./sites/uploads.ts";
import { calendarFeedOpenApiPaths, registerCalendarFeedRoutes } from "./spaces/feed-route.ts";
import { seedDemoData } from "./seed.ts";
import { seedBusyClient } from "./history/seed-busy.ts";
import { createRealtime } from "./realtime/server.ts";
import { createIdentityProvider } from "./sso/provider.ts";
import { registerDirectory } from "./directory/server.ts";
import { registerCentralRecord } from "./central-record/server.ts";
import { registerSlack } from "./slack/server.ts";
import { registerDemoDns } from "./sso/demo-dns.ts";
import { settleBackground } from "./runtime/background.ts";
import { Stats } from "./runtime/stats.ts";
import { registerTestHooks } from "./testhooks.ts";
import { registerClientApi } from "./api-clients/server.ts";
import { startAuditSweep } from "./audit/log.ts";
import { startRetention } from "./visits/retention.ts";
import { startDeliveryWorker } from "./notifications/delivery.ts";
import { AREAS } from "./areas.ts";
import { registerNotificationStandIns } from "./notifications/stand-ins.ts";
import { startAutoSignOut } from "./visits/auto-sign-out.ts";
import { pointDemoWebhook } from "./notifications/stand-ins.ts";

export interface Upstream {
  url: string;
  app: App;
  close(): Promise<void>;
}

export async function startUpstream(input: Partial<UpstreamOptions> = {}): Promise<Upstream> {
  const started = Date.now();
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else send(res, { status: 503, body: { message: "Starting up." } });
  });
  server.keepAliveTimeout = 5_000;
  const host = input.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(input.port ?? 4000, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const opts = resolveOptions({ ...input, host, port });
  const log = (entry: Record<string, unknown>) => {
    if (opts.log) process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);
  };

  let db: Db;
  try {
    db = await openDb(opts);
    await migrate(db);
  } catch (err) {
    server.close();
    throw err;
  }
  // Websocket upgrades on /app/{key} (Pusher protocol 7); other upgrade paths get a 404.
  const realtime = createRealtime({ key: opts.pusherAppKey, secret: opts.pusherAppSecret, log });
  realtime.attach(server);
  const connectHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  const app: App = {
    db,
    opts,
    limiter: new RateLimiter(opts.loginRateLimit, opts.loginRateWindow),
    stats: new Stats(),
    realtime,
    internalUrl: opts.internalUrl ?? `http://${connectHost.includes(":") ? `[${connectHost}]` : connectHost}:${port}`,
    log,
  };
  try {
    const seeded = await seedDemoData(app);
    // The demo IdP lives at this run's public URL.
    await db.query(
      `UPDATE sso_configs SET provider = jsonb_set(provider, '{provider_host}', to_jsonb($1::text))
        WHERE provider->>'client_id' = 'gatehouse-portal' AND provider->>'provider_host' IS DISTINCT FROM $1`,
      [oidcIssuer(app)],
    );
    // The seeded demo webhook calls this run's own demo receiver.
    await pointDemoWebhook(app);
    if (seeded) log({ msg: "seeded demo data", ...seeded });
    // The busy demo client (ADR 025) only on demand: the README's demo command sets SEED_BUSY=1.
    if (process.env.SEED_BUSY === "1") log({ msg: "busy demo client", ...(await seedBusyClient(db)) });
  } catch (err) {
    await db.close();
    server.close();
    throw err;
  }

  // The audit log's retention (13 months): swept now and every few hours.
  const stopAuditSweep = startAuditSweep(app);

  const router = new Router();
  router.get("/healthz", async () => {
    try {
      await db.query("SELECT 1");
      return { body: { ok: true } };
    } catch {
      return { status: 503, body: { ok: false } };
    }
  });
  const servers = [
    { url: `${opts.publicUrl}/api/v2`, description: "Auth service" },
    ...REGIONS.map((r) => ({ url: `${opts.publicUrl}/${r}/api/v2`, description: `Regional API (${r})` })),
  ];
  const openapi = openApiDocument(servers);
  // The kiosk calls (front-desk devices; not in the portal's contract), under the regional bases.
  Object.assign(openapi.paths, kioskOpenApiPaths(), deviceCodeOpenApiPaths());
  // Spaces' calendar feeds (a secret token in the path, no bearer; text/calendar).
  Object.assign(openapi.paths, calendarFeedOpenApiPaths());
  Object.assign(openapi.components.securitySchemes, {
    device: { type: "apiKey", in: "header", name: "Authorization", description: "`Device <token>` of a kiosk device" },
  });
  router.get("/api/v2/openapi.json", () => ({ body: openapi }));
  for (const r of REGIONS) router.get(`/${r}/api/v2/openapi.json`, () => ({ body: openapi }));
  router.get("/", () => ({
    body: {
      name: "Gatehouse reference upstream",
      auth: `${opts.publicUrl}/api/v2/auth`,
      regions: Object.fromEntries(REGIONS.map((r) => [r, `${opts.publicUrl}/${r}/api/v2`])),
      openapi: `${opts.publicUrl}/api/v2/openapi.json`,
      oidc: `${oidcIssuer(app)}/.well-known/openid-configuration`,
      directory: `${opts.publicUrl}/directory/{azure-ad|google-apps|brivo}`,
      central_record: `${opts.publicUrl}/central-record/api/v1`,
      slack: `${opts.publicUrl}/slack`,
      client_api: Object.fromEntries(REGIONS.map((r) => [r, `${opts.publicUrl}/${r}/api/client/v1`])),
    },
  }));
  registerContractRoutes(router, app);
  registerKioskRoutes(router, app);
  registerDeviceCodeRoutes(router, app);
  // The client API an organisation's own programs call with an API client's credentials (ADR 030).
  registerClientApi(router, app);
  // Uploaded files (branding images, welcome videos, evacuation point photos, message attachments),
  // to entitled callers only: GET {region}/api/v2/files/{name}.
  registerFileRoutes(router, app);
  // Spaces' calendar feeds (iCalendar, the token is the credential): GET {region}/api/v2/calendar/{token}.ics.
  registerCalendarFeedRoutes(router, app);
  // The demo directory (Azure AD, Google Apps, Brivo) that groups connect to: /directory/{provider}/….
  registerDirectory(router, app);
  // The demo Central Record (organisations and rating systems) that groups' integrations read: /central-record/api/v1/….
  registerCentralRecord(router, app);
  // The demo Slack that groups' notifications post to: /slack/oauth/v2/authorize, /slack/api/{method}.
  registerSlack(router, app);
  // The demo DNS that SSO domain verification looks TXT records up in: /demo/dns. Not served when
  // SSO_DNS_RESOLVER_URL names a real resolver (anyone could publish a record here).
  if (!opts.dnsResolverUrl) registerDemoDns(router, app);
  // The SMS gateway (/sms-gateway) and the demo webhook receiver (/webhook-receiver/{name}) that
  // notifications are delivered to (notifications/stand-ins.ts; ADR 028).
  registerNotificationStandIns(router, app);
  if (opts.testHooks) registerTestHooks(router, app);

  const idp = createIdentityProvider(app);

  handler = (req, res) => {
    const t0 = performance.now();
    let path = "/";
    try {
      path = new URL(req.url ?? "/", "http://upstream").pathname;
    } catch {
      /* keep "/" */
    }
    const method = effectiveMethod(req);
    res.on("finish", () => log({ method, path, status: res.statusCode, ms: Math.round((performance.now() - t0) * 10) / 10 }));
    void dispatch(req, res, path, method).catch((err) => fail(res, err));
  };

  async function dispatch(req: IncomingMessage, res: ServerResponse, path: string, method: string) {
    if (await idp.handle(req, res, path)) return;
    const match = router.match(method, path);
    if (!match) return send(res, { status: 404, body: { message: "Not found." } });
    if ("allowed" in match) {
      return send(res, { status: 405, body: { message: "Method not allowed." }, headers: { allow: [...new Set(match.allowed)].join(", ") } });
    }
    let bodyPromise: Promise<unknown> | null = null;
    const ctx: Ctx = {
      req,
      res,
      method,
      path,
      url: new URL(req.url ?? "/", "http://upstream"),
      params: match.params,
      readBody: () => (bodyPromise ??= readBody(req)),
    };
    const reply = await match.handler(ctx);
    send(res, reply ?? { status: 204 });
  }

  function fail(res: ServerResponse, err: unknown) {
    if (err instanceof HttpError) {
      send(res, { status: err.status, body: err.body, headers: err.headers });
      return;
    }
    log({ level: "error", msg: "unhandled error", error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    if (!res.headersSent) send(res, { status: 500, body: { message: "Server error." } });
    else res.destroy();
  }

  const url = opts.publicUrl;
  log({ msg: `upstream listening on ${url}`, listen: `http://${host}:${port}`, db: db.kind, ms: Date.now() - started, testHooks: opts.testHooks });

  // Scheduled work: visits past their group's data retention are removed (ADR 026).
  const stopRetention = startRetention(app);
  // Groups' "auto-clear in/out status": visits signed out by a sweep, each an automatic sign-out event.
  const stopAutoSignOut = startAutoSignOut(app);
  // Notification delivery: the worker sends due deliveries (notifications/delivery.ts; ADR 028).
  const stopDeliveries = startDeliveryWorker(app);
  // Each area's own scheduled work (spaces: the auto-release of unused desks; ADR 036).
  const stopAreaJobs = AREAS.flatMap((a) => ("jobs" in a && a.jobs ? [a.jobs(app)] : []));

  let closing: Promise<void> | null = null;
  return {
    url,
    app,
    close() {
      closing ??= (async () => {
        stopRetention();
        stopAutoSignOut();
        for (const stop of stopAreaJobs) stop();
        // Events still being queued, then the worker's run in flight (its sends end within 10 s).
        await settleBackground(app);
        await stopDeliveries();
        // Work started after an answer (a Slack message) first, while the server still answers it.
        await settleBackground(app);
        await stopAuditSweep();
        // Websockets first (4200 "Server restarting", so pusher-js reconnects): server.close() waits for them.
        await realtime.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 2_000).unref();
        });
        await db.close();
      })();
      return closing;
    },
  };
}
