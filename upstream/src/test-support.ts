/**
 * Starting the upstream in tests: a random port, test hooks on, and a fresh database: a throwaway
 * PostgreSQL database (created and dropped) when UPSTREAM_SMOKE_PG or DATABASE_URL names a server,
 * else PGlite in a temp dir.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { UpstreamOptions } from "./config.ts";
import { startUpstream, type Upstream } from "./server.ts";

export const pgServerUrl = () => process.env.UPSTREAM_SMOKE_PG || process.env.DATABASE_URL || undefined;

export async function throwawayPg(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import("pg");
  const name = `gh_upstream_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestUpstream extends Upstream {
  /** Close the upstream and remove its database. */
  stop(): Promise<void>;
}

export async function startTestUpstream(opts: Partial<UpstreamOptions> = {}): Promise<TestUpstream> {
  const server = pgServerUrl();
  const pg = server ? await throwawayPg(server) : undefined;
  const dataDir = pg ? undefined : await mkdtemp(path.join(tmpdir(), "gh-upstream-"));
  const up = await startUpstream({ port: 0, dataDir, databaseUrl: pg?.url, testHooks: true, log: false, ...opts });
  return {
    ...up,
    async stop() {
      await up.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      await pg?.drop();
    },
  };
}

/**
 * The errors the upstream logs from now on. With test hooks on, every answer is checked against
 * the contract and a mismatch is logged as an error, so a test file ends by expecting none.
 */
export function collectServerErrors(up: TestUpstream): Record<string, unknown>[] {
  const errors: Record<string, unknown>[] = [];
  const log = up.app.log;
  up.app.log = (entry) => {
    if (entry.level === "error") errors.push(entry);
    log(entry);
  };
  return errors;
}
