/**
 * Benchmark (not a test): what the audit log's capture costs a write (ADR 022). One site renamed
 * N times through the upstream's db layer, four ways:
 *   no trigger          — the table's audit trigger dropped (the cost before migration 024)
 *   trigger, no actor   — the trigger fires and returns at once (the seed, kiosks, background work)
 *   trigger, actor, tx  — inside a transaction that set the actor (the trigger's own work: to_jsonb, the diff, the insert)
 *   trigger, actor, lone — a lone write in a request's context: the db layer wraps it in BEGIN, set_config, the write, COMMIT
 * On PostgreSQL when DATABASE_URL names a server (a throwaway database is made and dropped), else PGlite.
 *
 *   node --import tsx tests/bench/audit.bench.ts
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

// The upstream's own modules (typed by upstream/tsconfig.json, not the portal's): loaded by path.
interface Q {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
}
interface Db extends Q {
  kind: string;
  tx<T>(fn: (q: Q) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
type Actor = { client_id: number; user_id: number; user_name: string; address: string; operation: string };
const dbModule = "../../upstream/src/db/index.ts";
const contextModule = "../../upstream/src/audit/context.ts";
const supportModule = "../../upstream/src/test-support.ts";
const { migrate, openDb } = (await import(dbModule)) as { migrate(db: Db): Promise<unknown>; openDb(o: { databaseUrl?: string; dataDir: string }): Promise<Db> };
const { withAuditActor } = (await import(contextModule)) as { withAuditActor<T>(a: Actor, fn: () => T): T };
const { pgServerUrl, throwawayPg } = (await import(supportModule)) as { pgServerUrl(): string | undefined; throwawayPg(u: string): Promise<{ url: string; drop(): Promise<void> }> };

const ROUNDS = Number(process.env.AUDIT_BENCH_ROUNDS ?? 10);
const PER_ROUND = 100;
const actor: Actor = { client_id: 1, user_id: 1, user_name: "Bench User", address: "203.0.113.1", operation: "bench" };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const server = pgServerUrl();
const pg = server ? await throwawayPg(server) : undefined;
const dir = pg ? undefined : await mkdtemp(path.join(tmpdir(), "gh-audit-bench-"));
const db = await openDb({ databaseUrl: pg?.url, dataDir: dir ?? "" });
try {
  await migrate(db);
  const [client] = await db.query<{ id: number }>("INSERT INTO clients (region, number, name) VALUES ('eu', 999, 'Bench') RETURNING id");
  const [site] = await db.query<{ id: number }>("INSERT INTO sites (client_id, type, name) VALUES ($1, 'standard', 'Bench site') RETURNING id", [client!.id]);
  actor.client_id = client!.id;
  let n = 0;
  const rename = (q: Q) => q.query("UPDATE sites SET name = $2 WHERE id = $1", [site!.id, `Bench site ${++n}`]);
  // Each mode: whether the trigger is there, and one write.
  const modes: [string, boolean, () => Promise<unknown>][] = [
    ["no trigger, lone", false, () => rename(db)],
    ["trigger, no actor", true, () => rename(db)],
    ["trigger, actor, lone", true, () => withAuditActor(actor, () => rename(db))],
    ["no trigger, tx", false, () => db.tx((q) => rename(q))],
    ["trigger, actor, tx", true, () => withAuditActor(actor, () => db.tx((q) => rename(q)))],
  ];
  const times = new Map<string, number[]>(modes.map(([m]) => [m, []]));
  // Interleaved rounds (a shared machine's noise falls on every mode alike); the median round counts.
  for (let r = 0; r < ROUNDS + 1; r++) {
    for (const [label, trigger, write] of modes) {
      if (trigger) await db.query("SELECT audit_track('sites', 'sites')");
      else await db.exec("DROP TRIGGER IF EXISTS audit_capture ON sites");
      const t0 = performance.now();
      for (let i = 0; i < PER_ROUND; i++) await write();
      if (r > 0) times.get(label)!.push(((performance.now() - t0) * 1000) / PER_ROUND);
    }
  }
  console.log(`audit capture, ${db.kind}: median of ${ROUNDS} rounds of ${PER_ROUND} writes (one site renamed)`);
  const us = (m: string) => median(times.get(m)!);
  for (const [m] of modes) console.log(`${m.padEnd(22)} ${us(m).toFixed(0).padStart(6)} µs a write`);
  const [{ entries }] = (await db.query<{ entries: number }>("SELECT count(*)::int AS entries FROM audit_log")) as [{ entries: number }];
  console.log(`entries written: ${entries} (expected ${2 * (ROUNDS + 1) * PER_ROUND})`);
  console.log(
    `ratios: an idle trigger ${(us("trigger, no actor") / us("no trigger, lone")).toFixed(2)}× a lone write; ` +
      `an audited lone write ${(us("trigger, actor, lone") / us("no trigger, lone")).toFixed(2)}× (+${(us("trigger, actor, lone") - us("no trigger, lone")).toFixed(0)} µs); ` +
      `capture in a transaction ${(us("trigger, actor, tx") / us("no trigger, tx")).toFixed(2)}× (+${(us("trigger, actor, tx") - us("no trigger, tx")).toFixed(0)} µs)`,
  );
} finally {
  await db.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  await pg?.drop();
}
