/**
 * Shared fixtures and helpers for the e2e journeys: baseURL from the stack started in
 * global-setup, upstream test hooks, an axe-core accessibility check, and small UI steps.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";
import { ROOT } from "../support/stack";
import { createUpstreamUser, uniqueEmail, upstreamHook } from "../support/hooks";
import { totp } from "../support/totp";

export { expect };

export const DEMO_PASSWORD = "Demo-Passw0rd!";
export const DEMO_TOTP_SECRET = "JBSWY3DPEHPK3PXP";

function required(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run through tests/e2e/playwright.config.ts (its globalSetup starts the stack)`);
  return v;
}
export const portalUrl = () => required("E2E_PORTAL_URL");
export const upstreamUrl = () => required("E2E_UPSTREAM_URL");

// ---------------------------------------------------------------------------------------------
// Upstream test hooks
// ---------------------------------------------------------------------------------------------

export const hook = <T = any>(method: string, p: string, body?: unknown) => upstreamHook<T>(upstreamUrl(), method, p, body);
export { uniqueEmail };

/** A fresh user through POST /__test/users (Administrator in Acme Ltd, eu:1, unless told). */
export const createUser = (body: Record<string, unknown> & { email: string }) => createUpstreamUser(upstreamUrl(), body);

/** The newest mail to an address in the upstream's outbox (polls briefly: the mail is written after the answer). */
export async function latestMail(to: string): Promise<{ to: string; subject: string; body: string }> {
  let last: unknown;
  for (let i = 0; i < 30; i++) {
    try {
      return await hook("GET", `outbox?to=${encodeURIComponent(to)}`);
    } catch (err) {
      last = err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw last;
}

// ---------------------------------------------------------------------------------------------
// Translations (read at test time: other locales may still be arriving)
// ---------------------------------------------------------------------------------------------

export function localeFile(locale: string, ns: "auth" | "common" | "today"): string {
  return path.join(ROOT, "locales", locale, `${ns}.json`);
}

/** A string from locales/{locale}/{ns}.json by dotted key, or undefined when the file or key is missing. */
export function translation(locale: string, ns: "auth" | "common" | "today", key: string): string | undefined {
  const file = localeFile(locale, ns);
  if (!fs.existsSync(file)) return undefined;
  let node: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
  for (const part of key.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

// ---------------------------------------------------------------------------------------------
// Accessibility: axe-core on the current page
// ---------------------------------------------------------------------------------------------

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const timersRun = new WeakMap<Page, boolean>();

/**
 * Whether the page's timers fire, i.e. its context has JavaScript enabled (with it off, Chromium
 * still evaluates our code but never runs timers). Found once per page: a zero-delay timer fires
 * at once when scripts run; one that has not fired after 500 ms never will.
 */
async function scriptsRun(page: Page): Promise<boolean> {
  const known = timersRun.get(page);
  if (known !== undefined) return known;
  const fired = await Promise.race([
    page.evaluate(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 0))),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 500)),
  ]);
  timersRun.set(page, fired);
  return fired;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe (WCAG 2.0/2.1 A and AA) on the page as it is now and fails listing every violation.
 *
 * The portal's strict CSP (script-src with a nonce) blocks page.addScriptTag({content}), so
 * axe is evaluated through the DevTools protocol (page.evaluate), which CSP does not govern and
 * which also works in the nojs project (page scripts off, evaluation still allowed).
 */
export async function expectNoA11yViolations(page: Page, label?: string): Promise<void> {
  await page.waitForLoadState("load");
  const has = await page.evaluate(() => typeof (window as any).axe === "object").catch(() => false);
  if (!has) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (noTimers) => {
    const w = window as any;
    const realSetTimeout = w.setTimeout;
    const realClearTimeout = w.clearTimeout;
    if (noTimers) {
      // Without JavaScript, Chromium never fires timers (evaluation itself still works). axe
      // defers work with setTimeout(fn, 0) and only uses longer timers for frame/preload
      // timeouts and cache expiry: run the former as promise jobs (queueMicrotask callbacks do not
      // run either, promise reactions do), drop the latter.
      let id = 0;
      w.setTimeout = (fn: () => void, ms?: number) => {
        if (!ms || ms <= 1) void Promise.resolve().then(fn);
        return ++id;
      };
      w.clearTimeout = () => {};
    }
    try {
      const result = await w.axe.run(document, {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
        resultTypes: ["violations"],
      });
      return result.violations as AxeViolation[];
    } finally {
      w.setTimeout = realSetTimeout;
      w.clearTimeout = realClearTimeout;
    }
  }, !(await scriptsRun(page)));
  const where = `${label ? `${label} ` : ""}${page.url()}`;
  const report = violations
    .map((v) => `- ${v.id} (${v.impact}): ${v.help}\n  ${v.helpUrl}\n${v.nodes.map((n) => `    at ${JSON.stringify(n.target)}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, "\n      ")}` : ""}`).join("\n")}`)
    .join("\n");
  expect(violations.length, `axe found ${violations.length} accessibility violation(s) on ${where}:\n${report}\n`).toBe(0);
}

// ---------------------------------------------------------------------------------------------
// Page helpers
// ---------------------------------------------------------------------------------------------

export function jsEnabled(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled !== false;
}

/**
 * With JavaScript, wait until React has hydrated the page (Remix router created and the main
 * content carries React's props), so clicks go through the app rather than a native submit.
 * A no-op without JavaScript.
 */
export async function settled(page: Page, testInfo: TestInfo): Promise<void> {
  await page.waitForLoadState("load");
  // Only the portal is a Remix app (the identity provider's page is plain HTML).
  if (!jsEnabled(testInfo) || new URL(page.url()).origin !== portalUrl()) return;
  await page.waitForFunction(() => {
    const w = window as any;
    const main = document.querySelector("main");
    return !!w.__remixRouter && w.__remixRouter.state.navigation.state === "idle" && !!main && Object.keys(main).some((k) => k.startsWith("__reactProps"));
  });
}

/** Visible H1. */
export const heading = (page: Page) => page.getByRole("heading", { level: 1 });

/** After every step: the page is ready and axe finds nothing. */
export async function checkpoint(page: Page, testInfo: TestInfo, label?: string): Promise<void> {
  await settled(page, testInfo);
  await expectNoA11yViolations(page, label);
}

export interface SignInOptions {
  password?: string;
  totpSecret?: string;
  /**
   * true: an axe pass on each sign-in step. Only the sign-in specs (tests/e2e/login*.spec.ts) ask
   * for it: the steps are the same pages for every other test, and two axe passes per test cost
   * the suite a minute (ADR 012).
   */
  audit?: boolean;
}

/** The email step (the page must be on /login at the email step). */
export async function submitEmail(page: Page, testInfo: TestInfo, email: string, audit = true): Promise<void> {
  await expect(heading(page)).toHaveText("Sign in");
  if (audit) await checkpoint(page, testInfo, "email step");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
}

export async function submitPassword(page: Page, testInfo: TestInfo, password = DEMO_PASSWORD, audit = true): Promise<void> {
  await expect(heading(page)).toHaveText("Enter your password");
  if (audit) await checkpoint(page, testInfo, "password step");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function submitOneTimePassword(page: Page, testInfo: TestInfo, secret: string, audit = true): Promise<void> {
  await expect(heading(page)).toHaveText("Two-factor authentication");
  if (audit) await checkpoint(page, testInfo, "one-time password step");
  await page.getByLabel("Authentication code").fill(totp(secret));
  await page.getByRole("button", { name: "Verify" }).click();
}

/**
 * The stepped sign-in for an account without further steps (or with a one-time password),
 * starting from /login (opened unless the page is already there).
 */
export async function signIn(page: Page, testInfo: TestInfo, email: string, opts: SignInOptions = {}): Promise<void> {
  if (!page.url().startsWith(`${portalUrl()}/login`)) await page.goto("/login");
  const audit = opts.audit ?? false;
  await submitEmail(page, testInfo, email, audit);
  await submitPassword(page, testInfo, opts.password, audit);
  if (opts.totpSecret) await submitOneTimePassword(page, testInfo, opts.totpSecret, audit);
}

/** Signed in and on Today: the heading, the URL, and axe. */
export async function expectToday(page: Page, testInfo: TestInfo): Promise<void> {
  await expect(page).toHaveURL(/\/today$/);
  await expect(heading(page)).toHaveText("Today");
  await checkpoint(page, testInfo, "today");
}

/** The header's organisation badge and user menu of the signed-in shell. */
export const shell = (page: Page) => ({
  organisation: page.locator("header .shell-client"),
  userMenu: page.locator("header details.user-menu"),
  userMenuSummary: page.locator("header details.user-menu > summary"),
});

export async function openUserMenu(page: Page): Promise<void> {
  const s = shell(page);
  if ((await s.userMenu.getAttribute("open")) === null) await s.userMenuSummary.click();
  await expect(s.userMenu).toHaveAttribute("open", "");
}

// ---------------------------------------------------------------------------------------------
// The test object
// ---------------------------------------------------------------------------------------------

export const test = base.extend<{}>({
  baseURL: async ({}, use) => {
    await use(portalUrl());
  },
});
