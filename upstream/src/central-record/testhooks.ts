/** The demo Central Record's test hook: unreachable, or Wonde access removed (groups spec §8). */
import { z } from "zod";
import type { App } from "../runtime/app.ts";
import { parseTestInput, type TestHook } from "../http/testhooks.ts";
import { setCentralRecordFault } from "./server.ts";

export function testHooks(app: App): TestHook[] {
  return [
    // The demo Central Record: unreachable, or Wonde access removed (groups spec §8).
    {
      method: "POST",
      path: "/__test/central-record/fault",
      handler: async (ctx) => {
        const b = parseTestInput(z.object({ fault: z.enum(["central_record_connection", "wonde_removed"]).nullable() }), await ctx.readBody());
        setCentralRecordFault(app, b.fault);
        return { body: { ok: true } };
      },
    },
  ];
}
