/**
 * Benchmark (not a test): the SSE relay (GET /realtime?channels=private-Site.1) with 1,000 and
 * 5,000 concurrent streams on ONE portal process, against the real reference upstream (its
 * Pusher-protocol server) and the session store. For each size, on a fresh portal process:
 * how many streams it holds (each got its `subscribed` event), how long connecting them took,
 * the memory they cost (VmRSS of the portal process, and the V8 heap reported by a probe preloaded
 * into the portal, after a forced GC), and the latency from a broadcast fired through the
 * upstream's test hook to its receipt by every stream. Prints figures; asserts nothing.
 *
 *   npm run build && npm run bench:realtime           (store: Redis when REDIS_URL is set, else in-memory)
 *   BENCH_SIZES=1000,5000 BENCH_USERS=50 BENCH_WAVE=100 BENCH_BROADCASTS=30 BENCH_SPACING_MS=400 npm run bench:realtime
 *   BENCH_PROBE=0 npm run bench:realtime               (nothing preloaded in the portal: RSS only, no heap, no forced GC)
 *   BENCH_HEARTBEAT_MS=15000                           (the portal's REALTIME_HEARTBEAT_MS; default: the portal's own)
 *
 * Latencies are measured in this process (performance.now() before the hook call → the moment the
 * stream's bytes are handled here), so they include the hook's HTTP round trip, the upstream's
 * websocket send, the portal's fan-out, and this process's own time to read 5,000 sockets; all of
 * it shares the machine with the portal, the upstream and Redis (the load average is printed).
 * Streams are opened BENCH_WAVE at a time: each costs the portal a GET config and (batched per
 * user per 100 ms) a broadcasting/auth call upstream, and the portal gives up on the upstream
 * after UPSTREAM_TIMEOUT_MS (10 s), which is what fails first when the upstream is saturated.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { WebClient } from "../support/client";
import { createUpstreamUser, uniqueEmail, upstreamHook } from "../support/hooks";
import { freePort, portalEnv, startPortal, startUpstream, type PortalHandle } from "../support/stack";

const SIZES = (process.env.BENCH_SIZES ?? "1000,5000").split(",").map(Number).filter((n) => n > 0);
const USERS = Number(process.env.BENCH_USERS ?? 50);
const WAVE = Number(process.env.BENCH_WAVE ?? 100);
const BROADCASTS = Number(process.env.BENCH_BROADCASTS ?? 30);
const SPACING_MS = Number(process.env.BENCH_SPACING_MS ?? 400);
const PROBE = process.env.BENCH_PROBE !== "0";
const CHANNEL = "private-Site.1";
const SUBSCRIBE_TIMEOUT_MS = 30_000;
const PASSWORD = "Demo-Passw0rd!";
const IDLE_MS = 5000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function pct(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

// ---------------------------------------------------------------------------------------------
// The portal process, seen from outside (/proc) and from inside (a preloaded probe, when enabled).

function rssBytes(pid: number): number {
  const m = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+)\s+kB/m);
  return m ? Number(m[1]) * 1024 : NaN;
}
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in USER_HZ (100)
}

interface Inside {
  heapUsed: number;
  heapTotal: number;
  external: number;
  listeners: number;
  pusherState: string;
}

/**
 * A probe preloaded into the portal (NODE_OPTIONS=--expose-gc --require probe.cjs): on SIGUSR2 it
 * collects garbage twice and writes its memory and its hub's listener count to a file. Nothing
 * of it runs in the portal until signalled.
 */
const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), "gh-rtbench-"));
const probeScript = path.join(probeDir, "probe.cjs");
fs.writeFileSync(
  probeScript,
  `const fs = require("node:fs");
process.on("SIGUSR2", () => {
  if (typeof globalThis.gc === "function") { globalThis.gc(); globalThis.gc(); }
  const m = process.memoryUsage();
  const hubs = [...(globalThis.__gatehouseHubs?.values() ?? [])].map((h) => h.stats());
  const listeners = hubs.reduce((n, h) => n + (h.channels[${JSON.stringify(CHANNEL)}] ?? 0), 0);
  const out = process.env.BENCH_PROBE_OUT;
  fs.writeFileSync(out + ".tmp", JSON.stringify({ heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, listeners, pusherState: hubs.map((h) => h.state).join(",") }));
  fs.renameSync(out + ".tmp", out);
});
`,
);
const probeOut = path.join(probeDir, "probe.json");

async function inside(pid: number): Promise<Inside | undefined> {
  if (!PROBE) return undefined;
  fs.rmSync(probeOut, { force: true });
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 100; i++) {
    await sleep(50);
    if (fs.existsSync(probeOut)) return JSON.parse(fs.readFileSync(probeOut, "utf8")) as Inside;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// One SSE stream on a raw socket, parsed minimally.

interface Stream {
  req: http.ClientRequest;
  subscribed: Promise<"subscribed" | string>;
  /** receipt time (performance.now()) by broadcast sequence number */
  received: Map<number, number>;
  dropped: boolean;
  ended: boolean;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
let onMessage: (seq: number, at: number) => void = () => {};

function openStream(port: number, cookie: string): Stream {
  const req = http.request({
    host: "127.0.0.1",
    port,
    path: `/realtime?channels=${encodeURIComponent(CHANNEL)}`,
    headers: { cookie, accept: "text/event-stream" },
    agent,
  });
  const stream: Stream = { req, subscribed: undefined as never, received: new Map(), dropped: false, ended: false };
  let settle: (v: string) => void = () => {};
  stream.subscribed = new Promise((resolve) => {
    let done = false;
    const timer = setTimeout(() => settle("timeout"), SUBSCRIBE_TIMEOUT_MS);
    settle = (v) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(v);
    };
  });
  req.on("error", (err: NodeJS.ErrnoException) => {
    stream.dropped = true;
    settle(`error ${err.code ?? err.message}`);
  });
  req.on("response", (res) => {
    if (res.statusCode !== 200) {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => settle(`status ${res.statusCode}${body && body.length < 200 ? ` "${body.trim()}"` : ""}`));
      res.on("error", () => settle(`status ${res.statusCode}`));
      return;
    }
    res.setEncoding("utf8");
    let buf = "";
    res.on("data", (chunk: string) => {
      const at = performance.now();
      buf += chunk;
      let end: number;
      while ((end = buf.indexOf("\n\n")) >= 0) {
        const frame = buf.slice(0, end);
        buf = buf.slice(end + 2);
        let event = "message";
        let data = "";
        for (const line of frame.split("\n")) {
          if (line.startsWith("event: ")) event = line.slice(7);
          else if (line.startsWith("data: ")) data += line.slice(6);
        }
        if (event === "message" && data) {
          const seq = (JSON.parse(data) as { data?: { seq?: number } }).data?.seq;
          if (typeof seq === "number" && !stream.received.has(seq)) {
            stream.received.set(seq, at);
            onMessage(seq, at);
          }
        } else if (event === "subscribed") settle("subscribed");
        else if (event === "refused") settle("refused");
        else if (event === "ended") {
          stream.ended = true;
          settle("ended");
        } else if (event === "status" && data.includes("unavailable")) settle("unavailable");
      }
    });
    res.on("close", () => {
      stream.dropped = true;
      settle("closed");
    });
  });
  req.end();
  return stream;
}

// ---------------------------------------------------------------------------------------------

interface Result {
  n: number;
  connected: number;
  failed: Record<string, number>;
  connectSeconds: number;
  subscribeMs: number[];
  connectCpu: number;
  connectUpstreamCpu: number;
  rssBefore: number;
  rssAfter: number;
  heapBefore?: number;
  heapAfter?: number;
  listeners?: number;
  upstreamCalls: Record<string, number>;
  droppedDuringHold: number;
  receipts: number;
  missing: number;
  all: number[];
  last: number[];
  first: number[];
  hookMs: number[];
  idleCpuPerSecond: number;
  cpuPerBroadcastMs: number;
  broadcastCpu: number;
  benchCpu: number;
  portalLog: string[];
}

/** The portal's warnings and errors (structured log lines), counted by message. */
function portalProblems(portal: PortalHandle): string[] {
  const counts = new Map<string, number>();
  for (const line of portal.proc.output.join("").split("\n")) {
    let entry: { level?: string; msg?: string; error?: unknown; route?: string; status?: number };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (!["warn", "error", "fatal"].includes(entry.level ?? "")) continue;
    const detail = [entry.route, entry.status, typeof entry.error === "string" ? entry.error.slice(0, 100) : undefined].filter(Boolean).join(" ");
    const key = `${entry.level} ${entry.msg}${detail ? ` (${detail})` : ""}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, v]) => `${v}× ${k}`);
}

async function signInAll(portalUrl: string, emails: string[]): Promise<string[]> {
  const cookies: string[] = new Array(emails.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 5 }, async () => {
      while (next < emails.length) {
        const i = next++;
        const client = new WebClient(portalUrl, { "accept-language": "en-GB" });
        await client.post("/login", { email: emails[i]! });
        await client.post("/login", { password: PASSWORD });
        if (client.cookies.size === 0) throw new Error(`sign-in failed for ${emails[i]}`);
        cookies[i] = client.cookieHeader();
      }
    }),
  );
  return cookies;
}

async function runSize(n: number, upstreamPid: number, upstreamUrl: string, portalPort: number, redisUrl: string | undefined, emails: string[]): Promise<Result> {
  const extra: Record<string, string> = {};
  if (PROBE) Object.assign(extra, { NODE_OPTIONS: `--expose-gc --require ${probeScript}`, BENCH_PROBE_OUT: probeOut });
  if (process.env.BENCH_HEARTBEAT_MS) extra.REALTIME_HEARTBEAT_MS = process.env.BENCH_HEARTBEAT_MS;
  // Every simulated user signs in from this one address: lift the portal's per-address flood cap.
  extra.THROTTLE_LOGIN_IP = "1000000/60";
  const portal = await startPortal({ port: portalPort, env: portalEnv(upstreamUrl, redisUrl, extra) });
  const pid = portal.proc.child.pid!;
  const streams: Stream[] = [];
  try {
    const cookies = await signInAll(portal.url, emails);
    // Warm-up, not counted: one held stream creates the hub's Pusher connection and subscription.
    const warm = openStream(portalPort, cookies[0]!);
    streams.push(warm);
    if ((await warm.subscribed) !== "subscribed") throw new Error(`warm-up stream not subscribed\n${portal.proc.output.join("").slice(-2000)}`);
    await sleep(1000);
    const before = await inside(pid);
    await sleep(500);
    const rssBefore = rssBytes(pid);

    await upstreamHook(upstreamUrl, "POST", "stats/reset");
    const cpu0 = cpuSeconds(pid);
    const upstreamCpu0 = cpuSeconds(upstreamPid);
    const t0 = performance.now();
    const failed: Record<string, number> = {};
    const held: Stream[] = [];
    const subscribeMs: number[] = [];
    let nextIndex = 0;
    await Promise.all(
      Array.from({ length: Math.min(WAVE, n) }, async () => {
        while (nextIndex < n) {
          const i = nextIndex++;
          const opened = performance.now();
          const s = openStream(portalPort, cookies[i % cookies.length]!);
          streams.push(s);
          const outcome = await s.subscribed;
          if (outcome === "subscribed") {
            held.push(s);
            subscribeMs.push(performance.now() - opened);
          } else failed[outcome] = (failed[outcome] ?? 0) + 1;
        }
      }),
    );
    const connectSeconds = (performance.now() - t0) / 1000;
    subscribeMs.sort((a, b) => a - b);
    const connectCpu = cpuSeconds(pid) - cpu0;
    const connectUpstreamCpu = cpuSeconds(upstreamPid) - upstreamCpu0;
    const upstreamCalls = (await upstreamHook<{ calls: Record<string, number> }>(upstreamUrl, "GET", "stats")).calls;

    await sleep(3000);
    // Idle cost of the held streams (heartbeats every REALTIME_HEARTBEAT_MS, each a session-store read).
    const idle0 = cpuSeconds(pid);
    await sleep(IDLE_MS);
    const idleCpuPerSecond = (cpuSeconds(pid) - idle0) / (IDLE_MS / 1000);
    const after = await inside(pid);
    await sleep(500);
    const rssAfter = rssBytes(pid);

    // Broadcasts: per-stream latency, and the time until the first and the last stream had it.
    const sentAt = new Map<number, number>();
    const hookMs: number[] = [];
    const lastAt = new Map<number, number>();
    const firstAt = new Map<number, number>();
    onMessage = (seq, at) => {
      if ((lastAt.get(seq) ?? 0) < at) lastAt.set(seq, at);
      if ((firstAt.get(seq) ?? Infinity) > at) firstAt.set(seq, at);
    };
    const cpu1 = cpuSeconds(pid);
    const bench1 = process.cpuUsage();
    const window0 = performance.now();
    for (let seq = 0; seq < BROADCASTS; seq++) {
      const sent = performance.now();
      sentAt.set(seq, sent);
      await upstreamHook(upstreamUrl, "POST", "broadcast", { channel: CHANNEL, event: "SignInEvent", data: { seq, visit: { id: seq, name: "Bench Visitor", host: "Alice Admin" } } });
      hookMs.push(performance.now() - sent);
      await sleep(SPACING_MS);
    }
    await sleep(2000);
    const broadcastCpu = cpuSeconds(pid) - cpu1;
    const windowSeconds = (performance.now() - window0) / 1000;
    const benchUsage = process.cpuUsage(bench1);
    const benchCpu = (benchUsage.user + benchUsage.system) / 1e6;
    onMessage = () => {};

    const all: number[] = [];
    let missing = 0;
    for (const s of held) {
      for (let seq = 0; seq < BROADCASTS; seq++) {
        const at = s.received.get(seq);
        if (at === undefined) missing++;
        else all.push(at - sentAt.get(seq)!);
      }
    }
    const last = [...sentAt].filter(([seq]) => lastAt.has(seq)).map(([seq, t]) => lastAt.get(seq)! - t);
    const first = [...sentAt].filter(([seq]) => firstAt.has(seq)).map(([seq, t]) => firstAt.get(seq)! - t);
    all.sort((a, b) => a - b);
    last.sort((a, b) => a - b);
    first.sort((a, b) => a - b);
    hookMs.sort((a, b) => a - b);
    return {
      n,
      connected: held.length,
      failed,
      connectSeconds,
      subscribeMs,
      connectCpu,
      connectUpstreamCpu,
      rssBefore,
      rssAfter,
      heapBefore: before?.heapUsed,
      heapAfter: after?.heapUsed,
      listeners: after ? after.listeners - 1 : undefined, // less the warm-up stream
      upstreamCalls,
      droppedDuringHold: held.filter((s) => s.dropped || s.ended).length,
      receipts: all.length,
      missing,
      all,
      last,
      first,
      hookMs,
      idleCpuPerSecond,
      cpuPerBroadcastMs: ((broadcastCpu - idleCpuPerSecond * windowSeconds) / BROADCASTS) * 1000,
      broadcastCpu,
      benchCpu,
      portalLog: portalProblems(portal),
    };
  } finally {
    for (const s of streams) s.req.destroy();
    await sleep(500);
    await portal.close();
  }
}

// ---------------------------------------------------------------------------------------------

const redisUrl = process.env.REDIS_URL;
const loadAtStart = os.loadavg();
const portalPort = await freePort();
const upstream = await startUpstream({ portalUrl: `http://localhost:${portalPort}` });
const results: Result[] = [];
try {
  const emails = await Promise.all(
    Array.from({ length: USERS }, async (_, i) => {
      const email = uniqueEmail(`rtbench${i}`);
      await createUpstreamUser(upstream.url, { email });
      return email;
    }),
  );
  for (const n of SIZES) {
    process.stderr.write(`… ${n} streams\n`);
    results.push(await runSize(n, upstream.proc.child.pid!, upstream.url, portalPort, redisUrl, emails));
  }
} finally {
  await upstream.close();
  agent.destroy();
  fs.rmSync(probeDir, { recursive: true, force: true });
}

const cpu = os.cpus();
console.log(`\nSSE relay on one portal process — ${cpu.length} cores (${cpu[0]?.model.trim()}), ${mb(os.totalmem())} MB RAM, Node ${process.version}`);
console.log(`load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(" ")}, at end ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
console.log(`store: ${redisUrl ? `Redis ${redisUrl}` : "in-memory (REDIS_URL unset)"}; upstream database ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}; ${USERS} users (one session each), streams opened ${WAVE} at a time; channel ${CHANNEL}; heap ${PROBE ? "after forced GC (probe preloaded)" : "not measured"}`);
console.log("\nConnections and memory (fresh portal per size; 'before' = after sign-ins and one warm-up stream)");
console.log("| streams | subscribed | failed | connect all s | per stream p50/p99 ms | portal / upstream CPU s | RSS before MB | RSS after MB | RSS/stream KB | heap before MB | heap after MB | heap/stream KB | hub listeners |");
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of results) {
  const failed = Object.entries(r.failed).map(([k, v]) => `${v} ${k}`).join(", ") || "0";
  const heap = r.heapBefore !== undefined && r.heapAfter !== undefined;
  console.log(
    `| ${r.n} | ${r.connected} | ${failed} | ${r.connectSeconds.toFixed(1)} | ${pct(r.subscribeMs, 50).toFixed(0)}/${pct(r.subscribeMs, 99).toFixed(0)} | ${r.connectCpu.toFixed(1)} / ${r.connectUpstreamCpu.toFixed(1)} | ${mb(r.rssBefore)} | ${mb(r.rssAfter)} | ${((r.rssAfter - r.rssBefore) / 1024 / r.connected).toFixed(1)} | ${heap ? mb(r.heapBefore!) : "-"} | ${heap ? mb(r.heapAfter!) : "-"} | ${heap ? ((r.heapAfter! - r.heapBefore!) / 1024 / r.connected).toFixed(1) : "-"} | ${r.listeners ?? "-"} |`,
  );
}
console.log("\nUpstream calls while connecting (per subscribed stream)");
for (const r of results) {
  const calls = Object.entries(r.upstreamCalls)
    .map(([k, v]) => `${k} ${v} (${(v / Math.max(1, r.connected)).toFixed(2)})`)
    .join(", ");
  console.log(`- ${r.n} streams: ${calls}`);
}
console.log(`\nBroadcast → receipt, ${BROADCASTS} broadcasts ${SPACING_MS} ms apart through POST /__test/broadcast`);
console.log("| streams | receipts | missing | dropped/ended | p50 ms | p99 ms | max ms | hook answer p50 ms | first stream p50 ms | last stream p50 ms | last stream p99 ms | portal CPU idle %/s | portal CPU per broadcast ms | bench CPU s |");
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of results) {
  console.log(
    `| ${r.n} | ${r.receipts} | ${r.missing} | ${r.droppedDuringHold} | ${pct(r.all, 50).toFixed(1)} | ${pct(r.all, 99).toFixed(1)} | ${(r.all.at(-1) ?? NaN).toFixed(1)} | ${pct(r.hookMs, 50).toFixed(1)} | ${pct(r.first, 50).toFixed(1)} | ${pct(r.last, 50).toFixed(1)} | ${pct(r.last, 99).toFixed(1)} | ${(r.idleCpuPerSecond * 100).toFixed(0)} | ${r.cpuPerBroadcastMs.toFixed(0)} | ${r.benchCpu.toFixed(1)} |`,
  );
}
console.log("\nPortal warnings and errors (its structured log)");
for (const r of results) console.log(`- ${r.n} streams: ${r.portalLog.join("; ") || "none"}`);
