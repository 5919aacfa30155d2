/** The portal talks to the upstream only through its contract: app/ never imports upstream internals. */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

test("app/ imports nothing from upstream/ but the contract", () => {
  const offenders: string[] = [];
  for (const file of files(path.join(root, "app"))) {
    for (const m of fs.readFileSync(file, "utf8").matchAll(/from\s+["']([^"']+)["']/g)) {
      const spec = m[1]!;
      if (!spec.startsWith(".")) continue;
      const target = path.resolve(path.dirname(file), spec);
      if (target.startsWith(path.join(root, "upstream")) && !target.startsWith(path.join(root, "upstream", "contract"))) {
        offenders.push(`${path.relative(root, file)} -> ${spec}`);
      }
    }
  }
  expect(offenders).toEqual([]);
});

test("no server-only module is named without .server (sessions, env, upstream client)", () => {
  for (const f of ["app/env.server.ts", "app/session/session.server.ts", "app/session/store.server.ts", "app/upstream/client.server.ts"]) {
    expect(fs.existsSync(path.join(root, f)), f).toBe(true);
  }
});

test("rights are asked typed, in one place: no ability string is built or tested by hand outside app/access", () => {
  const offenders: string[] = [];
  for (const file of files(path.join(root, "app"))) {
    if (file.startsWith(path.join(root, "app", "access") + path.sep)) continue;
    const text = fs.readFileSync(file, "utf8");
    // `${prefix}.editor`, abilities.includes(...), abilities.has(...): use can(access, "X.y") / requireRight / the table's edit rights.
    for (const m of text.matchAll(/`[^`]*\$\{[^}]+\}\.(viewer|editor|view|delete|update)`|abilities\.(includes|has)\(/g)) {
      offenders.push(`${path.relative(root, file)}: ${m[0]}`);
    }
  }
  expect(offenders).toEqual([]);
});
