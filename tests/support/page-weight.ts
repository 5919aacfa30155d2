/**
 * Page weight (issue 13, ADR 010): the gzipped bytes of JavaScript a browser loads for a document
 * request of a route, read from the Remix build.
 *
 * A page's JavaScript is what `<Scripts>` makes the browser fetch: the entry client module and its
 * imports, then for every matched route (root, _app, … the route itself: the `parentId` chain) the
 * route module and its imports, then everything those files import statically (the metafile's
 * `import-statement` edges; `import()` is left out, it is loaded on demand). Each distinct file is
 * counted once and gzipped with zlib at level 6, the level the server's `compression()` middleware
 * uses (zlib's default), so the figures are the bytes on the wire. The manifest itself is not
 * counted: with lazy route discovery it is inlined in the document, not fetched.
 *
 * `node --import tsx tests/support/page-weight.ts` prints the table after `npm run build`.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** compression() passes no level: zlib.constants.Z_DEFAULT_COMPRESSION, which zlib runs as 6. */
export const GZIP_LEVEL = 6;

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}
export interface RemixManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
  url?: string;
}
export interface PageWeight {
  routeId: string;
  /** Route ids from root to this route. */
  chain: string[];
  /** Public URLs of every file loaded, sorted. */
  files: string[];
  /** Sum of the files' gzipped sizes. */
  gzipBytes: number;
  /** Sum of the files' raw sizes. */
  rawBytes: number;
}

export class BuildMissingError extends Error {}

/** The client build's manifest (public/build/manifest-*.js), or a BuildMissingError. */
export function readManifest(root = ROOT): RemixManifest {
  const dir = path.join(root, "public", "build");
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^manifest-[\w-]+\.js$/.test(f)) : [];
  if (names.length === 0) throw new BuildMissingError(`no Remix client build in ${dir}: run \`npm run build\` first`);
  // A rebuild writes a new manifest beside the old ones (remix build empties public/build, but be safe).
  const newest = names.map((n) => path.join(dir, n)).sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0]!;
  const text = fs.readFileSync(newest, "utf8");
  const json = text.replace(/^window\.__remixManifest\s*=\s*/, "").replace(/;\s*$/, "");
  return JSON.parse(json) as RemixManifest;
}

/** Static import edges between client files (public URL → public URLs), from build/metafile.js.json. */
export function readStaticImports(root = ROOT): Map<string, string[]> {
  const file = path.join(root, "build", "metafile.js.json");
  if (!fs.existsSync(file)) throw new BuildMissingError(`no ${file}: run \`npm run build\` first`);
  const meta = JSON.parse(fs.readFileSync(file, "utf8")) as { outputs: Record<string, { imports: { path: string; kind: string }[] }> };
  const toUrl = (p: string) => "/" + path.relative(path.join(root, "public"), path.resolve(root, p)).split(path.sep).join("/");
  const edges = new Map<string, string[]>();
  for (const [out, o] of Object.entries(meta.outputs)) {
    if (!out.endsWith(".js")) continue;
    edges.set(toUrl(out), o.imports.filter((i) => i.kind === "import-statement" && i.path.endsWith(".js")).map((i) => toUrl(i.path)));
  }
  return edges;
}

export function measurePages(root = ROOT): { manifest: RemixManifest; pages: PageWeight[]; fileGzip: Map<string, number> } {
  const manifest = readManifest(root);
  const edges = readStaticImports(root);
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const size = (url: string) => {
    let s = sizes.get(url);
    if (!s) {
      const file = path.join(root, "public", url);
      if (!fs.existsSync(file)) throw new BuildMissingError(`${url} is in the manifest but not on disk: run \`npm run build\` again`);
      const bytes = fs.readFileSync(file);
      s = { raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: GZIP_LEVEL }).length };
      sizes.set(url, s);
    }
    return s;
  };
  const pages: PageWeight[] = [];
  for (const id of Object.keys(manifest.routes).sort()) {
    const chain: string[] = [];
    for (let r: ManifestRoute | undefined = manifest.routes[id]; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) chain.unshift(r.id);
    const seen = new Set<string>();
    const queue = [manifest.entry.module, ...manifest.entry.imports, ...chain.flatMap((c) => [manifest.routes[c]!.module, ...(manifest.routes[c]!.imports ?? [])])];
    while (queue.length) {
      const url = queue.pop()!;
      if (seen.has(url)) continue;
      seen.add(url);
      queue.push(...(edges.get(url) ?? []));
    }
    const files = [...seen].sort();
    pages.push({
      routeId: id,
      chain,
      files,
      gzipBytes: files.reduce((n, f) => n + size(f).gzip, 0),
      rawBytes: files.reduce((n, f) => n + size(f).raw, 0),
    });
  }
  return { manifest, pages, fileGzip: new Map([...sizes].map(([k, v]) => [k, v.gzip])) };
}

export function formatTable(pages: PageWeight[]): string {
  const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
  return pages
    .slice()
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((p) => `${kb(p.gzipBytes)} KB gz ${kb(p.rawBytes)} KB raw  ${p.routeId}`)
    .join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { pages, fileGzip } = measurePages();
  console.log(`gzip level ${GZIP_LEVEL}; per page (entry + matched routes + static imports):`);
  console.log(formatTable(pages));
  if (process.argv.includes("--files")) {
    console.log("\nlargest files (gzip):");
    for (const [f, n] of [...fileGzip].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${(n / 1024).toFixed(1).padStart(7)} KB  ${f}`);
  }
}
