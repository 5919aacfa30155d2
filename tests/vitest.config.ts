import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");

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
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/integration/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
