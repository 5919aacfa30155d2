/**
 * Playwright end-to-end tests of the portal, in a real browser against the real stack.
 *
 *   npm run build
 *   npx playwright test -c tests/e2e/playwright.config.ts
 *
 * Two projects: `js` (the hydrated app) runs every journey; `nojs` (plain HTML forms) runs only
 * the journeys tagged @nojs, one per area (docs/decisions/012-test-pyramid.md). @js-only marks
 * journeys that make no sense without JavaScript.
 * Chromium is Debian's (/usr/bin/chromium), override with CHROMIUM_PATH.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const CI = !!process.env.CI;

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: here,
  testMatch: /.*\.spec\.ts$/,
  outputDir: path.join(root, "test-results"),
  // Journeys through many pages run beside the integration tests (tests/run.mjs): up to a minute
  // and a half each, and 10 s for a page to answer a click on a loaded machine (the journeys that
  // promise "within 2 s" say so with their own timeouts).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  forbidOnly: CI,
  workers: 2,
  retries: CI ? 1 : 0,
  reporter: [
    ["list"],
    ["html", { outputFolder: path.join(root, "playwright-report"), open: "never" }],
    // tests/run.mjs reads the totals from here for its closing line.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["json"] as ["json"]] : []),
  ],
  globalSetup: path.join(here, "global-setup.ts"),
  use: {
    browserName: "chromium",
    headless: true,
    launchOptions,
    locale: "en-GB",
    timezoneId: "Europe/London",
    screenshot: "only-on-failure",
    // Recording a trace costs every test its snapshots (the worker's CPU on two cores): in CI a
    // trace is recorded for the retry of a failed test only; locally, kept for any failure.
    trace: CI ? "on-first-retry" : "retain-on-failure",
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    // baseURL is the portal started by global-setup: see the `baseURL` fixture in fixtures.ts.
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    // Without JavaScript only the journeys tagged @nojs (one per area, ADR 012): every other form's
    // no-JavaScript behaviour is tested over HTTP with the form driver (tests/integration/forms-*.test.ts).
    { name: "nojs", use: { javaScriptEnabled: false }, grep: /@nojs/, grepInvert: /@js-only/ },
  ],
});
