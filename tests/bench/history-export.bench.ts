/**
 * Benchmark (not a test): exporting 31 days of the busy client's history through the portal
 * (issue 17 "Done when"; ADR 025). Starts a stack against the real reference upstream, makes the
 * busy client (120,000 visits over 13 months; the test hook `POST /__test/busy-client`, once), signs
 * in as its administrator and downloads the last 31 days as CSV and as XLSX through
 * `/reports/history/export`, reading the body as it streams. Reports the time to the first byte,
 * the total time, the size and rows, and the portal process's resident memory (VmRSS, sampled
 * every 10 ms) at its peak against idle. Aims: first byte < 300 ms, whole file < 2 s, flat memory.
 * Prints figures; asserts nothing.
 *
 *   npm run build && npm run bench:history-export     (REDIS_URL and DATABASE_URL used when set)
 */
import fs from "node:fs";
import os from "node:os";
import { WebClient } from "../support/client";
import { startStack } from "../support/stack";

function rssBytes(pid: number): number {
  const m = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+)\s+kB/m);
  return m ? Number(m[1]) * 1024 : 0;
}
const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const stack = await startStack();
try {
  const pid = stack.portal.proc.child.pid!;
  const t0 = performance.now();
  const seeded = await stack.upstream.hook<{ visits: number; ms: number; created: boolean }>("POST", "busy-client");
  const seedMs = performance.now() - t0;
  const client = new WebClient(stack.portal.url);
  await client.post("/login", { email: "busy@example.com" });
  await client.post("/login", { password: "Demo-Passw0rd!" });
  const from = day(-30);
  const to = day(0);
  const list = await client.request(`/reports/history?from=${from}&to=${to}`);
  if (list.res.status !== 200) throw new Error(`history page answered ${list.res.status}`);
  // Warm once (modules, connections), then idle memory.
  await (await client.request(`/reports/history/export?format=csv&from=${day(-1)}&to=${to}`)).body;
  await new Promise((r) => setTimeout(r, 1000));
  const lines: string[] = [
    `History export through the portal: the busy client (${seeded.visits} visits over 13 months; made in ${seedMs.toFixed(0)} ms${seeded.created ? "" : ", already there"}), ${from} to ${to} (upstream DB: ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}; ${os.cpus().length} cores)`,
  ];
  for (const format of ["csv", "xlsx"] as const) {
    const idle = rssBytes(pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 10);
    const start = performance.now();
    const res = await fetch(`${stack.portal.url}/reports/history/export?format=${format}&from=${from}&to=${to}`, { headers: { cookie: client.cookieHeader() } });
    if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
    const reader = res.body.getReader();
    let first = 0;
    let bytes = 0;
    let newlines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!first) first = performance.now() - start;
      bytes += value.byteLength;
      if (format === "csv") for (const b of value) if (b === 10) newlines++;
    }
    const total = performance.now() - start;
    clearInterval(sampler);
    peak = Math.max(peak, rssBytes(pid));
    lines.push(
      `  ${format.toUpperCase()}: first byte ${first.toFixed(0)} ms, whole file ${total.toFixed(0)} ms, ${mb(bytes)}${format === "csv" ? `, ${newlines - 1} rows` : ""}; portal RSS idle → peak ${mb(idle)} → ${mb(peak)} (+${mb(peak - idle)})`,
    );
  }
  console.log(lines.join("\n"));
} finally {
  await stack.close();
}
