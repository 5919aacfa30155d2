/**
 * Benchmark (not a test): `npm start` on a fresh data folder, from launch to the first 200 on
 * /login (upstream migrations + demo seed + portal start; the build is assumed done).
 *
 *   node --import tsx tests/bench/startup.bench.ts
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { ROOT, freePort } from "../support/stack";

for (const label of ["fresh data folder", "existing data folder"]) {
  const dataDir = label.startsWith("fresh") ? fs.mkdtempSync(path.join(os.tmpdir(), "gh-bench-")) : (globalThis as any).__dir;
  (globalThis as any).__dir = dataDir;
  const [port, upstreamPort] = [await freePort(), await freePort()];
  const t0 = performance.now();
  const child = spawn(process.execPath, ["upstream/tools/start.mjs"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), UPSTREAM_PORT: String(upstreamPort), DATA_DIR: dataDir, LOG_REQUESTS: "0", UPSTREAM_LOG: "0" },
    stdio: "ignore",
  });
  let ms = -1;
  while (performance.now() - t0 < 120_000) {
    try {
      if ((await fetch(`http://localhost:${port}/login`)).status === 200) {
        ms = performance.now() - t0;
        break;
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 25));
  }
  console.log(`npm start → first 200 on /login (${label}): ${(ms / 1000).toFixed(2)} s`);
  child.kill("SIGINT");
  await new Promise((r) => child.once("exit", r));
}
