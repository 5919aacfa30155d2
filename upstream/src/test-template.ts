/**
 * The upstream tests' template database: migrated and seeded once per vitest run (by
 * `test-global-setup.ts`), then copied for each test file's upstream, which finds nothing to migrate
 * or seed. PostgreSQL: a database `gh_template_<hash>_<slot>` that `CREATE DATABASE … TEMPLATE`
 * copies; PGlite: a data folder copied with `fs.cp`. The hash covers the upstream's sources (the
 * migrations, the seed and all it calls) and the PGlite version, so a stale template is never used;
 * the slot (a quarter of an hour) keeps the seed's "today" and "90 minutes ago" fresh. Built under a
 * temporary name and renamed, so two runs at once never see a half-made one (the loser drops its own).
 */
import { createHash, randomBytes } from "node:crypto";
import { cp, mkdtemp, readdir, readFile, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startUpstream } from "./server.ts";

/** How `startTestUpstream` finds the template (set by the global setup, read by the test files' processes). */
export const TEMPLATE_ENV = "GH_UPSTREAM_TEMPLATE";
export type Template = { kind: "pg"; name: string } | { kind: "pglite"; dir: string };

const SLOT_MS = 15 * 60_000;
/** Templates of slots older than this are removed when a new one is made (no run lasts that long). */
const KEEP_SLOTS = 8;
const UPSTREAM = fileURLToPath(new URL("../", import.meta.url));

async function sources(dir: string, out: string[] = []): Promise<string[]> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) await sources(p, out);
    else if ((e.name.endsWith(".ts") && !e.name.endsWith(".test.ts")) || e.name.endsWith(".sql")) out.push(p);
  }
  return out;
}

/** The hash of everything a seeded database depends on. */
export async function sourceHash(): Promise<string> {
  const h = createHash("sha256");
  const files = [...(await sources(path.join(UPSTREAM, "src"))), ...(await sources(path.join(UPSTREAM, "contract")))].sort();
  for (const f of files) h.update(`${path.relative(UPSTREAM, f)}\0`).update(await readFile(f)).update("\0");
  // PGlite's version: its data folder's format.
  h.update(await readFile(path.join(UPSTREAM, "../node_modules/@electric-sql/pglite/package.json")).catch(() => "unknown"));
  return h.digest("hex").slice(0, 16);
}

const slotOf = (name: string) => Number(/_(\d+)(?:_b\w+)?$/.exec(name)?.[1] ?? NaN);

/** The template for this run (made when missing): PostgreSQL when `serverUrl` is set, else PGlite. */
export async function prepareTemplate(serverUrl: string | undefined): Promise<Template> {
  const slot = Math.floor(Date.now() / SLOT_MS);
  const base = `gh_template_${await sourceHash()}_${slot}`;
  return serverUrl ? { kind: "pg", name: await pgTemplate(serverUrl, base, slot) } : { kind: "pglite", dir: await pgliteTemplate(base.replaceAll("_", "-"), slot) };
}

async function migrateAndSeed(where: { databaseUrl?: string; dataDir?: string }): Promise<void> {
  const up = await startUpstream({ port: 0, testHooks: true, log: false, ...where });
  await up.close();
}

async function pgTemplate(serverUrl: string, name: string, slot: number): Promise<string> {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if ((await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount) return name;
    const building = `${name}_b${randomBytes(3).toString("hex")}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    try {
      await migrateAndSeed({ databaseUrl: url.toString() });
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    } catch (err) {
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      // Another run made it meanwhile (duplicate_database): use theirs.
      if ((err as { code?: string }).code !== "42P04") throw err;
    }
    const old = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'gh\\_template\\_%'");
    for (const { datname } of old.rows) {
      if (slotOf(datname) < slot - KEEP_SLOTS) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
    }
    return name;
  } finally {
    await admin.end();
  }
}

async function pgliteTemplate(name: string, slot: number): Promise<string> {
  const dir = path.join(tmpdir(), name);
  if (await readdir(dir).then((e) => e.length > 0, () => false)) return dir;
  const building = await mkdtemp(`${dir}_b`);
  try {
    await migrateAndSeed({ dataDir: building });
    await rename(building, dir);
  } catch (err) {
    await rm(building, { recursive: true, force: true });
    // Another run made it meanwhile (the folder is there, not empty): use theirs.
    if (!["ENOTEMPTY", "EEXIST"].includes((err as NodeJS.ErrnoException).code ?? "")) throw err;
  }
  for (const e of await readdir(tmpdir())) {
    if (e.startsWith("gh-template-") && slotOf(e.replaceAll("-", "_")) < slot - KEEP_SLOTS) await rm(path.join(tmpdir(), e), { recursive: true, force: true });
  }
  return dir;
}

/** The template named in the environment, if any. */
export function templateFromEnv(): Template | undefined {
  const raw = process.env[TEMPLATE_ENV];
  return raw ? (JSON.parse(raw) as Template) : undefined;
}

/** PostgreSQL: a new database copied from the template (retried while another session holds the template). */
export async function cloneTemplateDb(admin: { query(sql: string): Promise<unknown> }, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== "55006" || attempt >= 40) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** PGlite: a copy of the template's data folder. */
export const cloneTemplateDir = (template: string, dataDir: string) => cp(template, dataDir, { recursive: true });
