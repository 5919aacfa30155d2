/** The devices' test hooks: a kiosk's connection code, a device's last call and app version. */
import { z } from "zod";
import { REGIONS } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { AppVersion, createDeviceCode, toDevice } from "../devices/devices.ts";
import { sha256 } from "../auth/crypto.ts";
import { one } from "../db/index.ts";
import { notFound } from "../http/errors.ts";
import { parseTestInput, pathId, type TestHook } from "../http/testhooks.ts";

const DeviceCodeBody = z.object({
  region: z.enum(REGIONS).default("eu"),
  app_version: AppVersion.nullable().default("3.12.0"),
  /** Make the code expired already (to see the "expired" answer). */
  expired: z.boolean().default(false),
});

const DeviceBody = z.object({
  /** Seconds since the device last called in (0 = now, online); null = never (offline). */
  last_seen_seconds_ago: z.number().int().min(0).nullable().optional(),
  app_version: AppVersion.nullable().optional(),
});

export function testHooks(app: App): TestHook[] {
  return [
    // A code as a kiosk app would show it (the admin then enters it on a site), with the token the
    // kiosk will use once connected.
    {
      method: "POST",
      path: "/__test/device-codes",
      handler: async (ctx) => {
        const b = parseTestInput(DeviceCodeBody, await ctx.readBody());
        const created = await createDeviceCode(app.db, b.region, b.app_version);
        if (b.expired) await app.db.query("UPDATE device_codes SET expires_at = now() - interval '1 minute' WHERE token_hash = $1", [sha256(created.token)]);
        return {
          status: 201,
          body: { ...created, region: b.region, expires_at: b.expired ? new Date(Date.now() - 60_000).toISOString() : created.expires_at },
        };
      },
    },
    // A device's last call and app version (online/offline, up to date/outdated on the devices tab).
    {
      method: "POST",
      path: "/__test/devices/:id",
      handler: async (ctx) => {
        const id = pathId(ctx.params.id);
        const device = Number.isNaN(id) ? undefined : await one(app.db, "SELECT id FROM devices WHERE id = $1", [id]);
        if (!device) throw notFound("Unknown device.");
        const b = parseTestInput(DeviceBody, await ctx.readBody());
        if (b.last_seen_seconds_ago !== undefined) {
          // make_interval(NULL) is NULL, so null clears it.
          await app.db.query("UPDATE devices SET last_seen_at = now() - make_interval(secs => $2::int) WHERE id = $1", [id, b.last_seen_seconds_ago]);
        }
        if (b.app_version !== undefined) await app.db.query("UPDATE devices SET app_version = $2 WHERE id = $1", [id, b.app_version]);
        const row = await one<Record<string, unknown>>(app.db, "SELECT * FROM devices WHERE id = $1", [id]);
        return { body: toDevice(row as never) };
      },
    },
  ];
}
