/** The demo data's steps (ADR 033) and the migration that recorded them for databases seeded before. */
import { readFile } from "node:fs/promises";
import { expect, it } from "vitest";
import { SEED_REVISION, SEED_STEPS } from "./seed.ts";

it("every step is named <area>.<what>, once", () => {
  const names = SEED_STEPS.map((s) => s.name);
  expect(new Set(names).size).toBe(names.length);
  for (const n of names) expect(n).toMatch(/^[a-z]+(?:-[a-z]+)*\.[a-z]+(?:-[a-z]+)*$/);
});

it("the migration that made seed_steps names every step from before it with the revision that had it, and no other", async () => {
  const sql = await readFile(new URL("./db/migrations/20261128T1230_seed_steps.sql", import.meta.url), "utf8");
  const inSql = Object.fromEntries([...sql.matchAll(/\('([a-z.-]+)', (\d+)\)/g)].map((m) => [m[1], Number(m[2])]));
  const inCode = Object.fromEntries(SEED_STEPS.filter((s) => s.since !== undefined).map((s) => [s.name, s.since]));
  expect(inSql).toEqual(inCode);
  expect(Object.keys(inCode)).toHaveLength(24);
  expect(Math.max(...Object.values(inSql))).toBe(SEED_REVISION);
});
