/**
 * A kiosk's own token: `Authorization: Device <token>` names a device of a site (only the token's
 * sha256 is stored). The kiosk's calls (`kiosk.ts`) and the file routes (../sites/uploads.ts: a
 * kiosk reads its site's files) authenticate with it.
 */
import type { IncomingMessage } from "node:http";
import type { Region } from "../../contract/index.ts";
import { sha256 } from "../auth/crypto.ts";
import { isExpired } from "../clients/model.ts";
import { one } from "../db/index.ts";
import { forbidden, HttpError } from "../http/errors.ts";
import type { App } from "../runtime/app.ts";
import { AppVersion } from "./devices.ts";

export interface DeviceSite {
  device_id: number;
  id: number;
  client_id: number;
  trial_ends_on: string | null;
}

const invalidDevice = () => new HttpError(401, { code: "invalid_device", message: "This device is not registered." });

/** The device of `Authorization: Device <token>` and its site, in this region. */
export async function authenticateDevice(app: App, req: IncomingMessage, region: Region): Promise<DeviceSite> {
  const h = req.headers.authorization;
  const m = typeof h === "string" ? /^Device\s+(\S{1,512})\s*$/i.exec(h) : null;
  if (!m) throw invalidDevice();
  const device = await one<DeviceSite>(
    app.db,
    `SELECT d.id AS device_id, s.id, s.client_id, c.trial_ends_on::text AS trial_ends_on
       FROM devices d JOIN sites s ON s.id = d.site_id JOIN clients c ON c.id = s.client_id
      WHERE d.token_hash = $1 AND c.region = $2`,
    [sha256(m[1]), region], // only the token's sha256 is stored
  );
  if (!device) throw invalidDevice();
  if (isExpired(device)) throw forbidden("Your trial period is over.", "trial_period_over");
  // Evacuation reports list the site's kiosks not seen for a while as offline; the manage devices
  // tab also shows whether the app (X-App-Version, when sent) is up to date.
  const version = req.headers["x-app-version"];
  const appVersion = typeof version === "string" && AppVersion.safeParse(version).success ? version : null;
  await app.db.query("UPDATE devices SET last_seen_at = now(), app_version = coalesce($2, app_version) WHERE id = $1", [device.device_id, appVersion]);
  return device;
}
