/**
 * Benchmark (not a test): an evacuee marked on one device, until 100 other connected viewers of
 * the report have it. One portal process, the real reference upstream (PostgreSQL when
 * DATABASE_URL is set, else PGlite), the session store (Redis when REDIS_URL is set).
 *
 *   npm run build && npm run bench:evacuation
 *   BENCH_VIEWERS=100 BENCH_USERS=20 BENCH_MARKS=60 BENCH_SPACING_MS=250 BENCH_EVACUEES=40 npm run bench:evacuation
 *
 * The marking device is a signed-in session posting the report's mark form (what a browser sends,
 * with or without JavaScript: the portal's action calls PATCH evacuations/{id}/evacuees/{id}, the
 * upstream commits and broadcasts EvacueeUpdatedEvent, the portal's relay fans it out). Each viewer
 * is an SSE stream of the report's channel (private-Evacuation.{id}) that applies each event to
 * its copy of the report by the page's own counter rules (ReportSync), as the page does before it
 * renders. Latency: from just before the mark's POST to the moment a viewer has applied it (the
 * browser's DOM update after that is not included). Prints figures; asserts nothing.
 */
import http from "node:http";
import os from "node:os";
import { performance } from "node:perf_hooks";
import type { EvacuationReport } from "@contract";
import { ReportSync } from "../../app/features/evacuations/counter";
import { upstreamAccess } from "../support/access";
import { WebClient } from "../support/client";
import { createUpstreamSite, createUpstreamUser, kioskSignIn, uniqueEmail } from "../support/hooks";
import { freePort, portalEnv, sharedRedis, startPortal, startUpstream } from "../support/stack";

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 100);
const USERS = Number(process.env.BENCH_USERS ?? 20);
const MARKS = Number(process.env.BENCH_MARKS ?? 60);
const SPACING_MS = Number(process.env.BENCH_SPACING_MS ?? 250);
const EVACUEES = Number(process.env.BENCH_EVACUEES ?? 40);
const PASSWORD = "Demo-Passw0rd!";
const STATUSES = ["accounted_for", "missing", "left_site", "unaccounted"] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function signedIn(portalUrl: string, email: string): Promise<WebClient> {
  const client = new WebClient(portalUrl, { "accept-language": "en-GB" });
  await client.post("/login", { email });
  await client.post("/login", { password: PASSWORD });
  if (client.cookies.size === 0) throw new Error(`sign-in failed for ${email}`);
  return client;
}

interface Viewer {
  sync: ReportSync;
  subscribed: Promise<string>;
  reloads: number;
  req: http.ClientRequest;
}

/** One viewer: an SSE stream of the channel, applying events by the counter rules. */
function openViewer(port: number, cookie: string, channel: string, report: EvacuationReport, onApplied: (viewer: Viewer, r: EvacuationReport) => void): Viewer {
  const viewer = { reloads: 0 } as Viewer;
  viewer.sync = new ReportSync(
    (r) => onApplied(viewer, r),
    () => {
      viewer.reloads++;
    },
  );
  viewer.sync.loaded(report);
  viewer.req = http.request({ host: "127.0.0.1", port, path: `/realtime?channels=${encodeURIComponent(channel)}`, headers: { cookie, accept: "text/event-stream" } });
  viewer.subscribed = new Promise((resolve) => {
    viewer.req.on("error", (e) => resolve(`error ${e.message}`));
    viewer.req.on("response", (res) => {
      if (res.statusCode !== 200) return resolve(`status ${res.statusCode}`);
      res.setEncoding("utf8");
      let buf = "";
      res.on("data", (chunk: string) => {
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
          if (event === "subscribed") resolve("subscribed");
          else if (event === "refused") resolve("refused");
          else if (event === "message" && data) {
            const m = JSON.parse(data) as { event: string; data: unknown };
            viewer.sync.receive({ event: m.event, data: m.data });
          }
        }
      });
    });
  });
  viewer.req.end();
  return viewer;
}

const redis = await sharedRedis();
const portalPort = await freePort();
const upstream = await startUpstream({ portalUrl: `http://localhost:${portalPort}` });
const portal = await startPortal({ port: portalPort, env: portalEnv(upstream.url, redis.url) });
try {
  // A site of its own with EVACUEES people on it, and an evacuation of it.
  const site = await createUpstreamSite(upstream.url, { client: "eu:1", name: `Bench evacuation ${Date.now()}`, all_groups: true, evacuation_points: ["Car park"] });
  const visitors = site.groups.find((g) => g.name === "Visitors")!.id;
  for (let i = 0; i < EVACUEES; i++) await kioskSignIn(upstream.url, "eu", site.device_token, { group_id: visitors, name: `Evacuee ${i + 1}` });
  const emails = Array.from({ length: USERS + 1 }, (_, i) => uniqueEmail(`evac-bench-${i}`));
  for (const email of emails) await createUpstreamUser(upstream.url, { email, role: "Administrator", site_ids: [site.id], name: email.split("@")[0] });
  const marker = await signedIn(portal.url, emails[0]!);
  const { send, get } = await upstreamAccess(upstream.url, emails[0]!);
  const started = await send("POST", `sites/${site.id}/evacuations`, {});
  const id = started.json.id as number;
  const report = (await get(`evacuations/${id}`)) as EvacuationReport;
  const channel = `private-Evacuation.${id}`;

  // Viewers: USERS sessions, VIEWERS streams between them.
  const sessions = await Promise.all(emails.slice(1).map((e) => signedIn(portal.url, e)));
  const expecting = new Map<string, { at: number; seen: Set<Viewer>; times: number[] }>();
  const onApplied = (viewer: Viewer, r: EvacuationReport) => {
    const now = performance.now();
    for (const [key, mark] of expecting) {
      const [evacueeId, status] = key.split(":");
      if (mark.seen.has(viewer)) continue;
      if (r.evacuees.some((x) => String(x.id) === evacueeId && x.status === status)) {
        mark.seen.add(viewer);
        mark.times.push(now - mark.at);
      }
    }
  };
  const viewers: Viewer[] = [];
  for (let i = 0; i < VIEWERS; i++) viewers.push(openViewer(portalPort, sessions[i % sessions.length]!.cookieHeader(), channel, report, onApplied));
  const outcomes = await Promise.all(viewers.map((v) => v.subscribed));
  const held = outcomes.filter((o) => o === "subscribed").length;
  await sleep(1000);

  const posts: number[] = [];
  const all: number[] = [];
  const last: number[] = [];
  let incomplete = 0;
  const load0 = os.loadavg()[0]!;
  for (let i = 0; i < MARKS; i++) {
    const evacuee = report.evacuees[i % report.evacuees.length]!;
    // Each mark changes the status (a mark to the status it already has would send nothing new to wait for).
    const status = STATUSES[Math.floor(i / report.evacuees.length) % STATUSES.length]!;
    const key = `${evacuee.id}:${status}`;
    const mark = { at: performance.now(), seen: new Set<Viewer>(), times: [] as number[] };
    expecting.set(key, mark);
    const { res } = await marker.request(`/reports/evacuations/${id}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "mark", evacueeId: String(evacuee.id), name: evacuee.name, status }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    posts.push(performance.now() - mark.at);
    if (res.status !== 303) throw new Error(`mark answered ${res.status}`);
    const until = performance.now() + 5000;
    while (mark.seen.size < held && performance.now() < until) await sleep(5);
    if (mark.seen.size < held) incomplete++;
    all.push(...mark.times);
    if (mark.times.length) last.push(Math.max(...mark.times));
    expecting.delete(key);
    await sleep(SPACING_MS);
  }
  all.sort((a, b) => a - b);
  last.sort((a, b) => a - b);
  posts.sort((a, b) => a - b);
  const reloads = viewers.reduce((n, v) => n + v.reloads, 0);
  console.log(`evacuation bench: ${held}/${VIEWERS} viewers held (${USERS} sessions), ${EVACUEES} evacuees, ${MARKS} marks ${SPACING_MS} ms apart; store ${redis.url ? "Redis" : "in-memory"}; upstream database ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}; ${os.cpus().length} cores, load ${load0.toFixed(2)}`);
  console.log(`  mark → applied on each viewer (${all.length} receipts): p50 ${ms(pct(all, 50))}, p95 ${ms(pct(all, 95))}, p99 ${ms(pct(all, 99))}, max ${ms(all.at(-1) ?? NaN)}`);
  console.log(`  mark → the last of the viewers has it:        p50 ${ms(pct(last, 50))}, p99 ${ms(pct(last, 99))}, max ${ms(last.at(-1) ?? NaN)}`);
  console.log(`  the marking device's own POST → 303:          p50 ${ms(pct(posts, 50))}, p99 ${ms(pct(posts, 99))}`);
  console.log(`  marks not seen by every viewer within 5 s: ${incomplete}; reloads asked for by the counter rules: ${reloads}`);
  for (const v of viewers) v.req.destroy();
} finally {
  await portal.close();
  await upstream.close();
  await redis.close();
}
