/**
 * Benchmark (not a test): the portal's latency under 50 concurrent requests, for the anonymous
 * GET /login and an authenticated GET /today (session read + GET config upstream + render),
 * against the real reference upstream and Redis. Prints figures; asserts nothing.
 *
 *   npm run build && npm run bench            (REDIS_URL used when set)
 *   BENCH_REQUESTS=5000 BENCH_CONCURRENCY=50 npm run bench
 */
import { performance } from "node:perf_hooks";
import { Agent, request } from "undici";
import { WebClient } from "../support/client";
import { startStack } from "../support/stack";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const WARMUP = 200;

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function load(url: string, cookie: string | undefined, total: number) {
  const agent = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 10_000 });
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        next++;
        const t0 = performance.now();
        const res = await request(url, { dispatcher: agent, headers: cookie ? { cookie } : {} });
        await res.body.dump();
        if (res.statusCode !== 200) errors++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  latencies.sort((a, b) => a - b);
  return { n: latencies.length, errors, rps: latencies.length / seconds, p50: pct(latencies, 50), p90: pct(latencies, 90), p99: pct(latencies, 99) };
}

const stack = await startStack();
try {
  const client = new WebClient(stack.portal.url);
  await client.post("/login", { email: "admin@example.com" });
  await client.post("/login", { password: "Demo-Passw0rd!" });
  const cookie = client.cookieHeader();
  const results: Record<string, Awaited<ReturnType<typeof load>>> = {};
  for (const [name, path, auth] of [
    ["GET /login (anonymous)", "/login", false],
    ["GET /today (signed in)", "/today", true],
  ] as const) {
    await load(`${stack.portal.url}${path}`, auth ? cookie : undefined, WARMUP);
    results[name] = await load(`${stack.portal.url}${path}`, auth ? cookie : undefined, REQUESTS);
  }
  console.log(`\nPortal latency, ${REQUESTS} requests at concurrency ${CONCURRENCY} (store: ${process.env.REDIS_URL ? "Redis " + process.env.REDIS_URL : "throwaway redis-server"})`);
  console.log("| request | p50 ms | p90 ms | p99 ms | req/s | non-200 |");
  console.log("|---|---|---|---|---|---|");
  for (const [name, r] of Object.entries(results)) {
    console.log(`| ${name} | ${r.p50.toFixed(1)} | ${r.p90.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.rps.toFixed(0)} | ${r.errors} |`);
  }
} finally {
  await stack.close();
}
