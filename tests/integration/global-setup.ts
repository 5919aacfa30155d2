import type { TestProject } from "vitest/node";
import { startStack } from "../support/stack";

declare module "vitest" {
  export interface ProvidedContext {
    portalUrl: string;
    upstreamUrl: string;
    redisUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startStack();
  project.provide("portalUrl", stack.portal.url);
  project.provide("upstreamUrl", stack.upstream.url);
  project.provide("redisUrl", stack.redis.url);
  return async () => {
    await stack.close();
  };
}
