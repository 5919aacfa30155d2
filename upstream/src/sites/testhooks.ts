/** The sites' test hooks: a fresh site with a kiosk of its own, and a site's stored fields set unchecked. */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { SITE_TYPES } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { sha256 } from "../auth/crypto.ts";
import { one } from "../db/index.ts";
import { notFound, validation } from "../http/errors.ts";
import { parseTestInput, pathId, type TestHook } from "../http/testhooks.ts";
import { findClientByGlobalId, siteById, toSite } from "../clients/model.ts";

const NewSiteBody = z.object({
  client: z
    .string()
    .regex(/^[a-z]{2}:\d+$/)
    .default("eu:1"),
  name: z.string().trim().min(1).max(100),
  type: z.enum(SITE_TYPES).default("standard"),
  timezone: z.string().default("Europe/London"),
  /** Also show the client's groups that are limited to some sites (e.g. Acme's Contractors). */
  all_groups: z.boolean().default(false),
  /** Evacuation points of the site, in order. */
  evacuation_points: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
});

const SiteBody = z.object({
  space_exists: z.boolean().optional(),
  /** An event's dates as stored, unchecked (e.g. a start in the past, so the event has begun). */
  active_from: z.string().datetime({ offset: true }).nullable().optional(),
  active_until: z.string().datetime({ offset: true }).nullable().optional(),
});

export function testHooks(app: App): TestHook[] {
  return [
    // A fresh site (its own counts, visits and events) with one kiosk device; users of the client
    // with every site (site_ids null) see it, and groups shown at every site are shown there.
    {
      method: "POST",
      path: "/__test/sites",
      handler: async (ctx) => {
        const b = parseTestInput(NewSiteBody, await ctx.readBody());
        const client = await findClientByGlobalId(app.db, b.client);
        if (!client) throw validation({ client: [`Unknown client ${b.client}.`] });
        const deviceToken = `test-kiosk-${randomBytes(12).toString("hex")}`;
        const id = await app.db.tx(async (q) => {
          const [site] = await q.query<{ id: number }>(
            `INSERT INTO sites (client_id, type, name, timezone, position)
         VALUES ($1, $2, $3, $4, (SELECT coalesce(max(position), -1) + 1 FROM sites WHERE client_id = $1)) RETURNING id`,
            [client.id, b.type, b.name, b.timezone]
          );
          await q.query("INSERT INTO devices (site_id, name, token_hash) VALUES ($1, 'Test kiosk', $2)", [site.id, sha256(deviceToken)]);
          for (const [position, title] of b.evacuation_points.entries()) {
            await q.query("INSERT INTO evacuation_points (site_id, title, position) VALUES ($1, $2, $3)", [site.id, title, position]);
          }
          if (b.all_groups) {
            await q.query("UPDATE groups SET site_ids = site_ids || jsonb_build_array($2::int) WHERE client_id = $1 AND site_ids IS NOT NULL", [
              client.id,
              site.id,
            ]);
          }
          return site.id;
        });
        const groups = await app.db.query<{ id: number; name: string; type: string; approval_required: boolean }>(
          `SELECT id, name, type, approval_required FROM groups
        WHERE client_id = $1 AND (site_ids IS NULL OR site_ids @> jsonb_build_array($2::int)) ORDER BY position, id`,
          [client.id, id]
        );
        return { status: 201, body: { id, name: b.name, type: b.type, device_token: deviceToken, site: toSite((await siteById(app.db, id))!), groups } };
      },
    },
    {
      method: "POST",
      path: "/__test/sites/:id",
      handler: async (ctx) => {
        const id = pathId(ctx.params.id);
        const site = Number.isNaN(id) ? undefined : await one(app.db, "SELECT id FROM sites WHERE id = $1", [id]);
        if (!site) throw notFound("Unknown site.");
        const b = parseTestInput(SiteBody, await ctx.readBody());
        if (b.space_exists !== undefined) await app.db.query("UPDATE sites SET space_exists = $2 WHERE id = $1", [id, b.space_exists]);
        if (b.active_from !== undefined) await app.db.query("UPDATE sites SET active_from = $2::timestamptz WHERE id = $1", [id, b.active_from]);
        if (b.active_until !== undefined) await app.db.query("UPDATE sites SET active_until = $2::timestamptz WHERE id = $1", [id, b.active_until]);
        return { body: toSite((await siteById(app.db, id))!) };
      },
    },
  ];
}
