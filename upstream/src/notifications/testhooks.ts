/**
 * Test hooks of notification delivery (registered with the others when UPSTREAM_TEST_HOOKS=1):
 * - POST /__test/notifications: a notification written directly (until a test uses the notif API);
 * - POST /__test/notifications/deliveries/run: make every waiting delivery due (`due`: true, the
 *   default) and send what is due now, then answer how many attempts were made;
 * - POST /__test/notifications/receiver-fault {name, status, count}: the demo receiver `name`
 *   answers `status` to its next `count` requests;
 * - POST /__test/notifications/auto-sign-out: the groups' auto-clear sweep now.
 */
import { z } from "zod";
import { NOTIFICATION_CHANNELS, NOTIFICATION_TRIGGERS } from "../../contract/notification-messages.ts";
import type { App } from "../runtime/app.ts";
import { settleBackground } from "../runtime/background.ts";
import { notFound } from "../http/errors.ts";
import { parseTestInput, type TestHook } from "../http/testhooks.ts";
import { findClientByGlobalId } from "../clients/model.ts";
import { autoSignOut } from "../visits/auto-sign-out.ts";
import { deliveriesIdle, runDueDeliveries } from "./delivery.ts";
import { setReceiverFault } from "./stand-ins.ts";

const NotificationBody = z.object({
  client: z.string().regex(/^[a-z]{2}:\d+$/).default("eu:1"),
  site_id: z.number().int().nullable().default(null),
  group_id: z.number().int().nullable().default(null),
  trigger: z.enum(NOTIFICATION_TRIGGERS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  recipients: z.array(z.string().max(254)).max(50).default([]),
  url: z.string().max(2000).nullable().default(null),
  secret: z.string().max(200).nullable().default(null),
  subject: z.string().max(200).nullable().default(null),
  filters: z.array(z.object({ field: z.string().max(110), operator: z.string().max(20), value: z.string().max(200) })).max(20).default([]),
  filter_match: z.enum(["all", "any"]).default("all"),
  enabled: z.boolean().default(true),
});

const FaultBody = z.object({ name: z.string().regex(/^[A-Za-z0-9_-]{1,60}$/), status: z.number().int().min(100).max(599), count: z.number().int().min(0).max(100) });

export function testHooks(app: App): TestHook[] {
  return [
    {
      method: "POST",
      path: "/__test/notifications",
      handler: async (ctx) => {
        const b = parseTestInput(NotificationBody, await ctx.readBody());
        const client = await findClientByGlobalId(app.db, b.client);
        if (!client) throw notFound("Unknown client.");
        const [{ id }] = await app.db.query<{ id: number }>(
          `INSERT INTO notifications (client_id, site_id, group_id, trigger, channel, recipients, url, secret, subject, filters, filter_match, enabled)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12) RETURNING id`,
          [client.id, b.site_id, b.group_id, b.trigger, b.channel, b.recipients, b.url, b.secret, b.subject, JSON.stringify(b.filters), b.filter_match, b.enabled],
        );
        return { status: 201, body: { id } };
      },
    },
    {
      method: "POST",
      path: "/__test/notifications/deliveries/run",
      handler: async (ctx) => {
        const raw = (await ctx.readBody()) as { due?: boolean } | null;
        await settleBackground(app);
        await deliveriesIdle(app);
        if (raw?.due !== false) await app.db.query("UPDATE notification_deliveries SET next_attempt_at = now() WHERE status IN ('pending', 'retrying')");
        return { body: { attempts: await runDueDeliveries(app) } };
      },
    },
    {
      method: "POST",
      path: "/__test/notifications/receiver-fault",
      handler: async (ctx) => {
        const b = parseTestInput(FaultBody, await ctx.readBody());
        setReceiverFault(app, b.name, b.status, b.count);
        return { body: { ok: true } };
      },
    },
    {
      method: "POST",
      path: "/__test/notifications/auto-sign-out",
      handler: async () => {
        const n = await autoSignOut(app);
        await settleBackground(app);
        return { body: { signed_out: n } };
      },
    },
  ];
}
