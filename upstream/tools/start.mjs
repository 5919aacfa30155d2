#!/usr/bin/env node
// `npm start`: build the portal if needed, then run the reference upstream and the portal
// together with embedded defaults (in-process session store, embedded database in DATA_DIR).
// Ctrl-C stops both.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startEnvs } from "./start-env.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
process.chdir(root);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const built = ["build/index.js", "build/server.js"].every((f) => fs.existsSync(f));
const stale = built && newestMtime("app") > fs.statSync("build/server.js").mtimeMs;
if (!built || stale || process.env.FORCE_BUILD === "1") {
  console.log(built ? "Sources changed: rebuilding the portal…" : "Building the portal (first run)…");
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const { port, upstreamUrl, upstream: upstreamEnv, portal: portalEnv } = startEnvs(process.env, root);

const children = [];
function run(name, args, env) {
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "inherit", "inherit"] });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}); stopping.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill("SIGTERM");
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.on("exit", r))))).then(() => process.exit(code));
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

async function waitFor(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

run("upstream", ["--import", "tsx", "upstream/src/main.ts"], upstreamEnv);
await waitFor(`${upstreamUrl}/healthz`, 60_000).catch((e) => {
  console.error(e.message);
  stop(1);
});
if (!stopping) {
  run("portal", ["build/server.js"], portalEnv);
  await waitFor(`http://localhost:${port}/healthz`, 30_000).catch((e) => {
    console.error(e.message);
    stop(1);
  });
  if (!stopping) console.log(`\nGatehouse is running: http://localhost:${port}  (reference upstream: ${upstreamUrl})\n`);
}
