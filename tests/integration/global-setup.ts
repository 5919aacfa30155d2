import type { TestProject } from "vitest/node";
import { startStack } from "../support/stack";

declare module "vitest" {
  export interface ProvidedContext {
    portalUrl: string;
    upstreamUrl: string;
    redisUrl: string;
    notifyReceiverPort: number;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startStack();
  // Acme's demo group limit (25) is not under test here: every file adds groups of its own to
  // Acme, and together they pass it. The limit's own tests set a limit on the client they use.
  await stack.upstream.hook("POST", "clients/eu:1", { group_limit: null });
  project.provide("portalUrl", stack.portal.url);
  project.provide("upstreamUrl", stack.upstream.url);
  project.provide("redisUrl", stack.redis.url);
  project.provide("notifyReceiverPort", stack.upstream.notifyReceiverPort);
  return async () => {
    await stack.close();
  };
}
