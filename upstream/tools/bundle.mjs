// Bundles the portal's express server (app/server/main.ts) to build/server.js.
// The Remix app itself is built by `remix build` into build/index.js and public/build/.
import { build } from "esbuild";

await build({
  entryPoints: ["app/server/main.ts"],
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
