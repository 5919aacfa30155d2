import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL(".", import.meta.url).pathname,
    include: ["src/**/*.test.ts"],
    // One migrated and seeded template database per run, copied by each file's upstream.
    globalSetup: ["src/test-global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
