/**
 * Benchmark (not a test): what the safety check and notifications cost a sign-in, and how fast a
 * signed webhook reaches its receiver (issue 18; ADRs 028, 029). Against the reference upstream
 * (the kiosk calls it directly), with a receiver this script runs on loopback:
 *
 *  A. kiosk sign-ins with the safety check off and no notifications;
 *  B. the same with the group in hard mode against a block list of BENCH_BLOCK_LIST entries, and a
 *     webhook plus an email notification for every sign-in at the site: the sign-in's latency, and
 *     each webhook's time from the kiosk's answer to the receiver (the worker polls every 50 ms);
 *  C. sign-ins of a block-listed name: rejected (422), logged, a sign_in_rejected event each.
 *
 * Prints figures; asserts nothing.
 *
 *   npm run bench:notifications            (DATABASE_URL used when set; the block list is added through the API)
 *   BENCH_SIGN_INS=1000 BENCH_BLOCK_LIST=20000 npm run bench:notifications
 */
import { createServer } from "node:http";
import { upstreamAccess } from "../support/access";
import { startUpstream } from "../support/stack";

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 300);
const BLOCK_LIST = Number(process.env.BENCH_BLOCK_LIST ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const SECRET = `whsec_${Buffer.from("bench-webhook-secret-0123456789ab").toString("base64")}`;

const arrived = new Map<string, number>();
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    arrived.set(body.data?.visit?.name ?? "?", performance.now());
    res.writeHead(200).end("ok");
  });
});
// The upstream as a process of its own, as in the tests; its worker polls every 50 ms here.
const up = await startUpstream({ portalUrl: "http://localhost:9", env: { NOTIFY_POLL_MS: "50" } });
const port = up.notifyReceiverPort;
await new Promise<void>((r) => receiver.listen(port, "127.0.0.1", r));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};
async function hook(path: string, body: unknown) {
  const r = await fetch(`${up.url}/__test/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r.json() as Promise<any>;
}

try {
  const site = await hook("sites", { client: "eu:1", name: `Bench Gate ${Date.now()}`, all_groups: true });
  const groupId: number = site.groups.find((g: { name: string }) => g.name === "Visitors").id;
  const admin = await upstreamAccess(up.url, "admin@example.com");

  /** `n` kiosk sign-ins, `CONCURRENCY` at a time: each one's latency and when it was answered. */
  async function signIns(prefix: string, n: number, expectStatus: number) {
    const latencies: number[] = [];
    const answered = new Map<string, number>();
    let next = 0;
    let wrong = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < n; i = next++) {
          const name = n === 1 || prefix.startsWith("Mallory") ? prefix : `${prefix} ${i}`;
          const t0 = performance.now();
          const r = await fetch(`${up.url}/eu/api/v2/kiosk/sign-in`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Device ${site.device_token}` },
            body: JSON.stringify({ group_id: groupId, name }),
          });
          await r.arrayBuffer();
          const t1 = performance.now();
          if (r.status !== expectStatus) wrong++;
          latencies.push(t1 - t0);
          answered.set(name, t1);
        }
      }),
    );
    return { latencies, answered, wrong };
  }
  const row = (label: string, xs: number[], extra = "") =>
    console.log(`  ${label.padEnd(54)} p50 ${pct(xs, 50).toFixed(1).padStart(6)} ms   p95 ${pct(xs, 95).toFixed(1).padStart(6)} ms${extra}`);

  console.log(`Safety check and notifications: ${SIGN_INS} kiosk sign-ins at concurrency ${CONCURRENCY} (upstream DB: ${process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"})`);
  await signIns("Warm Up", 50, 200);
  const a = await signIns("Plain Visitor", SIGN_INS, 200);
  row("A. safety check off, no notifications", a.latencies, a.wrong ? `   (${a.wrong} unexpected)` : "");

  // The block list, through the API an administrator uses (10 at a time).
  const names = [...Array.from({ length: BLOCK_LIST }, (_, i) => `Blocked Person ${i}`), "Mallory Bench"];
  let k = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let i = k++; i < names.length; i = k++) {
        const r = await admin.send("POST", "block-list", { name: names[i] });
        if (r.status !== 200) throw new Error(`block-list: ${r.status} ${JSON.stringify(r.json)}`);
      }
    }),
  );
  await hook(`groups/${groupId}/safety-check`, { mode: "hard" });
  await hook("notifications", { client: "eu:1", site_id: site.id, trigger: "sign_in", channel: "webhook", url: `http://127.0.0.1:${port}/in`, secret: SECRET });
  await hook("notifications", { client: "eu:1", site_id: site.id, trigger: "sign_in", channel: "email", recipients: ["bench@acme.example"], subject: "Arrived" });
  await hook("notifications", { client: "eu:1", site_id: site.id, trigger: "sign_in_rejected", channel: "email", recipients: ["security@acme.example"], subject: "Turned away" });

  const startedB = performance.now();
  const b = await signIns("Checked Visitor", SIGN_INS, 200);
  row(`B. hard mode, ${BLOCK_LIST.toLocaleString("en-GB")} block-list entries, 2 notifications`, b.latencies, b.wrong ? `   (${b.wrong} unexpected)` : "");
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline && [...b.answered.keys()].some((n) => !arrived.has(n))) await new Promise((r) => setTimeout(r, 20));
  const lags = [...b.answered].filter(([n]) => arrived.has(n)).map(([n, t]) => arrived.get(n)! - t);
  row(`   webhook: kiosk answer → receiver (${lags.length} of ${SIGN_INS} arrived)`, lags);
  const all = Math.max(...[...arrived.values()]) - startedB;
  console.log(`  ${"   all webhooks delivered, from the first sign-in".padEnd(54)} ${(all / 1000).toFixed(2)} s (${((lags.length / all) * 1000).toFixed(0)} deliveries/s)`);

  const c = await signIns("Mallory Bench", 50, 422);
  row("C. a block-listed name, rejected (422)", c.latencies, c.wrong ? `   (${c.wrong} unexpected)` : "");
  const today = (await admin.get(`sites/${site.id}/visits/today`)) as { visits: { status: string; rejection_reason?: string | null }[] };
  const logged = today.visits.filter((v) => v.status === "rejected" && v.rejection_reason === "block_list_match").length;
  console.log(`  rejected sign-ins on Today: ${logged} (block list match)`);
} finally {
  await up.close();
  receiver.close();
}
