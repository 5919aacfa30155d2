/**
 * Test hooks of visit management (registered with the others when UPSTREAM_TEST_HOOKS=1, `area.ts`):
 * POST /__test/visits/retention runs the data retention sweep now; POST /__test/visits/{id} makes a
 * visit an old, finished one (`days_ago`: made, signed in and, an hour later, signed out that many
 * days ago) or a rejected sign-in (`rejection_reason`), so tests own their history.
 */
import { z } from "zod";
import { VISIT_REJECTION_REASONS } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one } from "../db/index.ts";
import { notFound } from "../http/errors.ts";
import { parseTestInput, pathId, type TestHook } from "../http/testhooks.ts";
import { removeExpiredVisits } from "./retention.ts";

const VisitBody = z.object({
  days_ago: z.number().int().min(0).max(10_000).optional(),
  rejection_reason: z.enum(VISIT_REJECTION_REASONS).optional(),
});

export function testHooks(app: App): TestHook[] {
  return [
    { method: "POST", path: "/__test/visits/retention", handler: async () => ({ body: { removed: await removeExpiredVisits(app) } }) },
    {
      method: "POST",
      path: "/__test/visits/:id",
      handler: async (ctx) => {
        const id = pathId(ctx.params.id);
        if (Number.isNaN(id) || !(await one(app.db, "SELECT 1 FROM visits WHERE id = $1", [id]))) throw notFound("Unknown visit.");
        const b = parseTestInput(VisitBody, await ctx.readBody());
        if (b.days_ago !== undefined) {
          await app.db.query(
            `UPDATE visits SET status = 'signed_out', created_at = now() - make_interval(days => $2::int),
                    signed_in_at = now() - make_interval(days => $2::int), signed_out_at = now() - make_interval(days => $2::int) + interval '1 hour' WHERE id = $1`,
            [id, b.days_ago],
          );
        }
        if (b.rejection_reason) await app.db.query("UPDATE visits SET status = 'rejected', signed_in_at = NULL, signed_out_at = NULL, rejection_reason = $2 WHERE id = $1", [id, b.rejection_reason]);
        return { body: await one(app.db, "SELECT id, status, created_at, rejection_reason FROM visits WHERE id = $1", [id]) };
      },
    },
  ];
}
