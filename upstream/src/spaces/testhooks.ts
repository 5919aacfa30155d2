/**
 * Spaces' test hooks (ADR 036): a site's booking rules and its zones and spaces without the designer,
 * and one sweep of the auto-release at a chosen time.
 */
import { z } from "zod";
import { ADVANCE_LIMIT_UNITS, SPACE_CATEGORIES } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { notFound } from "../http/errors.ts";
import { parseTestInput, pathId, type TestHook } from "../http/testhooks.ts";
import { releaseUnused } from "./check-in.ts";

const Settings = z.object({
  advance_unit: z.enum(ADVANCE_LIMIT_UNITS).default("none"),
  advance_value: z.number().int().nullable().default(null),
  buffer_minutes: z.number().int().default(0),
  release_after_minutes: z.number().int().nullable().default(null),
});
const Node = z.object({ parent_id: z.number().int().nullable().default(null), name: z.string(), category: z.enum(SPACE_CATEGORIES).optional(), tags: z.array(z.string()).default([]), x: z.number().optional(), y: z.number().optional() });

export function testHooks(app: App): TestHook[] {
  return [
    {
      method: "POST",
      path: "/__test/sites/:id/spaces",
      handler: async (ctx) => {
        const b = parseTestInput(Settings, await ctx.readBody());
        const id = pathId(ctx.params.id);
        const rows = Number.isNaN(id) ? [] : await app.db.query("UPDATE sites SET spaces_enabled = true WHERE id = $1 RETURNING id", [id]);
        if (!rows.length) throw notFound("Unknown site.");
        await app.db.query(
          `INSERT INTO space_settings (site_id, advance_unit, advance_value, buffer_minutes, release_after_minutes) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (site_id) DO UPDATE SET advance_unit = $2, advance_value = $3, buffer_minutes = $4, release_after_minutes = $5`,
          [id, b.advance_unit, b.advance_value, b.buffer_minutes, b.release_after_minutes],
        );
        return { body: { ok: true } };
      },
    },
    {
      method: "POST",
      path: "/__test/sites/:id/spaces/nodes",
      handler: async (ctx) => {
        const b = parseTestInput(Node, await ctx.readBody());
        const id = pathId(ctx.params.id);
        const [row] = Number.isNaN(id)
          ? []
          : await app.db.query<{ id: number }>(
              "INSERT INTO space_nodes (site_id, parent_id, type, name, category, tags, x, y) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
              [id, b.parent_id, b.category ? "space" : "zone", b.name, b.category ?? null, b.tags, b.x ?? null, b.y ?? null],
            );
        if (!row) throw notFound("Unknown site.");
        if (b.category) await app.db.query("UPDATE sites SET space_exists = true WHERE id = $1", [id]);
        return { status: 201, body: { id: row.id } };
      },
    },
    {
      // A booking as it stands, rules unchecked (one already under way, used or not): for the pages that show bookings.
      method: "POST",
      path: "/__test/sites/:id/spaces/bookings",
      handler: async (ctx) => {
        const b = parseTestInput(z.object({ space_id: z.number().int(), person_name: z.string(), starts_at: z.string(), ends_at: z.string(), used: z.boolean().default(false) }), await ctx.readBody());
        const [row] = await app.db.query<{ id: number }>(
          `INSERT INTO space_bookings (site_id, space_id, category, starts_at, ends_at, held, person_kind, person_id, person_name, booked_by_kind, booked_by_id, booked_by_name, used_at)
           SELECT n.site_id, n.id, n.category, $2::timestamptz, $3::timestamptz, tstzrange($2::timestamptz, $3::timestamptz, '[)'), 'member', -nextval('space_bookings_id_seq')::int, $4::text, 'member', 0, $4::text, CASE WHEN $5::boolean THEN $2::timestamptz END
             FROM space_nodes n WHERE n.id = $1::int AND n.site_id = $6::int AND n.type = 'space' RETURNING id`,
          [b.space_id, b.starts_at, b.ends_at, b.person_name, b.used, pathId(ctx.params.id)],
        );
        if (!row) throw notFound("Unknown space.");
        return { status: 201, body: { id: row.id } };
      },
    },
    {
      method: "POST",
      path: "/__test/spaces/release",
      handler: async (ctx) => {
        const b = parseTestInput(z.object({ now: z.string().optional() }), await ctx.readBody());
        return { body: { released: await releaseUnused(app, b.now ? new Date(b.now) : new Date()) } };
      },
    },
  ];
}
