/**
 * The add-ons' test hooks (ADR 036, the Spaces add-on): the upstream has no clock of its own to
 * move, so a test moves a client's Spaces trial back in time instead (`days` earlier: its start,
 * its end and its last day), or marks it purchased.
 */
import { z } from "zod";
import type { App } from "../runtime/app.ts";
import { notFound } from "../http/errors.ts";
import { parseTestInput, type TestHook } from "../http/testhooks.ts";
import { parseGlobalId } from "../clients/model.ts";

const Shift = z.object({ days: z.number().int().min(0).max(366).default(0), purchased: z.boolean().default(false) });

export function testHooks(app: App): TestHook[] {
  return [
    {
      method: "POST",
      path: "/__test/clients/:globalId/addons/spaces/trial",
      handler: async (ctx) => {
        const b = parseTestInput(Shift, await ctx.readBody());
        const gid = parseGlobalId(decodeURIComponent(ctx.params.globalId ?? ""));
        const rows = gid
          ? await app.db.query(
              `UPDATE addon_trials t SET started_at = started_at - make_interval(days => $3), ends_at = ends_at - make_interval(days => $3),
                      last_day = last_day - $3::int, purchased_at = CASE WHEN $4 THEN now() ELSE purchased_at END
                 FROM clients c WHERE c.id = t.client_id AND c.region = $1 AND c.number = $2 AND t.addon = 'spaces' RETURNING t.client_id`,
              [gid.region, gid.number, b.days, b.purchased],
            )
          : [];
        if (!rows.length) throw notFound("No Spaces trial for this client.");
        return { body: { ok: true } };
      },
    },
  ];
}
