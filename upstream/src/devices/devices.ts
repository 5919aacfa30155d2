/**
 * Devices (front-desk kiosks) of a site, and connecting a new one with a 7-digit authorisation code
 * (platform §4 device states, §9 device authorisation code):
 *
 *  1. the kiosk app asks for a code: `POST /{region}/api/v2/kiosk/device-codes {app_version?}` →
 *     `{code, token, expires_at}` (no authorisation; the code is valid 15 minutes). The app shows
 *     the code and keeps the token secret;
 *  2. an administrator enters the code on a site: `POST sites/{siteId}/devices {code, name}` (the
 *     contract call). A wrong code and an expired one are told apart (422 `errors.code`);
 *  3. the claim creates the device with the kiosk's token (only its sha256 is stored), so the app's
 *     `Authorization: Device <token>` works from then on; it polls
 *     `GET /{region}/api/v2/kiosk/device-codes/status` (with that header) → `{status:
 *     "pending"|"connected"|"expired", site_id}` to learn when.
 *
 * A device is online when it called in within the last 5 minutes, and its app is up to date when the
 * version it reports (`X-App-Version` on kiosk calls) is at least the latest one.
 */
import { randomBytes, randomInt } from "node:crypto";
import { z } from "zod";
import { type ConnectDeviceRequest, type Device, MANAGE_LIMITS, REGIONS, type Region, type UpdateDeviceRequest } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { sha256 } from "../auth/crypto.ts";
import { one, type Queryable } from "../db/index.ts";
import { HttpError, validation, zodErrors } from "../http/errors.ts";
import type { Router } from "../http/router.ts";
import { iso } from "../clients/model.ts";
import { changeSite, readSite, regionOf, siteChild } from "../sites/manage.ts";
import { LATEST_APP_VERSION, type Principal } from "../clients/regional.ts";

/** How long a code shown on a kiosk can be claimed. */
export const DEVICE_CODE_TTL_MINUTES = 15;

interface DeviceRow {
  id: number;
  site_id: number;
  name: string;
  app_version: string | null;
  last_seen_at: Date | string | null;
  created_at: Date | string;
}

/** `a.b.c` compared numerically; a missing or unreadable version is outdated. */
export function isUpToDate(version: string | null, latest = LATEST_APP_VERSION): boolean {
  const parse = (v: string) => v.split(".").map((x) => Number(x));
  if (!version || !/^\d+(\.\d+){0,3}$/.test(version)) return false;
  const a = parse(version);
  const b = parse(latest);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return true;
}

export function toDevice(r: DeviceRow): Device {
  const seen = r.last_seen_at === null ? null : new Date(r.last_seen_at);
  const online = seen !== null && Date.now() - seen.getTime() < MANAGE_LIMITS.deviceOfflineAfterMinutes * 60_000;
  return {
    id: r.id,
    site_id: r.site_id,
    name: r.name,
    status: online ? "online" : "offline",
    app_version: r.app_version ?? null,
    app_status: isUpToDate(r.app_version) ? "up_to_date" : "outdated",
    last_seen_at: iso(r.last_seen_at),
    connected_at: iso(r.created_at)!,
  };
}

const NOT_FOUND = "Device not found.";

export const listDevices = (app: App, p: Principal, siteId: string) =>
  readSite(app, p, siteId, async (q, site) => (await q.query<DeviceRow>("SELECT * FROM devices WHERE site_id = $1 ORDER BY lower(name), id", [site.id])).map(toDevice));

export const getDevice = (app: App, p: Principal, siteId: string, deviceId: string) =>
  readSite(app, p, siteId, async (q, site) => toDevice(await siteChild<DeviceRow>(q, "devices", deviceId, site.id, NOT_FOUND)));

export function connectDevice(app: App, p: Principal, siteId: string, body: z.infer<typeof ConnectDeviceRequest>) {
  return changeSite(app, p, siteId, async (q, site) => {
    const code = await one<{ id: number; token_hash: string; app_version: string | null; expired: boolean }>(
      q,
      `SELECT id, token_hash, app_version, expires_at <= now() AS expired FROM device_codes
        WHERE region = $1 AND code = $2 AND device_id IS NULL FOR UPDATE`,
      [regionOf(p), body.code],
    );
    if (!code) throw validation({ code: ["This code is not valid: check the code the device shows"] });
    if (code.expired) throw validation({ code: ["This code has expired: the device will show a new one"] });
    const [device] = await q.query<DeviceRow>(
      "INSERT INTO devices (site_id, name, token_hash, app_version) VALUES ($1, $2, $3, $4) RETURNING *",
      [site.id, body.name, code.token_hash, code.app_version],
    );
    await q.query("UPDATE device_codes SET device_id = $2 WHERE id = $1", [code.id, device.id]);
    return toDevice(device);
  });
}

export function updateDevice(app: App, p: Principal, siteId: string, deviceId: string, body: z.infer<typeof UpdateDeviceRequest>) {
  return changeSite(app, p, siteId, async (q, site) => {
    const device = await siteChild<DeviceRow>(q, "devices", deviceId, site.id, NOT_FOUND, true);
    const [row] = await q.query<DeviceRow>("UPDATE devices SET name = $2 WHERE id = $1 RETURNING *", [device.id, body.name]);
    return toDevice(row);
  });
}

/** Disconnect: the row (and with it the device's token) goes. */
export function deleteDevice(app: App, p: Principal, siteId: string, deviceId: string) {
  return changeSite(app, p, siteId, async (q, site) => {
    const device = await siteChild<DeviceRow>(q, "devices", deviceId, site.id, NOT_FOUND, true);
    await q.query("DELETE FROM devices WHERE id = $1", [device.id]);
    return { message: "The device has been disconnected." };
  });
}

// ---------------------------------------------------------------------------------------------
// The kiosk's side: asking for a code, and learning when it was claimed
// ---------------------------------------------------------------------------------------------

export const AppVersion = z.string().regex(/^\d{1,4}(\.\d{1,4}){0,3}$/, "The app version must look like 3.12.0");

/** A fresh pending code for a kiosk of `region`: `{code, token, expires_at}`. Also used by the test hooks. */
export async function createDeviceCode(q: Queryable, region: Region, appVersion: string | null, ttlMinutes = DEVICE_CODE_TTL_MINUTES) {
  // Codes expired a day ago are of no use even to tell "expired" from "wrong".
  await q.query("DELETE FROM device_codes WHERE device_id IS NULL AND expires_at < now() - interval '1 day'");
  const token = `kiosk-${randomBytes(24).toString("base64url")}`;
  for (let attempt = 0; attempt < 20; attempt++) {
    const code = String(randomInt(0, 10 ** MANAGE_LIMITS.deviceCodeDigits)).padStart(MANAGE_LIMITS.deviceCodeDigits, "0");
    // A collision with another pending code of the region is retried with a new code.
    const [row] = await q.query<{ expires_at: Date | string }>(
      `INSERT INTO device_codes (region, code, token_hash, app_version, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5::int))
       ON CONFLICT (region, code) WHERE device_id IS NULL DO NOTHING RETURNING expires_at`,
      [region, code, sha256(token), appVersion, ttlMinutes],
    );
    if (row) return { code, token, expires_at: iso(row.expires_at)! };
  }
  throw new HttpError(503, { message: "No authorisation code is free right now; try again." });
}

const CodeRequest = z.object({ app_version: AppVersion.optional() });

export function registerDeviceCodeRoutes(router: Router, app: App): void {
  for (const region of REGIONS) {
    router.post(`/${region}/api/v2/kiosk/device-codes`, async (ctx) => {
      const b = CodeRequest.safeParse(await ctx.readBody());
      if (!b.success) throw validation(zodErrors(b.error));
      return { status: 201, body: await createDeviceCode(app.db, region, b.data.app_version ?? null) };
    });
    router.get(`/${region}/api/v2/kiosk/device-codes/status`, async (ctx) => {
      const m = /^Device\s+(\S{1,512})\s*$/i.exec(String(ctx.req.headers.authorization ?? ""));
      const row = m
        ? await one<{ site_id: number | null; expired: boolean }>(
            app.db,
            `SELECT d.site_id, c.expires_at <= now() AS expired FROM device_codes c LEFT JOIN devices d ON d.id = c.device_id
              WHERE c.token_hash = $1 AND c.region = $2`,
            [sha256(m[1]), region],
          )
        : undefined;
      if (!row) throw new HttpError(401, { code: "invalid_device", message: "This device is not registered." });
      const status = row.site_id !== null ? "connected" : row.expired ? "expired" : "pending";
      return { body: { status, site_id: row.site_id } };
    });
  }
}

/** OpenAPI paths of the kiosk's code calls (merged into the served document). */
export function deviceCodeOpenApiPaths(): Record<string, Record<string, unknown>> {
  return {
    "/kiosk/device-codes": {
      post: {
        operationId: "kioskDeviceCode",
        summary: "Kiosk app: get a 7-digit authorisation code to show (valid 15 minutes) and the token that works once an administrator enters the code",
        tags: ["kiosk"],
        // Public: a kiosk asks for its code before it has any token.
        security: [],
        requestBody: { required: false, content: { "application/json": { schema: z.toJSONSchema(CodeRequest, { io: "input" }) } } },
        responses: { "201": { description: "`{code, token, expires_at}`" }, "422": { description: "Validation errors" } },
      },
    },
    "/kiosk/device-codes/status": {
      get: {
        operationId: "kioskDeviceCodeStatus",
        summary: "Kiosk app: whether its code was claimed (Authorization: Device <token>) → `{status: pending|connected|expired, site_id}`",
        tags: ["kiosk"],
        security: [{ device: [] }],
        responses: { "200": { description: "`{status, site_id}`" }, "401": { description: "Unknown token (`invalid_device`)" } },
      },
    },
  };
}
