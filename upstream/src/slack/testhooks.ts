/** The demo Slack's test hook: a fault (revoked tokens, a channel gone, rate limited, no answer). */
import { z } from "zod";
import type { App } from "../runtime/app.ts";
import { parseTestInput, type TestHook } from "../http/testhooks.ts";
import { setSlackFault, SLACK_FAULTS } from "./server.ts";

const SlackFaultBody = z.object({
  /** How the demo Slack fails from now on (invalid_auth revokes every token issued so far), or null to answer normally again. */
  fault: z.enum(SLACK_FAULTS).nullable(),
});

export function testHooks(app: App): TestHook[] {
  return [
    // The demo Slack: a fault (revoked tokens, a channel gone, rate limited, no answer).
    {
      method: "POST",
      path: "/__test/slack/faults",
      handler: async (ctx) => {
        const b = parseTestInput(SlackFaultBody, await ctx.readBody());
        setSlackFault(app, b.fault);
        return { body: { ok: true } };
      },
    },
  ];
}
