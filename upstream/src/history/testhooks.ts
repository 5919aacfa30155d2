/** The visit history's test hook: the busy demo client (ADR 025), for the history benchmark. */
import type { App } from "../runtime/app.ts";
import type { TestHook } from "../http/testhooks.ts";
import { seedBusyClient } from "./seed-busy.ts";

export function testHooks(app: App): TestHook[] {
  return [
    // The busy demo client (ADR 025), for the history benchmark: made once, a few seconds.
    { method: "POST", path: "/__test/busy-client", handler: async () => ({ body: await seedBusyClient(app.db) }) },
  ];
}
