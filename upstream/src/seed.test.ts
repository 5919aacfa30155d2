/** The seed runner (ADR 033): steps by name, each once, recorded in the same transaction. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeedStep } from "./runtime/seed-step.ts";
import { SEED_REVISION, SEED_STEPS, seedDemoData } from "./seed.ts";
import { startTestUpstream, type TestUpstream } from "./test-support.ts";

let up: TestUpstream;
beforeAll(async () => {
  up = await startTestUpstream();
});
afterAll(async () => {
  await up?.stop();
});

const recorded = async () => (await up.app.db.query<{ name: string }>("SELECT name FROM seed_steps ORDER BY name")).map((r) => r.name);
const revision = async () => (await up.app.db.query<{ revision: number }>("SELECT revision FROM seed_state WHERE id = 1"))[0]?.revision;

describe("seedDemoData", () => {
  it("a started upstream has run and recorded every step; nothing is left to run", async () => {
    expect(await recorded()).toEqual(SEED_STEPS.map((s) => s.name).sort());
    expect(await revision()).toBe(SEED_REVISION);
    expect(await seedDemoData(up.app)).toBeNull();
  });

  it("a new step runs once, after the others, and is recorded; the old revision stays as it was", async () => {
    const runs: number[] = [];
    const step: SeedStep = {
      name: "test.new-step",
      async run({ q, from }) {
        runs.push(from);
        await q.query("INSERT INTO outbox (to_email, subject, body) VALUES ('seed-step@example.com', 'step', 'ran')");
      },
    };
    expect(await seedDemoData(up.app, [...SEED_STEPS, step])).toMatchObject({ from: SEED_REVISION, clients: [], users: [], today: [] });
    expect(await seedDemoData(up.app, [...SEED_STEPS, step])).toBeNull();
    expect(runs).toEqual([SEED_REVISION]);
    expect(await recorded()).toContain("test.new-step");
    expect(await revision()).toBe(SEED_REVISION);
  });

  it("a step that fails records nothing and leaves nothing of the run behind", async () => {
    const wrote: SeedStep = { name: "test.writes", run: ({ q }) => q.query("INSERT INTO outbox (to_email, subject, body) VALUES ('rolled-back@example.com', 's', 'b')").then(() => {}) };
    const fails: SeedStep = { name: "test.fails", run: () => Promise.reject(new Error("step failed")) };
    await expect(seedDemoData(up.app, [...SEED_STEPS, wrote, fails])).rejects.toThrow("step failed");
    expect(await recorded()).not.toContain("test.writes");
    expect(await up.app.db.query("SELECT 1 FROM outbox WHERE to_email = 'rolled-back@example.com'")).toEqual([]);
  });

  it("a database at an old revision gets the steps that revision lacked, with `from` = that revision, then is at the last one", async () => {
    await up.app.db.query("UPDATE seed_state SET revision = 20");
    const from: Record<string, number> = {};
    const spy = SEED_STEPS.map((s) => ({ ...s, run: (ctx: Parameters<SeedStep["run"]>[0]) => ((from[s.name] = ctx.from), s.run(ctx)) }));
    expect(await seedDemoData(up.app, spy)).toMatchObject({ from: 20, to: SEED_REVISION, clients: [], users: [] });
    expect(Object.keys(from).sort()).toEqual(SEED_STEPS.filter((s) => (s.since ?? Infinity) > 20).map((s) => s.name).sort());
    expect(Object.values(from).every((f) => f === 20)).toBe(true);
    expect(await revision()).toBe(SEED_REVISION);
    expect(await seedDemoData(up.app)).toBeNull();
  });
});
