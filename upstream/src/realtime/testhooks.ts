/** The realtime server's test hooks: broadcasts, its counters, dropped connections, faults on a channel. */
import { z } from "zod";
import type { App } from "../runtime/app.ts";
import { parseTestInput, type TestHook } from "../http/testhooks.ts";
import { isValidChannelName } from "./protocol.ts";

const RealtimeFaultBody = z.object({
  channel: z.string().min(1),
  plan: z
    .array(z.enum(["drop", "hold", "pass"]))
    .min(1)
    .max(100),
});

const BroadcastBody = z.object({
  channel: z.string().refine(isValidChannelName, "Invalid channel name."),
  event: z.string().min(1).max(200),
  data: z.unknown().optional(),
});

export function testHooks(app: App): TestHook[] {
  return [
    // Realtime faults on one channel: drop or hold back (reorder) its next broadcasts.
    {
      method: "POST",
      path: "/__test/realtime/faults",
      handler: async (ctx) => {
        const b = parseTestInput(RealtimeFaultBody, await ctx.readBody());
        app.realtime.injectFaults(b.channel, b.plan);
        return { body: { ok: true } };
      },
    },
    // Realtime (Pusher protocol on /app/{key}).
    {
      method: "POST",
      path: "/__test/broadcast",
      handler: async (ctx) => {
        const b = parseTestInput(BroadcastBody, await ctx.readBody());
        return { body: { delivered: app.realtime.broadcast(b.channel, b.event, b.data ?? null) } };
      },
    },
    {
      method: "GET",
      path: "/__test/realtime",
      handler: () => {
        const s = app.realtime.stats();
        return {
          body: {
            connections: s.connections,
            channels: s.channels,
            messages_sent: s.messagesSent,
            messages_received: s.messagesReceived,
            broadcasts: s.broadcasts,
          },
        };
      },
    },
    { method: "POST", path: "/__test/realtime/drop", handler: () => ({ body: { dropped: app.realtime.dropAll() } }) },
  ];
}
