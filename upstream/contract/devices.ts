/** A managed site's devices tab: the kiosks connected to it (the rights and rules of the manage area: manage.ts). */
import { z } from "zod";
import { Ok, type RouteDef } from "./common.ts";

/** Devices (platform §4: online or offline; app up to date or outdated). */
export const Device = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  name: z.string(),
  status: z.enum(["online", "offline"]),
  app_version: z.string().nullable(),
  app_status: z.enum(["up_to_date", "outdated"]),
  last_seen_at: z.string().nullable(),
  connected_at: z.string(),
});
export type Device = z.infer<typeof Device>;
/** POST sites/{siteId}/devices: the 7-digit code the kiosk app shows (spaces allowed) and a name. */
export const ConnectDeviceRequest = z.object({
  code: z
    .string()
    .max(20)
    .transform((s) => s.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{7}$/, "The authorisation code has 7 digits")),
  name: z.string("A device name is required").trim().min(1, "A device name is required").max(100),
});
export const UpdateDeviceRequest = z.object({ name: ConnectDeviceRequest.shape.name });

export const deviceRoutes = {
  devices: { method: "GET", path: "sites/{siteId}/devices", base: "regional", auth: "bearer", response: z.array(Device), summary: "The site's devices: online or offline, app up to date or outdated (viewer right)" },
  device: { method: "GET", path: "sites/{siteId}/devices/{deviceId}", base: "regional", auth: "bearer", response: Device, summary: "One device (viewer right)" },
  connectDevice: { method: "POST", path: "sites/{siteId}/devices", base: "regional", auth: "bearer", body: ConnectDeviceRequest, response: Device, summary: "Connect the kiosk showing this 7-digit code to the site (editor right); 422 for a wrong or expired code" },
  updateDevice: { method: "PATCH", path: "sites/{siteId}/devices/{deviceId}", base: "regional", auth: "bearer", body: UpdateDeviceRequest, response: Device, summary: "Rename a device (editor right)" },
  deleteDevice: { method: "DELETE", path: "sites/{siteId}/devices/{deviceId}", base: "regional", auth: "bearer", response: Ok, summary: "Disconnect a device: its token stops working (editor right)" },
} as const satisfies Record<string, RouteDef>;
