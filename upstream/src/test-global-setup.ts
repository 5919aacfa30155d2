/**
 * vitest `globalSetup` of the upstream's tests (the unit project of tests/vitest.config.ts and
 * upstream/vitest.config.ts): the run's template database, migrated and seeded once, which every
 * test file's `startTestUpstream` copies (`test-template.ts`). Skipped when the run names only test
 * files outside the upstream.
 */
import { pgServerUrl } from "./test-support.ts";
import { prepareTemplate, TEMPLATE_ENV } from "./test-template.ts";

export default async function setup(): Promise<void> {
  const files = process.argv.filter((a) => /\.test\.[cm]?[jt]s$/.test(a));
  if (files.length && !files.some((f) => f.includes("upstream/") || !f.includes("/"))) return;
  const started = Date.now();
  const template = await prepareTemplate(pgServerUrl());
  process.env[TEMPLATE_ENV] = JSON.stringify(template);
  if (process.env.GH_TEMPLATE_LOG) console.log(`upstream test template ${JSON.stringify(template)} ready in ${Date.now() - started} ms`);
}
