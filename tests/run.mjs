#!/usr/bin/env node
// `npm test`: type-check, build, unit + integration tests (vitest), end-to-end tests (Playwright,
// Debian's Chromium), then one closing line with the totals.
//
// Real services: REDIS_URL and DATABASE_URL are used when set; otherwise the tests start a
// throwaway redis-server and the upstream uses its embedded database.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const tmp = path.join(root, "tests", ".tmp");
fs.mkdirSync(tmp, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- unit integration`
const wants = (step) => only.length === 0 || only.includes(step);
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(" ")}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`◀ ${name}: ${r.status === 0 ? "ok" : `failed (${r.status ?? r.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) failedSteps.push(name);
  return r.status === 0;
}

function which(bin) {
  return spawnSync("sh", ["-c", `command -v ${bin}`]).status === 0;
}

/**
 * A step run beside others (both type checks; the vitest projects, see below). Its output is
 * printed whole when it ends, so parallel steps never interleave.
 */
function runAsync(name, cmd, args, env = {}) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(" ")} (in parallel)`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env } });
    const out = [];
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => out.push(d));
    child.on("close", (status, signal) => {
      process.stdout.write(`\n──── ${name} ────\n`);
      process.stdout.write(Buffer.concat(out));
      console.log(`◀ ${name}: ${status === 0 ? "ok" : `failed (${status ?? signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (status !== 0) failedSteps.push(name);
      resolve(status === 0);
    });
  });
}


if (!process.env.REDIS_URL && !which("redis-server")) {
  console.error("The tests need Redis: set REDIS_URL, or install redis-server (Debian: apt-get install redis-server).");
  process.exit(1);
}

// Translations: every key of en_GB in every locale, none unknown, none unused (`npm run i18n:check`).
if (wants("i18n") || wants("typecheck")) run("i18n:check", "node", ["tests/tools/i18n-check.mjs"]);

if (wants("typecheck")) {
  await Promise.all([runAsync("typecheck (portal)", "npx", ["tsc", "--noEmit"]), runAsync("typecheck (upstream)", "npx", ["tsc", "--noEmit", "-p", "upstream/tsconfig.json"])]);
}
// Unit tests read the build too (tests/unit/page-weight.test.ts: the page weight budgets).
if (wants("build") || wants("unit") || wants("integration") || wants("e2e")) {
  // One retry: the bundler has been seen to crash at random ("all goroutines are asleep");
  // a real build error fails twice.
  const built = run("build", "npm", ["run", "build"]) || ((failedSteps = failedSteps.filter((s) => s !== "build")), run("build (retry)", "npm", ["run", "build"]));
  if (!built) {
    console.log("\nbuild failed: 0 passed, 1 failed");
    process.exit(1);
  }
}

/**
 * The vitest projects, each in a process of its own and all at once: the integration files run
 * one at a time and wait on HTTP much of it, which leaves a core for the unit files (the upstream's
 * database tests); the files that mostly wait on timers, or change the upstream for everyone while
 * they run, have a stack of their own (`integration-own-stack`, tests/vitest.config.ts) and run
 * beside the other integration files instead of after them.
 */
const projects = ["unit", "integration", "integration-own-stack", "integration-walk"].filter((p) => wants(p) || (p.startsWith("integration-") && wants("integration")));
/**
 * Projects that run one after the other in one slot: the access walk (its own stack, reading only)
 * starts once the timer-bound own-stack files end, so they never share the machine with it, and
 * Playwright no longer waits for the walk (ADR 012).
 */
const after = { "integration-walk": "integration-own-stack" };
const redisOffset = { "integration-own-stack": 1, "integration-walk": 3 };
/**
 * A long-lived Redis (REDIS_URL) is shared by the stacks that run at once: each uses a database
 * of its own (`offset` after the given one), so one's throttle counts, sessions and locks never
 * meet another's (each stack clears its throttle counts when it starts).
 */
function redisDb(offset) {
  const url = process.env.REDIS_URL;
  if (!url || offset === 0) return {};
  const u = new URL(url);
  u.pathname = `/${Number(u.pathname.slice(1) || "0") + offset}`;
  return { REDIS_URL: u.toString() };
}

/**
 * The end-to-end tests (their own stack and Redis database). They start as soon as the unit
 * project and the own-stack integration files (the timer-bound ones) end, beside the other
 * integration files, which mostly wait on HTTP: on two cores that fills the time they spend
 * waiting (ADR 012). GATEHOUSE_TEST_SERIAL=1
 * runs them after everything else instead.
 */
let e2e = null;
function startE2e() {
  if (e2e || !wants("e2e")) return e2e;
  if (!which("chromium") && !fs.existsSync("/usr/bin/chromium")) {
    console.error("End-to-end tests need Debian's Chromium: apt-get install chromium");
    failedSteps.push("e2e (no chromium)");
    return (e2e = Promise.resolve());
  }
  const report = path.join(tmp, "playwright.json");
  fs.rmSync(report, { force: true });
  e2e = runAsync("playwright", "npx", ["playwright", "test", "-c", "tests/e2e/playwright.config.ts"], { PLAYWRIGHT_JSON_OUTPUT_NAME: report, ...redisDb(2) }).then(() => {
    if (fs.existsSync(report)) {
      const s = JSON.parse(fs.readFileSync(report, "utf8")).stats ?? {};
      totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
      totals.failed += s.unexpected ?? 0;
      totals.skipped += s.skipped ?? 0;
      if ((s.expected ?? 0) + (s.unexpected ?? 0) + (s.flaky ?? 0) === 0) failedSteps.push("playwright ran no test");
    } else failedSteps.push("playwright report missing");
  });
  return e2e;
}
const overlap = process.env.GATEHOUSE_TEST_SERIAL !== "1";

const done = new Set();
if (projects.length) {
  const started = Date.now();
  const finished = {};
  await Promise.all(
    projects.map(async (project) => {
      if (after[project] && projects.includes(after[project])) await new Promise((resolve) => (finished[after[project]] = resolve));
      const report = path.join(tmp, `vitest-${project}.json`);
      fs.rmSync(report, { force: true });
      await runAsync(`vitest ${project}`, "npx", ["vitest", "run", "--config", "tests/vitest.config.ts", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], redisDb(redisOffset[project] ?? 0));
      if (fs.existsSync(report)) {
        const r = JSON.parse(fs.readFileSync(report, "utf8"));
        totals.passed += r.numPassedTests;
        totals.failed += r.numFailedTests;
        totals.skipped += r.numPendingTests + r.numTodoTests;
        if (r.numTotalTests === 0) failedSteps.push(`vitest ${project} ran no test`);
      } else failedSteps.push(`vitest ${project} report missing`);
      done.add(project);
      finished[project]?.();
      // Playwright waits for the unit files and for the timer-bound files of the own stack (token
      // lifetimes, streams within 2 s), which a loaded machine makes late; it runs beside the rest.
      if (overlap && ["unit", "integration-own-stack"].every((p) => !projects.includes(p) || done.has(p))) startE2e();
    }),
  );
  console.log(`◀ vitest (${projects.join(" + ")}): ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
await startE2e();

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(", ")}`);
const failed = totals.failed + (failedSteps.length && totals.failed === 0 ? failedSteps.length : 0);
console.log(`\n${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
