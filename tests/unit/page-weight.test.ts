/**
 * Page weight budgets (issue 13 item 10, ADR 010), over the Remix build's route manifest: the
 * gzipped JavaScript a document request of each route loads (entry, root … the route, and their
 * static imports; see tests/support/page-weight.ts). Bytes only, no timings.
 *
 * Needs a build (`npm run build`; `npm test` builds first): without one, or with one older than
 * the sources or missing a route, it fails rather than pass on nothing.
 *
 * The spaces designer's canvas library (react-zoom-pan-pinch) is loaded on demand (`import()`) by
 * the designer alone: no page, the designer included, loads it with the page's own JavaScript.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { BuildMissingError, GZIP_LEVEL, ROOT, formatTable, measurePages, type PageWeight, type RemixManifest } from "../support/page-weight";

/** /login: the first page of every visit. */
const LOGIN_BUDGET = 120 * 1024;
/** Any page. */
const PAGE_BUDGET = 200 * 1024;

const BUILD_FIRST = "run `npm run build` first (`npm test` does)";

/** Route ids of app/routes (Remix flat routes: a file's name without extension, or a folder with a route module) and root. */
function routeIdsFromFiles(): string[] {
  const dir = path.join(ROOT, "app", "routes");
  const ids = fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith(".")) return [];
    if (e.isDirectory()) return ["route.tsx", "route.ts"].some((f) => fs.existsSync(path.join(dir, e.name, f))) ? [`routes/${e.name}`] : [];
    return /\.tsx?$/.test(e.name) && !/\.test\./.test(e.name) ? [`routes/${e.name.replace(/\.tsx?$/, "")}`] : [];
  });
  return ["root", ...ids].sort();
}

/** Newest modification time of the files a client build is made of. */
function newestSource(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  walk(path.join(ROOT, "app"));
  walk(path.join(ROOT, "upstream", "contract"));
  for (const f of ["package-lock.json", "remix.config.js"]) newest = Math.max(newest, fs.statSync(path.join(ROOT, f)).mtimeMs);
  return newest;
}

describe("page weight (gzip level " + GZIP_LEVEL + ", the server's compression)", () => {
  let manifest: RemixManifest;
  let pages: PageWeight[];

  beforeAll(() => {
    try {
      ({ manifest, pages } = measurePages());
    } catch (err) {
      if (err instanceof BuildMissingError) throw new Error(`No usable client build: ${err.message}. ${BUILD_FIRST}.`);
      throw err;
    }
  });

  test("the build is current and has every route of app/routes", () => {
    const manifestFile = fs.readdirSync(path.join(ROOT, "public", "build")).find((f) => /^manifest-[\w-]+\.js$/.test(f))!;
    const built = fs.statSync(path.join(ROOT, "public", "build", manifestFile)).mtimeMs;
    expect(built >= newestSource(), `the client build is older than app/ (or the contract, or the lockfile): ${BUILD_FIRST}`).toBe(true);
    expect(Object.keys(manifest.routes).sort(), `the manifest's routes differ from app/routes: ${BUILD_FIRST}`).toEqual(routeIdsFromFiles());
  });

  test("every page is measured, entry and route modules included", () => {
    expect(pages.length).toBe(routeIdsFromFiles().length);
    for (const p of pages) {
      expect(p.files).toContain(manifest.entry.module);
      for (const id of p.chain) expect(p.files).toContain(manifest.routes[id]!.module);
      expect(p.chain[0]).toBe("root");
    }
    // React alone is more than this: a page that weighs less was not measured.
    expect(Math.min(...pages.map((p) => p.gzipBytes))).toBeGreaterThan(50 * 1024);
  });

  test(`/login loads at most ${LOGIN_BUDGET / 1024} KB of gzipped JavaScript`, () => {
    const login = pages.find((p) => p.routeId === "routes/login")!;
    expect(login.chain).toEqual(["root", "routes/login"]);
    expect(login.gzipBytes, `/login is over its budget:\n${formatTable(pages)}`).toBeLessThanOrEqual(LOGIN_BUDGET);
  });

  test("the floor-plan canvas and its library are a chunk of their own, fetched only by the spaces designer on demand", () => {
    const build = path.join(ROOT, "public", "build");
    const js: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith(".js")) js.push(p);
      }
    };
    walk(build);
    const url = (p: string) => `/build/${path.relative(build, p).split(path.sep).join("/")}`;
    // The library's own class name: whichever files hold its code.
    const canvas = js.filter((p) => fs.readFileSync(p, "utf8").includes("react-transform-wrapper")).map(url);
    expect(canvas.length, "no file of the build holds react-zoom-pan-pinch").toBeGreaterThan(0);
    const loading = pages.filter((p) => p.files.some((f) => canvas.includes(f))).map((p) => p.routeId);
    expect(loading, `pages that load the canvas chunk ${canvas.join(", ")} with their own JavaScript`).toEqual([]);
    // …and the designer is what fetches it: its route module (or one of its static imports) names the chunk.
    const designer = pages.find((p) => p.routeId === "routes/_app.manage.spaces.$id")!;
    const names = canvas.map((f) => f.split("/").pop()!);
    const texts = designer.files.map((f) => fs.readFileSync(path.join(build, f.replace(/^\/build\//, "")), "utf8"));
    expect(names.some((n) => texts.some((t) => t.includes(n))), "the designer does not import the canvas chunk").toBe(true);
  });

  test(`every page loads at most ${PAGE_BUDGET / 1024} KB of gzipped JavaScript`, () => {
    const over = pages.filter((p) => p.gzipBytes > PAGE_BUDGET).map((p) => `${p.routeId}: ${(p.gzipBytes / 1024).toFixed(1)} KB`);
    expect(over, `pages over ${PAGE_BUDGET / 1024} KB:\n${formatTable(pages)}`).toEqual([]);
  });
});
