/** The roles' test hook: a custom role (created, or its rights replaced; users holding it keep it). */
import { z } from "zod";
import type { App } from "../runtime/app.ts";
import { validation } from "../http/errors.ts";
import { parseTestInput, type TestHook } from "../http/testhooks.ts";
import { ALL_RIGHTS, findClientByGlobalId, SUPER_RIGHT } from "../clients/model.ts";

const RoleBody = z.object({
  client: z
    .string()
    .regex(/^[a-z]{2}:\d+$/)
    .default("eu:1"),
  name: z.string().trim().min(1).max(100),
  rights: z.array(z.enum([...ALL_RIGHTS, SUPER_RIGHT] as [string, ...string[]])).max(100),
});

export function testHooks(app: App): TestHook[] {
  return [
    // A custom role (created, or its rights replaced; users holding it keep it).
    {
      method: "POST",
      path: "/__test/roles",
      handler: async (ctx) => {
        const b = parseTestInput(RoleBody, await ctx.readBody());
        const client = await findClientByGlobalId(app.db, b.client);
        if (!client) throw validation({ client: [`Unknown client ${b.client}.`] });
        const [role] = await app.db.query<{ id: number; name: string; rights: string[] }>(
          `INSERT INTO roles (client_id, name, rights) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (client_id, name) DO UPDATE SET rights = EXCLUDED.rights RETURNING id, name, rights`,
          [client.id, b.name, JSON.stringify([...new Set(b.rights)])]
        );
        return { status: 201, body: { ...role, client: b.client } };
      },
    },
  ];
}
