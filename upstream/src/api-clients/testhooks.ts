/** The client API's test hook (ADR 030): a credential's tokens expired, or its rate window filled. */
import type { App } from "../runtime/app.ts";
import { one } from "../db/index.ts";
import { notFound } from "../http/errors.ts";
import { pathId, type TestHook } from "../http/testhooks.ts";

export function testHooks(app: App): TestHook[] {
  return [
    // A client API credential's tokens expired, or its rate window filled (ADR 030).
    {
      method: "POST",
      path: "/__test/api-clients/:id",
      handler: async (ctx) => {
        const id = pathId(ctx.params.id);
        if (Number.isNaN(id) || !(await one(app.db, "SELECT 1 FROM api_clients WHERE id = $1", [id]))) throw notFound("Unknown API client.");
        const b = (await ctx.readBody()) as { expire_tokens?: boolean; window_count?: number };
        if (b.expire_tokens) await app.db.query("UPDATE api_client_tokens SET expires_at = now() - interval '1 second' WHERE api_client_id = $1", [id]);
        if (typeof b.window_count === "number") {
          await app.db.query(
            `INSERT INTO api_client_usage (api_client_id, window_start, window_count) VALUES ($1, date_trunc('minute', now()), $2)
         ON CONFLICT (api_client_id) DO UPDATE SET window_start = date_trunc('minute', now()), window_count = $2`,
            [id, Math.max(0, Math.floor(b.window_count))]
          );
        }
        return { body: { ok: true } };
      },
    },
  ];
}
