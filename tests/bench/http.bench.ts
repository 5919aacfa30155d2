/**
 * Benchmark (not a test): the portal's latency under 50 concurrent requests, for the anonymous
 * GET /login and an authenticated GET /today (session read + GET config upstream + render),
 * against the real reference upstream and Redis. Prints figures; asserts nothing.
 *
 *   npm run build && npm run bench            (REDIS_URL used when set)
 *   BENCH_REQUESTS=5000 BENCH_CONCURRENCY=50 npm run bench
 */
import { WebClient } from "../support/client";
import { startStack } from "../support/stack";
import { load, printTable, type LoadResult } from "./load";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const WARMUP = 200;

const stack = await startStack();
try {
  const client = new WebClient(stack.portal.url);
  await client.post("/login", { email: "admin@example.com" });
  await client.post("/login", { password: "Demo-Passw0rd!" });
  const cookie = client.cookieHeader();
  const results: Record<string, LoadResult> = {};
  for (const [name, path, auth] of [
    ["GET /login (anonymous)", "/login", false],
    ["GET /today (signed in)", "/today", true],
  ] as const) {
    const cookieIf = auth ? cookie : undefined;
    await load(`${stack.portal.url}${path}`, { total: WARMUP, concurrency: CONCURRENCY, cookie: cookieIf });
    results[name] = await load(`${stack.portal.url}${path}`, { total: REQUESTS, concurrency: CONCURRENCY, cookie: cookieIf });
  }
  printTable(`Portal latency, ${REQUESTS} requests at concurrency ${CONCURRENCY} (store: ${process.env.REDIS_URL ? "Redis " + process.env.REDIS_URL : "throwaway redis-server"})`, results);
} finally {
  await stack.close();
}
