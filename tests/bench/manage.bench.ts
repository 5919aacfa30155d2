/**
 * Benchmark (not a test): the manage area under load, signed in as an Acme administrator against
 * the real reference upstream and Redis. Pages: the overviews of sites and groups (one upstream
 * list each), a site's details and groups tabs (the site, then the tab's data), the custom-fields
 * tab (the site, its fields and its groups). Write: the groups tab's save (parse, the site, one
 * upstream change under the site's row lock, 303), all on one site, so the posts queue on the lock.
 * Prints figures; asserts nothing.
 *
 *   npm run build && npm run bench:manage      (REDIS_URL and DATABASE_URL used when set)
 *   BENCH_REQUESTS=1000 BENCH_CONCURRENCY=20 npm run bench:manage
 */
import { upstreamAccess } from "../support/access";
import { WebClient } from "../support/client";
import { upstreamHook } from "../support/hooks";
import { startStack } from "../support/stack";
import { load, printTable, type LoadResult } from "./load";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const WARMUP = 100;

const stack = await startStack();
try {
  const client = new WebClient(stack.portal.url);
  await client.post("/login", { email: "admin@example.com" });
  await client.post("/login", { password: "Demo-Passw0rd!" });
  const cookie = client.cookieHeader();
  const api = await upstreamAccess(stack.upstream.url, "admin@example.com");
  const hq = ((await api.get("manage/sites?kind=sites&search=Head%20Office")).sites as { id: number }[])[0]!.id;
  const site = await upstreamHook<{ id: number }>(stack.upstream.url, "POST", "sites", { client: "eu:1", name: "Bench depot" });
  const groups = ((await api.get(`sites/${site.id}/groups`)).groups as { id: number }[]).map((g) => g.id);
  const save = new URLSearchParams([["intent", "save"], ...groups.slice(1).map((id): [string, string] => ["group_ids", String(id)])]).toString();

  const results: Record<string, LoadResult> = {};
  const pages: [string, string][] = [
    ["GET /manage/overview/sites", "/manage/overview/sites"],
    ["GET /manage/overview/groups", "/manage/overview/groups"],
    ["GET /manage/site/{id}/details", `/manage/site/${hq}/details`],
    ["GET /manage/site/{id}/groups", `/manage/site/${hq}/groups`],
    ["GET /manage/site/{id}/customfields", `/manage/site/${hq}/customfields`],
  ];
  for (const [name, path] of pages) {
    await load(`${stack.portal.url}${path}`, { total: WARMUP, concurrency: CONCURRENCY, cookie });
    results[name] = await load(`${stack.portal.url}${path}`, { total: REQUESTS, concurrency: CONCURRENCY, cookie });
  }
  const post = {
    cookie,
    method: "POST" as const,
    body: save,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(stack.portal.url).origin },
    expect: 303,
  };
  await load(`${stack.portal.url}/manage/site/${site.id}/groups`, { ...post, total: WARMUP, concurrency: CONCURRENCY });
  results["POST /manage/site/{id}/groups (save, one site)"] = await load(`${stack.portal.url}/manage/site/${site.id}/groups`, { ...post, total: REQUESTS, concurrency: CONCURRENCY });
  printTable(
    `Manage area, ${REQUESTS} requests each at concurrency ${CONCURRENCY} (store: ${process.env.REDIS_URL ? "Redis" : "throwaway redis-server"}; upstream DB: ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`,
    results,
  );
} finally {
  await stack.close();
}
