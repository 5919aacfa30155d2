/**
 * Demo data, in named steps (ADR 033). Each area exports its steps from `<area>/seed.ts`
 * (`runtime/seed-step.ts`) and names them in its `area.ts`; on every start `seedDemoData` runs, in
 * the order of the areas' index (`areas.ts`), each step whose name is not yet in `seed_steps`, and
 * records it there in the same transaction (one transaction for the run; concurrent starts are
 * serialised). A change to the demo data is a new step, never an edit of one a database already ran.
 *
 * Before ADR 033 one number, `seed_state.revision`, said how far a database was seeded. It stays,
 * frozen at its last value (`SEED_REVISION`, 27): the migration that made `seed_steps` recorded the
 * steps a database's revision already had, and a database whose revision is set back (an old data
 * folder; the tests that bring one forward) forgets the steps that revision lacked, which then run
 * again with `from` = that revision, exactly as the old scheme brought it forward.
 */
import type { App } from "./runtime/app.ts";
import { one } from "./db/index.ts";
import type { SeedReport, SeedStep } from "./runtime/seed-step.ts";
import { AREAS } from "./areas.ts";

export type { SeedReport as SeedResult } from "./runtime/seed-step.ts";

/** The last revision of the old scheme: frozen (new demo data is a new step). */
export const SEED_REVISION = 27;

/** Every area's steps, in the areas' order (`areas.ts`): an area's run after those above it. */
export const SEED_STEPS: readonly SeedStep[] = AREAS.flatMap((a): readonly SeedStep[] => ("seedSteps" in a ? a.seedSteps : []));

const names = new Set<string>();
for (const s of SEED_STEPS) {
  if (names.has(s.name)) throw new Error(`Two seed steps are named ${s.name}.`);
  names.add(s.name);
}

/** A step a database at old revision `revision` did not have yet (steps without `since` are new ones). */
const newerThan = (s: SeedStep, revision: number) => (s.since ?? SEED_REVISION + 1) > revision;

/**
 * Run the steps not yet done (one transaction). Returns null when every step was done already.
 * `steps` defaults to every area's, in order; a test may pass its own.
 */
export async function seedDemoData(app: App, steps: readonly SeedStep[] = SEED_STEPS): Promise<SeedReport | null> {
  return app.db.tx(async (q) => {
    await q.query("SELECT pg_advisory_xact_lock(727275)");
    const legacy = (await one<{ revision: number }>(q, "SELECT revision FROM seed_state WHERE id = 1"))?.revision;
    const from = legacy ?? 0;
    if (legacy !== undefined && legacy < SEED_REVISION) {
      const lacking = steps.filter((s) => newerThan(s, legacy)).map((s) => s.name);
      await q.query("DELETE FROM seed_steps WHERE name = ANY($1::text[])", [lacking]);
    }
    const done = new Set((await q.query<{ name: string }>("SELECT name FROM seed_steps")).map((r) => r.name));
    const pending = steps.filter((s) => !done.has(s.name));
    if (!pending.length) return null;
    const report: SeedReport = { from, to: SEED_REVISION, clients: [], users: [], today: [] };
    for (const step of pending) {
      await step.run({ app, q, from, report });
      await q.query("INSERT INTO seed_steps (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET done_at = now()", [step.name]);
    }
    await q.query(
      `INSERT INTO seed_state (id, revision) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET revision = EXCLUDED.revision, updated_at = now()`,
      [SEED_REVISION],
    );
    return report;
  });
}
