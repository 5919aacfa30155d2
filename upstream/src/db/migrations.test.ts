/** The migrations' names and order (ADR 033): numbered ones up to 039, then UTC timestamps; no shared prefix. */
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { migrate, migrationOrder, type Db } from "./index.ts";

describe("migrationOrder", () => {
  it("numbered ones by number first, then the timestamped ones by time, whatever the listing's order", () => {
    expect(migrationOrder(["20270102T0900_b.sql", "039_last_numbered.sql", "20261128T1230_seed_steps.sql", "001_init.sql", "README.md", "010_x.sql"])).toEqual([
      "001_init.sql",
      "010_x.sql",
      "039_last_numbered.sql",
      "20261128T1230_seed_steps.sql",
      "20270102T0900_b.sql",
    ]);
  });

  it("refuses two migrations with the same number, or the same minute, naming both", () => {
    expect(() => migrationOrder(["001_init.sql", "038_invites.sql", "038_badges.sql"])).toThrow(/038_invites\.sql and 038_badges\.sql share the prefix 038/);
    expect(() => migrationOrder(["20261201T0800_a.sql", "20261201T0800_b.sql"])).toThrow(/share the prefix 20261201T0800/);
  });

  it("refuses a new numbered one: the numbers stop at 039, a branch names its migration by time", () => {
    expect(() => migrationOrder(["001_init.sql", "039_api_client_creator_membership.sql", "040_spaces.sql"])).toThrow(/040_spaces\.sql: name it by the UTC time/);
  });

  it("refuses a name of neither form (no order could be trusted)", () => {
    for (const bad of ["40_x.sql", "2026-12-01_x.sql", "20261301T0800_x.sql", "20261201T2460_x.sql", "20261201T0800-x.sql", "x.sql", "041_Upper.sql"]) {
      expect(() => migrationOrder([bad]), bad).toThrow(/name it by the UTC time/);
    }
  });

  it("the repository's migrations pass, keep their names (027 was never used) and apply in plain name order", async () => {
    const files = (await readdir(fileURLToPath(new URL("./migrations/", import.meta.url)))).filter((f) => f.endsWith(".sql"));
    const order = migrationOrder(files);
    expect(order[0]).toBe("001_init.sql");
    expect(order).not.toContain("027");
    expect(order).toEqual([...files].sort());
    expect(order).toContain("20261128T1230_seed_steps.sql");
  });
});

it("migrate refuses a folder with a shared prefix before touching the database", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "gh-migrations-"));
  try {
    await writeFile(path.join(dir, "001_init.sql"), "CREATE TABLE a (id int);");
    await writeFile(path.join(dir, "20261201T0800_one.sql"), "CREATE TABLE b (id int);");
    await writeFile(path.join(dir, "20261201T0800_two.sql"), "CREATE TABLE c (id int);");
    const untouched = { tx: () => Promise.reject(new Error("the database was used")) } as unknown as Db;
    await expect(migrate(untouched, dir)).rejects.toThrow(/20261201T0800_one\.sql and 20261201T0800_two\.sql share the prefix/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
