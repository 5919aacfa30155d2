/** The users' test hook: a portal user of a test's own, with the accesses, password state and second factor it asks for. */
import { z } from "zod";
import type { App } from "../runtime/app.ts";
import { hashPassword } from "../auth/passwords.ts";
import { DEMO_PASSWORD } from "../clients/seed-data.ts";
import { one } from "../db/index.ts";
import { validation } from "../http/errors.ts";
import { parseTestInput, type TestHook } from "../http/testhooks.ts";
import { findClientByGlobalId } from "../clients/model.ts";

const UserBody = z.object({
  email: z.string().email(),
  name: z.string().optional(),
  password: z.string().optional(),
  client: z
    .string()
    .regex(/^[a-z]{2}:\d+$/)
    .default("eu:1"),
  role: z.string().default("Standard User"),
  password_expired: z.boolean().default(false),
  /** Days since the password was last changed (for the client's password_expiry_days policy). */
  password_changed_days_ago: z.number().int().min(0).optional(),
  terms_accepted: z.boolean().default(true),
  totp_secret: z.string().nullable().optional(),
  site_ids: z.array(z.number().int()).nullable().optional(),
  is_super: z.boolean().default(false),
  primary: z.boolean().default(false),
  billing: z.boolean().default(false),
  sso: z.boolean().default(false),
  locale: z.string().default("en_GB"),
  /** Further clients: [{client, role}]. */
  also: z.array(z.object({ client: z.string(), role: z.string().default("Standard User") })).default([]),
});

export function testHooks(app: App): TestHook[] {
  return [
    {
      method: "POST",
      path: "/__test/users",
      handler: async (ctx) => {
        const b = parseTestInput(UserBody, await ctx.readBody());
        const email = b.email.trim().toLowerCase();
        const accesses = [{ client: b.client, role: b.role }, ...b.also];
        const resolved: { clientId: number; roleId: number }[] = [];
        for (const a of accesses) {
          const client = await findClientByGlobalId(app.db, a.client);
          if (!client) throw validation({ client: [`Unknown client ${a.client}.`] });
          const role = await one<{ id: number }>(app.db, "SELECT id FROM roles WHERE client_id = $1 AND name = $2", [client.id, a.role]);
          if (!role) throw validation({ role: [`Unknown role ${a.role} in ${a.client}.`] });
          resolved.push({ clientId: client.id, roleId: role.id });
        }
        const hash = b.sso ? null : await hashPassword(b.password ?? DEMO_PASSWORD);
        const user = await app.db.tx(async (q) => {
          // Replace a user of the same address (tests may rerun against a kept database).
          await q.query("DELETE FROM users WHERE email = $1", [email]);
          const [u] = await q.query<{ id: number }>(
            `INSERT INTO users (email, name, password_hash, password_changed_at, password_expired, terms_accepted_at, totp_secret,
                            is_super, locale, sso, last_client_id)
         VALUES ($1, $2, $3, now() - make_interval(days => $4), $5, CASE WHEN $6 THEN now() END, $7, $8, $9, $10, $11)
         RETURNING id`,
            [
              email,
              b.name ?? email.split("@")[0],
              hash,
              b.password_changed_days_ago ?? 0,
              b.password_expired,
              b.terms_accepted,
              b.totp_secret ?? null,
              b.is_super,
              b.locale,
              b.sso,
              resolved[0].clientId,
            ]
          );
          for (const [i, r] of resolved.entries()) {
            await q.query(
              `INSERT INTO client_users (user_id, client_id, role_id, is_primary, is_billing, site_ids)
           VALUES ($1, $2, $3, $4, $5, $6::jsonb) ON CONFLICT (user_id, client_id) DO NOTHING`,
              [u.id, r.clientId, r.roleId, i === 0 && b.primary, i === 0 && b.billing, i === 0 && b.site_ids ? JSON.stringify(b.site_ids) : null]
            );
          }
          return u;
        });
        return { status: 201, body: { id: user.id, email, client: b.client, role: b.role } };
      },
    },
  ];
}
