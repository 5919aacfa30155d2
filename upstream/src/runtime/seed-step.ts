/**
 * A step of the demo data (ADR 033). Each area exports its steps from `<area>/seed.ts`; the runner
 * (`src/seed.ts`) runs, in the areas' order (`src/areas.ts`), every step whose name is not yet
 * recorded in `seed_steps`, and records it in the same transaction.
 */
import type { App } from "../runtime/app.ts";
import type { Queryable } from "../db/index.ts";

/** What one run of the seed did (`seedDemoData`'s answer; logged at start). */
export interface SeedReport {
  /** The old seed revision the database was at (0: a new one); see `SeedContext.from`. */
  from: number;
  /** The last revision of the old scheme (`SEED_REVISION`, frozen at 27). */
  to: number;
  /** Demo clients created (global ids) and demo users created (emails). */
  clients: string[];
  users: string[];
  /** Clients whose Today view data (groups, members, visits) was added. */
  today: string[];
}

export interface SeedContext {
  app: App;
  /** The seeding transaction. */
  q: Queryable;
  /**
   * The revision of a database seeded under the old revisioned scheme (`seed_state.revision`, before
   * ADR 033), else 0. Steps that were added "once, when a database comes to revision N" still say
   * `from < N`, so a database that had them is not given them twice.
   */
  from: number;
  report: SeedReport;
}

export interface SeedStep {
  /** `<area>.<what>`: recorded in `seed_steps` once done. Never rename a step that shipped. */
  name: string;
  /**
   * The old seed revision that already had this step's data (steps from before ADR 033 only): a
   * database at that revision or later had it (migration 20261128T1230_seed_steps). New steps: unset.
   */
  since?: number;
  run(ctx: SeedContext): Promise<void>;
}
