/**
 * Starting the upstream in tests: a random port, test hooks on, and a fresh database: a throwaway
 * PostgreSQL database (created and dropped) when UPSTREAM_SMOKE_PG or DATABASE_URL names a server,
 * else PGlite in a temp dir. Under vitest both are copies of the run's template (`test-template.ts`,
 * made by `test-global-setup.ts`), already migrated and seeded; without one, the upstream migrates
 * and seeds its new database itself.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { UpstreamOptions } from "./config.ts";
import { startUpstream, type Upstream } from "./server.ts";
import { cloneTemplateDb, cloneTemplateDir, templateFromEnv } from "./test-template.ts";

export const pgServerUrl = () => process.env.UPSTREAM_SMOKE_PG || process.env.DATABASE_URL || undefined;

/** A new database on that server: empty, or a copy of the template database `template`. */
export async function throwawayPg(serverUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import("pg");
  const name = `gh_upstream_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if (template) await cloneTemplateDb(admin, name, template);
    else await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
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
  const template = opts.databaseUrl || opts.dataDir ? undefined : templateFromEnv();
  const pg = server ? await throwawayPg(server, template?.kind === "pg" ? template.name : undefined) : undefined;
  const dataDir = pg ? undefined : await mkdtemp(path.join(tmpdir(), "gh-upstream-"));
  if (dataDir && template?.kind === "pglite") await cloneTemplateDir(template.dir, dataDir);
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
