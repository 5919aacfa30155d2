/** The clients' test hook: a client's settings, limits and flags set as a test needs them. */
import { z } from "zod";
import { SCHEDULING_STATUSES } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { notFound } from "../http/errors.ts";
import { parseTestInput, type TestHook } from "../http/testhooks.ts";
import { findClientByGlobalId, toClient } from "../clients/model.ts";

const ClientBody = z.object({
  force_2fa: z.boolean().optional(),
  trial_ends_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .optional(),
  password_expiry_days: z
    .union([z.literal(30), z.literal(60), z.literal(90)])
    .nullable()
    .optional(),
  prevent_password_reuse: z.boolean().optional(),
  force_reauthentication: z.boolean().optional(),
  name: z.string().min(1).optional(),
  scheduling_status: z.enum(SCHEDULING_STATUSES).optional(),
  reseller: z.boolean().optional(),
  is_school: z.boolean().optional(),
  /** Merged into the existing settings (`settings || body`; a key sent as null is stored as null). */
  settings: z.record(z.string(), z.unknown()).optional(),
  /** Standard and remote sites the client may have (null = no limit). */
  site_limit: z.number().int().min(0).nullable().optional(),
  /** Groups the client may have (null = no limit). */
  group_limit: z.number().int().min(0).nullable().optional(),
});

export function testHooks(app: App): TestHook[] {
  return [
    {
      method: "POST",
      path: "/__test/clients/:globalId",
      handler: async (ctx) => {
        const client = await findClientByGlobalId(app.db, ctx.params.globalId);
        if (!client) throw notFound("Unknown client.");
        const b = parseTestInput(ClientBody, await ctx.readBody());
        const sets: string[] = [];
        const params: unknown[] = [client.id];
        const set = (col: string, value: unknown, cast = "") => {
          params.push(value);
          sets.push(`${col} = $${params.length}${cast}`);
        };
        if (b.force_2fa !== undefined) set("force_2fa", b.force_2fa);
        if (b.trial_ends_on !== undefined) set("trial_ends_on", b.trial_ends_on, "::date");
        if (b.password_expiry_days !== undefined) set("password_expiry_days", b.password_expiry_days);
        if (b.prevent_password_reuse !== undefined) set("prevent_password_reuse", b.prevent_password_reuse);
        if (b.force_reauthentication !== undefined) set("force_reauthentication", b.force_reauthentication);
        if (b.name !== undefined) set("name", b.name);
        if (b.scheduling_status !== undefined) set("scheduling_status", b.scheduling_status);
        if (b.reseller !== undefined) set("reseller", b.reseller);
        if (b.is_school !== undefined) set("is_school", b.is_school);
        if (b.site_limit !== undefined) set("site_limit", b.site_limit);
        if (b.group_limit !== undefined) set("group_limit", b.group_limit);
        if (b.settings !== undefined) {
          params.push(JSON.stringify(b.settings));
          sets.push(`settings = settings || $${params.length}::jsonb`);
        }
        if (sets.length) await app.db.query(`UPDATE clients SET ${sets.join(", ")} WHERE id = $1`, params);
        return { body: toClient((await findClientByGlobalId(app.db, ctx.params.globalId))!) };
      },
    },
  ];
}
