/**
 * One area of the upstream (a folder such as `sites/`): what it adds to the whole, listed once in
 * its `<area>/area.ts` and gathered by the one index, `src/areas.ts` — its handlers of the
 * contract's routes (the slice `handlers.ts` exports), its demo data's steps (`seed.ts`, ADR 033)
 * and its test hooks (`testhooks.ts`, registered only with UPSTREAM_TEST_HOOKS=1). Each is left
 * out where the area has none.
 */
import type { Impl } from "../http/contract-handlers.ts";
import type { TestHook } from "../http/testhooks.ts";
import type { App } from "./app.ts";
import type { SeedStep } from "./seed-step.ts";

export interface Area {
  /** The area's folder under `src/`. */
  name: string;
  handlers?: Partial<Impl>;
  seedSteps?: readonly SeedStep[];
  testHooks?: (app: App) => TestHook[];
  /** Scheduled work the server starts with the area (`schedule`, ./background.ts); returns its stop. */
  jobs?: (app: App) => () => void;
}
