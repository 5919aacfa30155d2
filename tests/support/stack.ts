/**
 * Starts the real pieces for integration and e2e tests: Redis (REDIS_URL, or a throwaway
 * redis-server), the reference upstream (fresh database: a throwaway PostgreSQL database when
 * DATABASE_URL is set, else embedded PGlite in a temp folder) and the built portal. Everything
 * talks over real HTTP on loopback ports.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { upstreamHook } from "./hooks";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForHttp(url: string, ms: number, proc?: ChildProcess): Promise<void> {
  const until = Date.now() + ms;
  let last = "";
  while (Date.now() < until) {
    if (proc && proc.exitCode !== null) throw new Error(`${url}: process exited with ${proc.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not become healthy within ${ms} ms (${last})`);
}

export class Proc {
  readonly output: string[] = [];
  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString());
      if (this.output.length > 2000) this.output.splice(0, 1000);
      if (process.env.STACK_LOG) process.stderr.write(`[${name}] ${chunk}`);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
  }
  async stop(signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((r) => this.child.once("exit", () => r()));
    this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  }
}

function spawnNode(name: string, args: string[], env: Record<string, string | undefined>): Proc {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Proc(name, child);
}

// ---------------------------------------------------------------------------------------------
// Redis
// ---------------------------------------------------------------------------------------------

export interface RedisHandle {
  url: string;
  /** Only for a throwaway server: stop and start it again on the same port. */
  stop?(): Promise<void>;
  start?(): Promise<void>;
  close(): Promise<void>;
}

export async function throwawayRedis(): Promise<RedisHandle> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gh-redis-"));
  let proc: Proc | undefined;
  const start = async () => {
    const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    proc = new Proc("redis", child);
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      if (child.exitCode !== null) throw new Error(`redis-server exited: ${proc.output.join("")}`);
      const ok = await new Promise<boolean>((resolve) => {
        const s = net.connect(port, "127.0.0.1", () => {
          s.end();
          resolve(true);
        });
        s.on("error", () => resolve(false));
      });
      if (ok) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("redis-server did not start");
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => proc?.stop("SIGKILL"),
    start,
    close: async () => {
      await proc?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function sharedRedis(): Promise<RedisHandle> {
  if (process.env.REDIS_URL) {
    await clearThrottles(process.env.REDIS_URL);
    return { url: process.env.REDIS_URL, close: async () => {} };
  }
  return throwawayRedis();
}

/**
 * A long-lived Redis (REDIS_URL, as CI may use) keeps the portal's throttle counts between runs,
 * and every suite signs in from 127.0.0.1: start each run from zero, as with a fresh database.
 */
async function clearThrottles(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", "gh:throttle:*", "COUNT", 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// Upstream
// ---------------------------------------------------------------------------------------------

export interface UpstreamHandle {
  url: string;
  port: number;
  /**
   * A port on 127.0.0.1 for a test's own webhook receiver: notifications may call it
   * (NOTIFY_ALLOW_PRIVATE, ADR 028), as they may the upstream's own demo receiver.
   */
  notifyReceiverPort: number;
  readonly proc: Proc;
  /** Stop the process and start it again on the same port and data (the database survives). */
  restart(downMs?: number): Promise<void>;
  close(): Promise<void>;
  hook<T = unknown>(method: string, p: string, body?: unknown): Promise<T>;
}

async function freshDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { drop: async () => {} };
  const name = `gh_test_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startUpstream(opts: { portalUrl: string; env?: Record<string, string> }): Promise<UpstreamHandle> {
  const port = await freePort();
  const notifyReceiverPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gh-upstream-"));
  // A temp dir of its own, so a test can see what an upload leaves in it (GET /__test/uploads).
  const tmpDir = path.join(dataDir, "tmp");
  fs.mkdirSync(tmpDir);
  const db = await freshDatabase();
  const url = `http://localhost:${port}`;
  const spawnIt = async () => {
    const p = spawnNode("upstream", ["--import", "tsx", "upstream/src/main.ts"], {
      UPSTREAM_PORT: String(port),
      UPSTREAM_PUBLIC_URL: url,
      PORTAL_URL: opts.portalUrl,
      DATA_DIR: dataDir,
      TMPDIR: tmpDir,
      DATABASE_URL: db.url,
      UPSTREAM_TEST_HOOKS: "1",
      UPSTREAM_LOG: process.env.STACK_LOG ? "1" : "0",
      LOGIN_RATE_LIMIT: "1000",
      // New password hashes at a lower scrypt cost: the runs sign in hundreds of times (passwords.ts).
      UPSTREAM_SCRYPT_N: "1024",
      // Notification delivery (ADR 028): short retries, a quick poll, and the private targets a
      // test may send to (its own receiver, the upstream's demo receiver).
      NOTIFY_RETRY_BASE_MS: "200",
      NOTIFY_MAX_ATTEMPTS: "3",
      NOTIFY_POLL_MS: "200",
      NOTIFY_ALLOW_PRIVATE: `127.0.0.1:${notifyReceiverPort},localhost:${port},127.0.0.1:${port}`,
      ...opts.env,
    });
    await waitForHttp(`${url}/healthz`, 90_000, p.child).catch((e) => {
      throw new Error(`${e.message}\n${p.output.join("")}`);
    });
    return p;
  };
  let proc = await spawnIt();
  return {
    url,
    port,
    notifyReceiverPort,
    get proc() {
      return proc;
    },
    hook: (method, p, body) => upstreamHook(url, method, p, body),
    async restart(downMs = 0) {
      await proc.stop();
      if (downMs) await new Promise((r) => setTimeout(r, downMs));
      proc = await spawnIt();
    },
    async close() {
      await proc.stop();
      await db.drop().catch(() => {});
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Portal
// ---------------------------------------------------------------------------------------------

export interface PortalHandle {
  url: string;
  port: number;
  proc: Proc;
  close(): Promise<void>;
}

export function portalEnv(upstreamUrl: string, redisUrl: string | undefined, extra: Record<string, string> = {}) {
  return {
    NODE_ENV: "production",
    SESSION_SECRET: "integration-test-session-secret",
    AUTH_API_URL: `${upstreamUrl}/api/v2`,
    UPSTREAM_ISSUERS: `${upstreamUrl}/eu,${upstreamUrl}/us`,
    REDIS_URL: redisUrl,
    LOG_REQUESTS: process.env.STACK_LOG ? "1" : "0",
    ...extra,
  };
}

export async function startPortal(opts: { port?: number; env: Record<string, string | undefined> }): Promise<PortalHandle> {
  if (!fs.existsSync(path.join(ROOT, "build", "server.js"))) throw new Error("Build the portal first: npm run build");
  const port = opts.port ?? (await freePort());
  const proc = spawnNode("portal", ["build/server.js"], { ...opts.env, PORT: String(port), HOST: "127.0.0.1" });
  const url = `http://localhost:${port}`;
  await waitForHttp(`${url}/login`, 30_000, proc.child).catch((e) => {
    throw new Error(`${e.message}\n${proc.output.join("")}`);
  });
  return { url, port, proc, close: () => proc.stop() };
}

/** The standard stack: one Redis, one upstream, one portal. */
export async function startStack(extraPortalEnv: Record<string, string> = {}) {
  const portalPort = await freePort();
  const portalUrl = `http://localhost:${portalPort}`;
  const redis = await sharedRedis();
  const upstream = await startUpstream({ portalUrl });
  const portal = await startPortal({ port: portalPort, env: portalEnv(upstream.url, redis.url, extraPortalEnv) });
  return {
    redis,
    upstream,
    portal,
    async close() {
      await portal.close();
      await upstream.close();
      await redis.close();
    },
  };
}
