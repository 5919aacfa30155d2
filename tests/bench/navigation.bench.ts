/**
 * Benchmark (not a test): upstream calls per navigation, with the session's config cache off
 * (CONFIG_CACHE_SECONDS=0: every page reads GET config, then its own data) and on (the default),
 * over the five pages of issue 13: Today, the fire list, a site's details, the evacuation list and
 * the sites overview; and a group's pages (issue 14: details, personal fields, badge, members, and
 * the tabs that read more than the group: sign-in, onboarding, time and attendance, notifications),
 * listed apart from the five-page average. Each page is opened NAV times in a row by one signed-in administrator; the
 * reference upstream counts every call it answers. Also the latency of those navigations at
 * concurrency 1. Prints figures; asserts nothing.
 *
 *   npm run build && npm run bench:navigation        (REDIS_URL and DATABASE_URL used when set)
 */
import { performance } from "node:perf_hooks";
import { upstreamAccess } from "../support/access";
import { WebClient } from "../support/client";
import { upstreamHook } from "../support/hooks";
import { portalEnv, startPortal, startStack } from "../support/stack";
import { pct } from "./load";

const NAV = Number(process.env.BENCH_NAVIGATIONS ?? 50);

const stack = await startStack({ CONFIG_CACHE_SECONDS: "0" });
const cached = await startPortal({ env: portalEnv(stack.upstream.url, stack.redis.url) });
try {
  const api = await upstreamAccess(stack.upstream.url, "admin@example.com");
  const hq = ((await api.get("manage/sites?kind=sites&search=Head%20Office")).sites as { id: number }[])[0]!.id;
  const pages: [string, string][] = [
    ["Today", "/today"],
    ["Fire list", "/fire-list"],
    ["Site details", `/manage/site/${hq}/details`],
    ["Evacuation list", "/reports/evacuations"],
    ["Sites overview", "/manage/overview/sites"],
  ];
  const FIVE = pages.length;
  const staff = ((await api.get("manage/groups?search=Staff")).groups as { id: number; name: string }[]).find((g) => g.name === "Staff")!.id;
  pages.push(
    ["Group details", `/manage/group/${staff}/details`],
    ["Group personal fields", `/manage/group/${staff}/personal-fields`],
    ["Group badge", `/manage/group/${staff}/badges`],
    ["Group members", `/manage/group/${staff}/members`],
    ["Group sign-in (sites offered)", `/manage/group/${staff}/sign-in`],
    ["Group onboarding (attachments)", `/manage/group/${staff}/onboarding`],
    ["Group time and attendance (managers)", `/manage/group/${staff}/time-and-attendance`],
    ["Group notifications (Slack)", `/manage/group/${staff}/notifications`],
  );
  const rows: string[] = [];
  const averages: Record<string, number> = {};
  for (const [label, url] of [["cache off (before)", stack.portal.url], ["cache on (after)", cached.url]] as const) {
    const client = new WebClient(url);
    await client.post("/login", { email: "admin@example.com" });
    await client.post("/login", { password: "Demo-Passw0rd!" });
    let total = 0;
    for (const [index, [name, path]] of pages.entries()) {
      await client.request(path); // first visit: the session learns its client count, the cache fills
      await upstreamHook(stack.upstream.url, "POST", "stats/reset");
      const ms: number[] = [];
      for (let i = 0; i < NAV; i++) {
        const t0 = performance.now();
        const { res } = await client.request(path);
        ms.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      }
      const stats = await upstreamHook<{ calls: Record<string, number> }>(stack.upstream.url, "GET", "stats");
      const calls = Object.values(stats.calls).reduce((a, b) => a + b, 0) / NAV;
      const config = (stats.calls.config ?? 0) / NAV;
      if (index < FIVE) total += calls;
      ms.sort((a, b) => a - b);
      rows.push(`| ${label} | ${name} | ${calls.toFixed(2)} | ${config.toFixed(2)} | ${pct(ms, 50).toFixed(1)} / ${pct(ms, 90).toFixed(1)} |`);
    }
    averages[label] = total / FIVE;
  }
  console.log(`\nUpstream calls per navigation, ${NAV} navigations per page, one user, concurrency 1`);
  console.log("| portal | page | upstream calls / navigation | of which GET config | ms p50 / p90 |");
  console.log("|---|---|---|---|---|");
  for (const r of rows) console.log(r);
  for (const [label, avg] of Object.entries(averages)) console.log(`average over the five pages, ${label}: ${avg.toFixed(2)} calls per navigation`);
} finally {
  await cached.close();
  await stack.close();
}
