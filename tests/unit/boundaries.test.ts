/**
 * Import boundaries of the portal:
 *  - app/ talks to the upstream only through its contract, and names it by the alias (`@contract`,
 *    `@contract/<area>`; tests/ too), never by a relative path; it never imports upstream internals;
 *  - app/ and the contract have no import cycles, nor has the upstream (upstream/src);
 *  - the upstream imports nothing "back up" (ADR 034): no file outside the root of upstream/src
 *    imports a file of a folder above its own (but `config.ts`); going up then down is fine.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const app = path.join(root, "app");

/** TypeScript files under `dir` (scratch directories such as tests/.tmp left out). */
function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name.startsWith(".") || e.name === "node_modules" ? [] : files(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

/** Block comments and whole-line `//` comments removed, so commented-out imports do not count. */
function code(file: string): string {
  return fs
    .readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
}

/**
 * Every module specifier a file names: static `import … from` (`import type` too), `export … from`,
 * `import "x"`, and dynamic `import("x")`.
 */
function imports(file: string): string[] {
  const src = code(file);
  const clause = /^\s*(?:import|export)\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?|[\w$]+)\s*from\s*["']([^"']+)["']/gm;
  return [
    ...[...src.matchAll(clause)].map((m) => m[1]!),
    ...[...src.matchAll(/^\s*import\s*["']([^"']+)["']/gm)].map((m) => m[1]!),
    ...[...src.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!),
  ];
}

/** The file a relative or `~/` specifier names (undefined for packages and the contract alias). */
function resolve(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(app, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return undefined;
  if (base.endsWith(".js")) base = `${base.slice(0, -3)}.ts`;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

test("app/ imports nothing from upstream/ but the contract", () => {
  const offenders: string[] = [];
  const contract = path.join(root, "upstream", "contract");
  for (const file of files(app)) {
    for (const spec of imports(file)) {
      let target: string;
      if (spec === "@contract") target = contract;
      else if (spec.startsWith("@contract/")) target = path.join(contract, spec.slice("@contract/".length));
      else if (spec.startsWith(".")) target = path.resolve(path.dirname(file), spec);
      else continue;
      if (target.startsWith(path.join(root, "upstream")) && !(target === contract || target.startsWith(contract + path.sep))) {
        offenders.push(`${path.relative(root, file)} -> ${spec}`);
      }
    }
  }
  expect(offenders).toEqual([]);
});

test("app/ and tests/ reach the contract through the @contract alias, not a relative path", () => {
  const offenders: string[] = [];
  for (const file of [...files(app), ...files(path.join(root, "tests"))]) {
    for (const spec of imports(file)) if (/(^|\/)upstream\/contract(\/|$)/.test(spec)) offenders.push(`${path.relative(root, file)} -> ${spec}`);
  }
  expect(offenders).toEqual([]);
});

/** The import graph of `files`: each file to the files it imports (relative and `~/` specifiers). */
function graphOf(list: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of list) {
    const deps = imports(file)
      .map((spec) => resolve(file, spec))
      .filter((t): t is string => t !== undefined);
    graph.set(file, [...new Set(deps)]);
  }
  return graph;
}

/**
 * The cycles of a graph, one of each strongly connected component (Tarjan's algorithm: every
 * component of more than one module, or a module importing itself, holds a cycle), each written as
 * the shortest way from the component's first file back to it.
 */
function cyclesOf(graph: Map<string, string[]>): string[] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component);
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);

  const rel = (f: string) => path.relative(root, f);
  return components.map((component) => {
    const members = new Set(component);
    const start = component.slice().sort()[0]!;
    // Shortest way back to `start` within the component (breadth first).
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length) {
      const v = queue.shift()!;
      const next = (graph.get(v) ?? []).filter((w) => members.has(w));
      if (next.includes(start)) {
        const loop = [v];
        while (loop[0] !== start) loop.unshift(previous.get(loop[0]!)!);
        return [...loop, start].map(rel).join(" -> ");
      }
      for (const w of next) if (!previous.has(w) && w !== start) previous.set(w, v), queue.push(w);
    }
    return component.map(rel).join(", ");
  });
}

/**
 * The import graph of app/ and of the contract (relative and `~/` imports: static, re-exports and
 * dynamic) has no cycle. Type-only imports count too: they are erased at build time, so they cannot
 * change the order modules run in, but a cycle through a type is still two modules that each need
 * the other (the session ⇄ realtime cycle was half type-only), and there is none today to excuse.
 */
test("app/ and the contract have no import cycles", () => {
  expect(cyclesOf(graphOf([...files(app), ...files(path.join(root, "upstream", "contract"))]))).toEqual([]);
});

const upstreamSrc = path.join(root, "upstream", "src");

/**
 * The upstream's graph (upstream/src, its tests too; specifiers name the `.ts` file) has no cycle
 * either, by the same count: type-only imports and dynamic `import()` included, so a cycle is not
 * hidden behind either. A cycle is broken by moving the shared piece down (ADR 034).
 */
test("upstream/src has no import cycles", () => {
  expect(cyclesOf(graphOf(files(upstreamSrc)))).toEqual([]);
});

/**
 * No import back up in upstream/src (ADR 034): a relative import whose target sits in a strict
 * ancestor folder of the importing file (`notifications/channels/email.ts` → `../delivery.ts`, an
 * area → `../app.ts`) is refused: what a folder needs from above moves down to it, or to a ground
 * folder (db/, http/, time/, scope/, types/, runtime/) reached by going up then down
 * (`../db/index.ts` is fine). `config.ts` is the one exception; the root's own files (the server's
 * wiring) may import anything. A test file (`*.test.ts`, `test-*.ts`) may also import the root's
 * test wiring — `test-support.ts` (starts a whole upstream) and `seed.ts` (the demo data's runner):
 * it tests its area through the whole server, as the server runs it.
 */
test("no import back up in upstream/src", () => {
  const allowed = new Set([path.join(upstreamSrc, "config.ts")]);
  const testWiring = new Set([path.join(upstreamSrc, "test-support.ts"), path.join(upstreamSrc, "seed.ts")]);
  const offenders: string[] = [];
  for (const file of files(upstreamSrc)) {
    const from = path.dirname(file);
    if (from === upstreamSrc) continue;
    for (const spec of imports(file)) {
      if (!spec.startsWith(".")) continue;
      const target = resolve(file, spec) ?? path.resolve(from, spec);
      if (allowed.has(target)) continue;
      if (testWiring.has(target) && /(\.test|^test-[\w-]+)\.ts$/.test(path.basename(file))) continue;
      const to = path.dirname(target);
      if (to !== from && from.startsWith(to + path.sep)) offenders.push(`${path.relative(root, file)} -> ${spec}`);
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

test("a component module (not a route) imports nothing from a .server module but types: the browser gets an empty module there", () => {
  const root = path.resolve(import.meta.dirname, "../../app");
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  const offenders = walk(root)
    .filter((f) => f.endsWith(".tsx") && !f.includes(`${path.sep}routes${path.sep}`) && !/entry\.server|root\.tsx$/.test(f))
    .flatMap((f) => [...fs.readFileSync(f, "utf8").matchAll(/^import (?!type )[^;]*from "([^"]*\.server)";/gm)].map((m) => `${path.relative(root, f)} → ${m[1]}`));
  expect(offenders).toEqual([]);
});
