/**
 * Validation of the devices, sign-in points, attendees and settings tabs of a site, shared by
 * server and browser through conform. Messages are translation keys (a key with its values after a
 * "|"); the upstream stays the authority and its 422 messages are shown as they come.
 *
 *  - Devices: the 7-digit authorisation code the kiosk app shows (platform §9; spaces allowed) and
 *    a name.
 *  - Attendees: in ./attendees (libphonenumber, ~30 KB gzipped, only for that tab: ADR 010).
 *  - Settings: the kiosk idle timeout within its bounds, the auto sign-out time as HH:mm.
 */
import { z } from "zod";
import { singleLine } from "~/forms/control-characters";
import { MANAGE_LIMITS } from "@contract";

export const TOO_LONG = "common:validation.too_long";
export const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;

export const requiredName = (message: string, max = 100) => singleLine(z.string({ error: message }).trim().min(1, message).max(max, TOO_LONG));

// ---------------------------------------------------------------------------------------------
// Devices
// ---------------------------------------------------------------------------------------------

export const DEVICE_CODE_MESSAGE = `sites:devices.validation.code|${JSON.stringify({ digits: MANAGE_LIMITS.deviceCodeDigits })}`;
const CODE = new RegExp(`^\\d{${MANAGE_LIMITS.deviceCodeDigits}}$`);

/** The code as the upstream wants it: digits only (people type it as "123 4567"). */
export const deviceCode = (typed: string) => typed.replace(/\s+/g, "");

export const connectDeviceSchema = z.object({
  code: z
    .string({ error: DEVICE_CODE_MESSAGE })
    .max(20, DEVICE_CODE_MESSAGE)
    .refine((s) => CODE.test(deviceCode(s)), DEVICE_CODE_MESSAGE),
  name: requiredName("sites:devices.validation.name_required"),
});

export const renameDeviceSchema = z.object({ name: requiredName("sites:devices.validation.name_required") });

// ---------------------------------------------------------------------------------------------
// Sign-in points
// ---------------------------------------------------------------------------------------------

export const signInPointSchema = z.object({ name: requiredName("sites:sign_in_points.validation.name_required") });

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

/** The kiosk idle timeout's bounds in seconds (the upstream's, platform §5 number input). */
export const KIOSK_IDLE_TIMEOUT = { min: 15, max: 600 } as const;
const TIMEOUT_MESSAGE = `sites:settings.validation.idle_timeout|${JSON.stringify(KIOSK_IDLE_TIMEOUT)}`;
const CHOICE_MESSAGE = "sites:settings.validation.choice";

export const siteSettingsSchema = z.object({
  auto_sign_out_at: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "sites:settings.validation.time")
    .optional(),
  kiosk_idle_timeout: z
    .number({ error: TIMEOUT_MESSAGE })
    .int(TIMEOUT_MESSAGE)
    .min(KIOSK_IDLE_TIMEOUT.min, TIMEOUT_MESSAGE)
    .max(KIOSK_IDLE_TIMEOUT.max, TIMEOUT_MESSAGE),
  language_selection: z.boolean({ error: CHOICE_MESSAGE }).optional(),
  require_host: z.boolean({ error: CHOICE_MESSAGE }).optional(),
});
