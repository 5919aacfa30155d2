/**
 * Starts the real stack once for the whole e2e run (Redis, the reference upstream with test hooks
 * and a fresh database, the built portal) and hands the URLs to the tests through env vars, which
 * Playwright's worker processes inherit. The returned function is Playwright's teardown.
 */
import type { FullConfig } from "@playwright/test";
import { startStack } from "../support/stack";

export default async function globalSetup(_config: FullConfig) {
  const started = Date.now();
  const stack = await startStack();
  // Acme's demo group limit (25) is not under test here: every file adds groups of its own to
  // Acme, and together they pass it. The limit's own tests set a limit on the client they use.
  await stack.upstream.hook("POST", "clients/eu:1", { group_limit: null });
  process.env.E2E_PORTAL_URL = stack.portal.url;
  process.env.E2E_UPSTREAM_URL = stack.upstream.url;
  process.env.E2E_REDIS_URL = stack.redis.url;
  process.env.E2E_NOTIFY_RECEIVER_PORT = String(stack.upstream.notifyReceiverPort);
  if (process.env.STACK_LOG || process.env.E2E_VERBOSE) {
    console.log(`[e2e] stack up in ${Date.now() - started} ms: portal ${stack.portal.url}, upstream ${stack.upstream.url}`);
  }
  return async () => {
    await stack.close();
  };
}
