/**
 * One tiny database adapter over PostgreSQL (`pg` Pool, when DATABASE_URL is set) or embedded
 * PGlite (real Postgres compiled to WASM). The same SQL runs on both.
 */
import { readdir, readFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { auditActor, auditSetting } from "../audit/context.ts";

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Run one or more statements without parameters. */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  kind: "pg" | "pglite";
  /** Run `fn` inside a transaction; rolled back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function one<T = Row>(q: Queryable, sql: string, params?: unknown[]): Promise<T | undefined> {
  const rows = await q.query<T>(sql, params);
  return rows[0];
}

/** A statement that may change rows (the audit triggers then need the actor). */
const WRITE = /^\s*(?:insert|update|delete|merge)\b|^\s*with\b[\s\S]*\b(?:insert|update|delete)\b/i;
export const isWrite = (sql: string) => WRITE.test(sql);

const SET_ACTOR = "SELECT set_config('gatehouse.audit', $1, true)";

/**
 * The audit actor of the request being answered (src/audit/context.ts) reaches the triggers of
 * migration 024 as the transaction-local setting `gatehouse.audit`: set in every `tx` before its
 * first write, and a lone write outside one runs in a short transaction of its own that sets it first.
 * Without an actor nothing changes (and nothing is recorded). ADR 022.
 */
function audited(base: Queryable, tx: Db["tx"]): Queryable {
  return {
    query<T>(sql: string, params?: unknown[]) {
      if (!auditActor() || !isWrite(sql)) return base.query<T>(sql, params);
      return tx((q) => q.query<T>(sql, params));
    },
    exec(sql: string) {
      if (!auditActor() || !isWrite(sql)) return base.exec(sql);
      return tx((q) => q.exec(sql));
    },
  };
}

/**
 * A transaction's queryable that sets the actor just before its first write (so a read-only
 * transaction costs nothing more, and `SET TRANSACTION …`, which must come first, still can).
 */
function withActor(q: Queryable): Queryable {
  const actor = auditActor();
  if (!actor) return q;
  let set = false;
  const before = async (sql: string) => {
    if (set || !isWrite(sql)) return;
    set = true;
    await q.query(SET_ACTOR, [auditSetting(actor)]);
  };
  return {
    async query<T>(sql: string, params?: unknown[]) {
      await before(sql);
      return q.query<T>(sql, params);
    },
    async exec(sql: string) {
      await before(sql);
      return q.exec(sql);
    },
  };
}

export async function openDb(opts: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  if (opts.databaseUrl) return openPg(opts.databaseUrl);
  return openPglite(path.resolve(opts.dataDir, "upstream-db"));
}

async function openPg(url: string): Promise<Db> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on("error", (err) => console.error(JSON.stringify({ level: "error", msg: "pg pool error", error: String(err) })));
  const wrap = (c: { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }> }): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      return (await c.query(sql, params)).rows as T[];
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  const base = wrap(pool);
  const tx = async <T>(fn: (q: Queryable) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const result = await fn(withActor(wrap(client)));
      await client.query("COMMIT");
      return result;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  };
  return {
    kind: "pg",
    ...audited(base, tx),
    tx,
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dir: string): Promise<Db> {
  await mkdir(dir, { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  // btree_gist: the spaces bookings' exclusion constraints (ADR 036).
  const { btree_gist } = await import("@electric-sql/pglite/contrib/btree_gist");
  const db = await PGlite.create(dir, { extensions: { btree_gist } });
  type PgliteLike = { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }>; exec: (sql: string) => Promise<unknown> };
  const wrap = (c: PgliteLike): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      return (await c.query(sql, params)).rows as T[];
    },
    async exec(sql: string) {
      await c.exec(sql);
    },
  });
  let closed = false;
  const tx = <T>(fn: (q: Queryable) => Promise<T>): Promise<T> =>
    db.transaction((t) => fn(withActor(wrap(t))));
  return {
    kind: "pglite",
    ...audited(wrap(db), tx),
    tx,
    async close() {
      if (closed) return;
      closed = true;
      await db.close();
    },
  };
}

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));

/** `001_init.sql` … `039_….sql`: the numbered migrations, closed (ADR 033): a new one is named by time. */
const NUMBERED = /^(\d{3})_[a-z0-9_]+\.sql$/;
const LAST_NUMBERED = 39;
/** `20261128T1230_seed_steps.sql`: every later one, named by the UTC time it was written (ADR 033). */
const STAMPED = /^(20\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3])[0-5]\d)_[a-z0-9_]+\.sql$/;

/**
 * The `.sql` files of a migrations folder in the order they apply: the numbered ones by number, then
 * the timestamped ones by time. Refuses a name of neither form and two files with one prefix (two
 * branches that took the same number or minute: rename the newer one), so no database ever applies
 * one of them and not the other.
 */
export function migrationOrder(files: readonly string[]): string[] {
  const seen = new Map<string, string>();
  const keyed = files
    .filter((f) => f.endsWith(".sql"))
    .map((f) => {
      const numbered = NUMBERED.exec(f);
      const prefix = (numbered ?? STAMPED.exec(f))?.[1];
      if (!prefix || (numbered && Number(prefix) > LAST_NUMBERED)) throw new Error(`Migration ${f}: name it by the UTC time, YYYYMMDDTHHMM_what.sql (ADR 033).`);
      const other = seen.get(prefix);
      if (other) throw new Error(`Migrations ${other} and ${f} share the prefix ${prefix}: give the newer one a fresh UTC timestamp (ADR 033).`);
      seen.set(prefix, f);
      return { f, rank: numbered ? 0 : 1, prefix };
    });
  keyed.sort((a, b) => a.rank - b.rank || (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0));
  return keyed.map((k) => k.f);
}

/**
 * Apply the migrations not yet applied, in `migrationOrder`; each is recorded by its name (without
 * `.sql`) in `schema_migrations`, as it always was, so existing databases stay valid.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = migrationOrder(await readdir(dir));
  return db.tx(async (q) => {
    // Serialise concurrent starts against one PostgreSQL database.
    await q.query("SELECT pg_advisory_xact_lock(727274)");
    await q.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set((await q.query<{ version: string }>("SELECT version FROM schema_migrations")).map((r) => r.version));
    const applied: string[] = [];
    for (const file of files) {
      const version = file.replace(/\.sql$/, "");
      if (done.has(version)) continue;
      await q.exec(await readFile(path.join(dir, file), "utf8"));
      await q.query("INSERT INTO schema_migrations (version) VALUES ($1)", [version]);
      applied.push(version);
    }
    return applied;
  });
}
