/** Closed-loop load for the benchmarks: `concurrency` clients send `total` requests one after another each. */
import { performance } from "node:perf_hooks";
import { Agent, request } from "undici";

export interface LoadResult {
  n: number;
  /** Answers other than `expect`. */
  errors: number;
  rps: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
}

export function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function load(
  url: string,
  opts: { total: number; concurrency: number; cookie?: string; method?: "GET" | "POST"; body?: string; headers?: Record<string, string>; expect?: number },
): Promise<LoadResult> {
  const agent = new Agent({ connections: opts.concurrency, keepAliveTimeout: 10_000 });
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (next < opts.total) {
        next++;
        const t0 = performance.now();
        const res = await request(url, {
          dispatcher: agent,
          method: opts.method ?? "GET",
          body: opts.body,
          headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
        });
        await res.body.dump();
        if (res.statusCode !== (opts.expect ?? 200)) errors++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  latencies.sort((a, b) => a - b);
  return { n: latencies.length, errors, rps: latencies.length / seconds, p50: pct(latencies, 50), p90: pct(latencies, 90), p95: pct(latencies, 95), p99: pct(latencies, 99) };
}

export function printTable(title: string, results: Record<string, LoadResult>) {
  console.log(`\n${title}`);
  console.log("| request | p50 ms | p90 ms | p99 ms | req/s | unexpected |");
  console.log("|---|---|---|---|---|---|");
  for (const [name, r] of Object.entries(results)) {
    console.log(`| ${name} | ${r.p50.toFixed(1)} | ${r.p90.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.rps.toFixed(0)} | ${r.errors} |`);
  }
}
