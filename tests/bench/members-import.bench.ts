/**
 * Benchmark (not a test): importing 10,000 members through the portal (issue 15 "Done when"; ADR
 * 018), signed in as an Acme administrator against the real reference upstream: the upload of a
 * CSV through the portal's streamed multipart handling to the upstream's preview (the portal never
 * holds the file), then the apply (one transaction). Reports the preview's and the apply's time,
 * and the portal process's resident memory (VmRSS, sampled every 20 ms) at its peak against idle.
 * Prints figures; asserts nothing.
 *
 *   npm run build && npm run bench:members-import      (REDIS_URL and DATABASE_URL used when set)
 *   BENCH_MEMBERS=20000 npm run bench:members-import
 */
import fs from "node:fs";
import os from "node:os";
import { upstreamAccess } from "../support/access";
import { WebClient } from "../support/client";
import { startStack } from "../support/stack";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const HEADER = "Member ID,Name,Email,Mobile,Start date,End date,Sites shown,Archived";

function rssBytes(pid: number): number {
  const m = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+)\s+kB/m);
  return m ? Number(m[1]) * 1024 : 0;
}
const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;

const stack = await startStack();
try {
  const pid = stack.portal.proc.child.pid!;
  const client = new WebClient(stack.portal.url);
  await client.post("/login", { email: "admin@example.com" });
  await client.post("/login", { password: "Demo-Passw0rd!" });
  const api = await upstreamAccess(stack.upstream.url, "admin@example.com");
  const group = (await api.send("POST", "groups", { name: `Bench import ${Date.now()}`, type: "returning" })).json as { id: number };
  const rows = Array.from({ length: MEMBERS }, (_, i) => `,Bench Member ${i},bench${i}@example.com,07911 ${String(100000 + (i % 900000)).slice(-6)},2026-01-01,,,no`);
  const file = Buffer.from(`${HEADER}\n${rows.join("\n")}\n`);
  // Warm the page (and its modules) once; then idle memory.
  await client.request(`/manage/group/${group.id}/members/import`);
  await new Promise((r) => setTimeout(r, 1000));
  const idle = rssBytes(pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);

  const fd = new FormData();
  fd.append("intent", "upload");
  fd.append("file", new Blob([new Uint8Array(file)], { type: "text/csv" }), "bench.csv");
  const t0 = performance.now();
  const up = await client.request(`/manage/group/${group.id}/members/import`, { method: "POST", body: fd });
  const previewMs = performance.now() - t0;
  const location = up.res.headers.get("location") ?? "";
  const id = new URL(location || "http://x/", "http://x").searchParams.get("preview");
  if (up.res.status !== 303 || !id) throw new Error(`upload answered ${up.res.status}: ${up.body.slice(0, 300)}`);
  const t1 = performance.now();
  const shown = await client.request(location);
  const previewPageMs = performance.now() - t1;
  const t2 = performance.now();
  const applied = await client.post(`/manage/group/${group.id}/members/import?preview=${id}`, { intent: "apply", preview: id }, { follow: false });
  const applyMs = performance.now() - t2;
  clearInterval(sampler);
  peak = Math.max(peak, rssBytes(pid));
  if (applied.res.status !== 303) throw new Error(`apply answered ${applied.res.status}`);
  const total = (await api.get(`groups/${group.id}/members`)).total as number;
  console.log(
    [
      `Members import through the portal: ${MEMBERS} rows, ${mb(file.length)} CSV (upstream DB: ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}; ${os.cpus().length} cores)`,
      `  upload + preview (303):   ${previewMs.toFixed(0)} ms`,
      `  preview page (GET):       ${previewPageMs.toFixed(0)} ms (${shown.res.status})`,
      `  apply (303):              ${applyMs.toFixed(0)} ms`,
      `  members stored:           ${total}`,
      `  portal RSS idle → peak:   ${mb(idle)} → ${mb(peak)} (+${mb(peak - idle)})`,
    ].join("\n"),
  );
} finally {
  await stack.close();
}
