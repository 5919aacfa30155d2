/**
 * A test hook of the upload readers (registered with the others when UPSTREAM_TEST_HOOKS=1):
 * GET /__test/uploads answers the process's resident memory and what its temp dir holds, so a test
 * over HTTP can show that a hostile upload leaves neither behind (issue 24 §2).
 */
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import type { TestHook } from "./testhooks.ts";

export function testHooks(): TestHook[] {
  return [
    {
      method: "GET",
      path: "/__test/uploads",
      handler: async () => ({
        body: { rss: process.memoryUsage().rss, tmpdir: tmpdir(), entries: (await readdir(tmpdir()).catch(() => [])).sort() },
      }),
    },
  ];
}
