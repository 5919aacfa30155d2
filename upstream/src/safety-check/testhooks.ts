/** The safety check's test hook (ADR 029): a group's mode, without going through its sign-in tab. */
import { z } from "zod";
import type { App } from "../runtime/app.ts";
import { notFound } from "../http/errors.ts";
import { parseTestInput, pathId, type TestHook } from "../http/testhooks.ts";

export function testHooks(app: App): TestHook[] {
  return [
    // The safety check (ADR 029): a group's mode, without going through its sign-in tab.
    {
      method: "POST",
      path: "/__test/groups/:id/safety-check",
      handler: async (ctx) => {
        const b = parseTestInput(z.object({ mode: z.enum(["off", "soft", "hard"]) }), await ctx.readBody());
        const id = pathId(ctx.params.id);
        const rows = Number.isNaN(id)
          ? []
          : await app.db.query(
              `UPDATE groups SET settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{sign_in}', coalesce(settings->'sign_in', '{}'::jsonb) || jsonb_build_object('safety_check', $2::text)) WHERE id = $1 RETURNING id`,
              [id, b.mode]
            );
        if (!rows.length) throw notFound("Unknown group.");
        return { body: { ok: true } };
      },
    },
  ];
}
