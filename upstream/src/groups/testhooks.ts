/** The groups' test hook: a returning group of a test's own, with members, optionally signing out first or synced. */
import { z } from "zod";
import { SYNC_PROVIDERS } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { validation } from "../http/errors.ts";
import { parseTestInput, type TestHook } from "../http/testhooks.ts";
import { findClientByGlobalId } from "../clients/model.ts";

const NewGroupBody = z.object({
  client: z
    .string()
    .regex(/^[a-z]{2}:\d+$/)
    .default("eu:1"),
  name: z.string().trim().min(1).max(100),
  /** Shown at these sites only (the client's); a returning group. */
  site_ids: z.array(z.number().int()).min(1).max(20),
  allow_sign_out_first: z.boolean().default(false),
  members: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  /** Connected to this directory (a sync handler, its members synced), without calling it. */
  synced: z.enum(SYNC_PROVIDERS).optional(),
});

export function testHooks(app: App): TestHook[] {
  return [
    // A returning group of its own (shown at the given sites), with members, optionally signing out
    // first and optionally synced from a directory (ADR 015), so a test owns its people.
    {
      method: "POST",
      path: "/__test/groups",
      handler: async (ctx) => {
        const b = parseTestInput(NewGroupBody, await ctx.readBody());
        const client = await findClientByGlobalId(app.db, b.client);
        if (!client) throw validation({ client: [`Unknown client ${b.client}.`] });
        const body = await app.db.tx(async (q) => {
          const [group] = await q.query<{ id: number }>(
            `INSERT INTO groups (client_id, name, type, position, site_ids, allow_sign_out_first)
         VALUES ($1, $2, 'returning', (SELECT coalesce(max(position), -1) + 1 FROM groups WHERE client_id = $1), $3::jsonb, $4) RETURNING id`,
            [client.id, b.name, JSON.stringify(b.site_ids), b.allow_sign_out_first]
          );
          if (b.synced) {
            await q.query("INSERT INTO group_syncs (group_id, provider, status, access_token, enabled) VALUES ($1, $2, 'connected', 'test-token', true)", [
              group.id,
              b.synced,
            ]);
          }
          const members: { id: number; name: string }[] = [];
          for (const [i, name] of b.members.entries()) {
            const [m] = await q.query<{ id: number }>("INSERT INTO members (group_id, name, synced, directory_id) VALUES ($1, $2, $3, $4) RETURNING id", [
              group.id,
              name,
              !!b.synced,
              b.synced ? `test-${group.id}-${i}` : null,
            ]);
            members.push({ id: m.id, name });
          }
          return { id: group.id, name: b.name, members };
        });
        return { status: 201, body };
      },
    },
  ];
}
