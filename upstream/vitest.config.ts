import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL(".", import.meta.url).pathname,
    include: ["src/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
