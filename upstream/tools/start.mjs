#!/usr/bin/env node
// `npm start`: build the portal if needed, then run the reference upstream and the portal
// together with embedded defaults (in-process session store, embedded database in DATA_DIR).
// Ctrl-C stops both.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

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

const port = process.env.PORT ?? "3000";
const upstreamPort = process.env.UPSTREAM_PORT ?? "4000";
const upstreamUrl = `http://localhost:${upstreamPort}`;
const env = {
  ...process.env,
  GATEHOUSE_DEMO: "1",
  PORT: port,
  UPSTREAM_PORT: upstreamPort,
  PORTAL_URL: process.env.PORTAL_URL ?? `http://localhost:${port}`,
  AUTH_API_URL: process.env.AUTH_API_URL ?? `${upstreamUrl}/api/v2`,
  UPSTREAM_ISSUERS: process.env.UPSTREAM_ISSUERS ?? `${upstreamUrl}/eu,${upstreamUrl}/us`,
  DATA_DIR: process.env.DATA_DIR ?? path.join(root, ".data"),
};

const children = [];
function run(name, args) {
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

run("upstream", ["--import", "tsx", "upstream/src/main.ts"]);
await waitFor(`${upstreamUrl}/healthz`, 60_000).catch((e) => {
  console.error(e.message);
  stop(1);
});
if (!stopping) {
  run("portal", ["build/server.js"]);
  await waitFor(`http://localhost:${port}/healthz`, 30_000).catch((e) => {
    console.error(e.message);
    stop(1);
  });
  if (!stopping) console.log(`\nGatehouse is running: http://localhost:${port}  (reference upstream: ${upstreamUrl})\n`);
}
