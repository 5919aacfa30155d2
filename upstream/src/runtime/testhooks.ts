/** The running upstream's test hooks: its call statistics, injected answer faults, the work started after answers. */
import { z } from "zod";
import { routes, type RouteName } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { settleBackground } from "../runtime/background.ts";
import { parseTestInput, type TestHook } from "../http/testhooks.ts";

const RouteNameSchema = z.enum(Object.keys(routes) as [RouteName, ...RouteName[]]);

const FaultBody = z.object({
  route: RouteNameSchema,
  status: z.number().int().min(100).max(599),
  count: z.number().int().min(0).default(1),
  /** An error code for the answer's body, e.g. `trial_period_over`. */
  code: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .optional(),
});

export function testHooks(app: App): TestHook[] {
  return [
    { method: "GET", path: "/__test/stats", handler: () => ({ body: app.stats.snapshot() }) },
    {
      method: "POST",
      path: "/__test/stats/reset",
      handler: () => {
        app.stats.reset();
        return { body: { ok: true } };
      },
    },
    {
      method: "POST",
      path: "/__test/faults",
      handler: async (ctx) => {
        const b = parseTestInput(FaultBody, await ctx.readBody());
        app.stats.addFault(b.route, b.status, b.count, b.code);
        return { body: { ok: true } };
      },
    },
    // Wait until the work started after earlier answers (Slack messages after sign-ins) is done.
    {
      method: "POST",
      path: "/__test/background/settle",
      handler: async () => {
        await settleBackground(app);
        return { body: { ok: true } };
      },
    },
  ];
}
