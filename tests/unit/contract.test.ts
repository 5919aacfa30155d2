/** The contract is split per area (upstream/contract/<area>.ts); index.ts merges the route tables. */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import * as contract from "@contract";
import { todayRoutes } from "@contract/today";

const areaTables = Object.entries(contract).filter(([name]) => /^[a-z]\w*Routes$/.test(name)) as [string, Record<string, unknown>][];

test("the route table is every area's table, no call name twice", () => {
  expect(areaTables.length).toBeGreaterThan(10);
  const names = areaTables.flatMap(([, table]) => Object.keys(table));
  expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  expect(Object.keys(contract.routes).sort()).toEqual(names.sort());
  for (const [, table] of areaTables) for (const [name, def] of Object.entries(table)) expect(contract.routes[name as contract.RouteName]).toBe(def);
});

test("@contract/<area> names the same module index.ts re-exports", () => {
  expect(todayRoutes).toBe(contract.todayRoutes);
});

test("every area file of the contract is re-exported by index.ts (shared.ts and constants.ts excepted)", () => {
  const dir = path.resolve(import.meta.dirname, "../../upstream/contract");
  const index = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
  const areas = fs.readdirSync(dir).filter((f) => f.endsWith(".ts") && f !== "index.ts" && f !== "shared.ts" && f !== "constants.ts"); // constants: plain values the areas re-export
  expect(areas.filter((f) => !index.includes(`export * from "./${f}";`))).toEqual([]);
});
