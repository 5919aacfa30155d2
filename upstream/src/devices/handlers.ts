/**
 * A site's kiosk devices (connecting one with its code).
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { deviceRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { connectDevice, deleteDevice, getDevice, listDevices, updateDevice } from "./devices.ts";

export const deviceHandlers = {
  devices: ({ app, principal, ctx }) => listDevices(app, principal, ctx.params.siteId),
  device: ({ app, principal, ctx }) => getDevice(app, principal, ctx.params.siteId, ctx.params.deviceId),
  connectDevice: ({ app, principal, ctx, body }) => connectDevice(app, principal, ctx.params.siteId, body),
  updateDevice: ({ app, principal, ctx, body }) => updateDevice(app, principal, ctx.params.siteId, ctx.params.deviceId, body),
  deleteDevice: ({ app, principal, ctx }) => deleteDevice(app, principal, ctx.params.siteId, ctx.params.deviceId),
} satisfies Handlers<keyof typeof deviceRoutes>;
