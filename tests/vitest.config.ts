import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");

/** Integration files that run on a stack of their own (the project `integration-own-stack`). */
const OWN_STACK = ["tests/integration/session.test.ts", "tests/integration/realtime.test.ts"];
/** The access walk: a stack of its own too, after the own-stack files (tests/run.mjs). */
const WALK = ["tests/integration/access.test.ts"];

export default defineConfig({
  root,
  // The same aliases as tsconfig.json's `paths` (Remix's compiler, esbuild and tsx read those).
  resolve: {
    alias: [
      { find: /^~\//, replacement: `${path.join(root, "app")}/` },
      { find: /^@contract$/, replacement: path.join(root, "upstream/contract/index.ts") },
      { find: /^@contract\//, replacement: `${path.join(root, "upstream/contract")}/` },
    ],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "upstream/src/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
          // The upstream's files start from one migrated and seeded template database per run
          // (a path only: this tsconfig does not type-check upstream internals).
          globalSetup: ["upstream/src/test-global-setup.ts"],
          // The upstream's files call a real upstream and database; beside the integration and
          // end-to-end projects on two cores a call can take seconds (upstream/vitest.config.ts: 60 s).
          testTimeout: 30_000,
          // One module graph per worker, not per file: each upstream file imported the whole
          // upstream again (~80 s of a run's CPU). The files restore what they change (timers,
          // TMPDIR, globals) themselves.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: [...OWN_STACK, ...WALK],
          globalSetup: ["tests/integration/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // The same kind of tests, on a stack of their own (its own upstream, database and Redis
      // database), run by tests/run.mjs beside the other two projects: files that spend most of
      // their time waiting (token lifetimes, idle timeouts, an upstream restarted mid-stream) or
      // that change the upstream for everyone while they run (token TTL, injected faults), and the
      // access walk, which only reads and wants the demo data as seeded (ADR 012).
      {
        extends: true,
        test: {
          name: "integration-own-stack",
          include: OWN_STACK,
          globalSetup: ["tests/integration/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // The access walk: every route of the table for every role fixture in four spellings, some
      // thousands of page loads that only read the demo data as seeded. Its own stack, started
      // by tests/run.mjs once the own-stack files end; Playwright does not wait for it.
      {
        extends: true,
        test: {
          name: "integration-walk",
          include: WALK,
          globalSetup: ["tests/integration/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
