/**
 * Benchmark (not a test): spaces (issue 26; ADR 036), against the real reference upstream and Redis.
 *   1. Availability of a 500-space floor for one day: the booking page (`/spaces/{site}/bookings`,
 *      the layout and the day's bookings, 250 of them) through the portal, and the upstream's two
 *      calls it makes, p50/p90/p95/p99 at concurrency 8.
 *   2. Booking throughput with 8 concurrent clients, each booking its own desks (bookings/s), and
 *      under contention — 8 clients racing for the same 20 desks × 8 slots — how many were made,
 *      how many refused with 409, and how many overlaps got through (must be 0).
 * Prints figures; asserts nothing.
 *
 *   npm run build && npm run bench:spaces      (REDIS_URL and DATABASE_URL used when set)
 */
import { performance } from "node:perf_hooks";
import { upstreamAccess } from "../support/access";
import { WebClient } from "../support/client";
import { createUpstreamUser, upstreamHook } from "../support/hooks";
import { startStack } from "../support/stack";
import { load, pct, printTable, type LoadResult } from "./load";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = 8;
const TZ = "Europe/London";
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const at = (d: string, hh: number) => `${d}T${String(hh).padStart(2, "0")}:00:00Z`;

const stack = await startStack();
try {
  const hook = <T = { id: number }>(path: string, body: unknown) => upstreamHook<T>(stack.upstream.url, "POST", path, body);
  const site = await hook("sites", { client: "eu:1", name: "Bench floor", timezone: TZ });
  await hook(`sites/${site.id}/spaces`, {});
  const desks: number[] = [];
  for (let z = 0; z < 10; z++) {
    const zone = (await hook(`sites/${site.id}/spaces/nodes`, { name: `Zone ${z + 1}` })).id;
    for (let i = 0; i < 50; i++) desks.push((await hook(`sites/${site.id}/spaces/nodes`, { name: `Z${z + 1}-${i + 1}`, parent_id: zone, category: "desk", x: (i % 10) / 10, y: Math.floor(i / 10) / 5 })).id);
  }
  const tomorrow = day(1);
  for (const [i, d] of desks.entries()) if (i % 2 === 0) await hook(`sites/${site.id}/spaces/bookings`, { space_id: d, person_name: `Person ${i}`, starts_at: at(tomorrow, 9), ends_at: at(tomorrow, 17) });

  const client = new WebClient(stack.portal.url);
  await client.post("/login", { email: "admin@example.com" });
  await client.post("/login", { password: "Demo-Passw0rd!" });
  const cookie = client.cookieHeader();
  const api = await upstreamAccess(stack.upstream.url, "admin@example.com");

  const results: Record<string, LoadResult> = {};
  const page = `${stack.portal.url}/spaces/${site.id}/bookings?day=${tomorrow}&from=09:00&to=17:00`;
  const first = await fetch(page, { headers: { cookie }, redirect: "manual" });
  const firstBody = await first.clone().text();
  console.log(`The page: ${first.status}, ${(firstBody.length / 1024).toFixed(0)} KB of HTML`);
  if (first.status !== 200) console.log(`The page answered ${first.status} ${first.headers.get("location") ?? ""}: ${(await first.text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").slice(0, 300)}`);
  await load(page, { total: 30, concurrency: CONCURRENCY, cookie });
  results["GET /spaces/{site}/bookings (500 spaces, 250 booked)"] = await load(page, { total: REQUESTS, concurrency: CONCURRENCY, cookie });
  const paged = results["GET /spaces/{site}/bookings (500 spaces, 250 booked)"]!;
  // Everyone's bookings come 50 a page: the last page's size too.
  const last = await (await fetch(`${page}&page=5`, { headers: { cookie } })).text();
  console.log(`The page: p50 ${paged.p50.toFixed(1)} ms, p95 ${paged.p95.toFixed(1)} ms; page 5 of everyone's bookings ${(last.length / 1024).toFixed(0)} KB`);
  // The upstream's two calls, timed one after another from here (the page makes them at once).
  const one = async (path: string) => {
    const times: number[] = [];
    for (let i = 0; i < 100; i++) {
      const t0 = performance.now();
      await api.get(path);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return `${path.split("?")[0]}: p50 ${pct(times, 50).toFixed(1)} ms, p90 ${pct(times, 90).toFixed(1)} ms`;
  };
  const direct = [await one(`spaces/${site.id}`), await one(`spaces/${site.id}/bookings?from=${tomorrow}&to=${tomorrow}`)];
  printTable(`Spaces availability, ${REQUESTS} requests at concurrency ${CONCURRENCY} (upstream DB: ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, results);
  console.log(`\nThe upstream's calls alone (100 each, one at a time):\n  ${direct.join("\n  ")}`);

  // Booking throughput: 8 users, each booking 25 desks of its own for the day after tomorrow.
  const users = await Promise.all(
    Array.from({ length: CONCURRENCY * 3 }, async (_, i) => {
      const email = `bench-booker-${i}-${Date.now()}@example.com`;
      await createUpstreamUser(stack.upstream.url, { email, role: "Administrator", client: "eu:1" });
      return upstreamAccess(stack.upstream.url, email);
    }),
  );
  let t0 = performance.now();
  const own = await Promise.all(
    users.slice(0, CONCURRENCY).map(async (u, i) => {
      let ok = 0;
      for (let k = 0; k < 25; k++) {
        // One person holds one desk at a time: each booking its own hour (12 a day, on two days).
        const h = 6 + (k % 12);
        const d = day(2 + Math.floor(k / 12));
        const r = await u.send("POST", `spaces/${site.id}/bookings`, { space_id: desks[i * 25 + k]!, start: at(d, h), end: at(d, h + 1) });
        if (r.status === 200) ok++;
      }
      return ok;
    }),
  );
  const ownSeconds = (performance.now() - t0) / 1000;
  const made = own.reduce((a, b) => a + b, 0);
  console.log(`\nBooking throughput, 8 clients, each its own desks: ${made} made in ${ownSeconds.toFixed(2)} s = ${(made / ownSeconds).toFixed(0)} bookings/s`);

  // Contention: 8 clients race for the same 20 desks × 8 one-hour slots (each client in its own order).
  const slots = desks.slice(300, 320).flatMap((d) => Array.from({ length: 8 }, (_, h) => [d, h] as const));
  const race = day(5);
  t0 = performance.now();
  const tallies = await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, i) => {
      // Each client books for three people in turn (24 people: enough to fill every slot).
      const mine = [...slots].sort((a, b) => ((a[0] * 31 + a[1] * 7 + i * 13) % 97) - ((b[0] * 31 + b[1] * 7 + i * 13) % 97));
      const t = { made: 0, refused: 0, other: 0 };
      for (const [n, [d, h]] of mine.entries()) {
        const u = users[i * 3 + (n % 3)]!;
        const r = await u.send("POST", `spaces/${site.id}/bookings`, { space_id: d, start: at(race, 8 + h), end: at(race, 9 + h) });
        if (r.status === 200) t.made++;
        else if (r.status === 409) t.refused++;
        else t.other++; // 422: the same person already holds a desk at that hour
      }
      return t;
    }),
  );
  const raceSeconds = (performance.now() - t0) / 1000;
  const sum = tallies.reduce((a, t) => ({ made: a.made + t.made, refused: a.refused + t.refused, other: a.other + t.other }), { made: 0, refused: 0, other: 0 });
  const listed = (await api.get(`spaces/${site.id}/bookings?from=${race}&to=${race}`)).bookings as { space_id: number; start: string; end: string }[];
  let overlaps = 0;
  for (const a of listed) for (const b of listed) if (a !== b && a.space_id === b.space_id && a.start < b.end && b.start < a.end) overlaps++;
  console.log(`Contention, 8 clients × ${slots.length} attempts (24 people) on 20 desks × 8 slots: ${sum.made} made (of ${slots.length} slots), ${sum.refused} refused with 409, ${sum.other} refused as the person's second desk, ${overlaps / 2} overlaps, in ${raceSeconds.toFixed(2)} s`);
} finally {
  await stack.close();
}
