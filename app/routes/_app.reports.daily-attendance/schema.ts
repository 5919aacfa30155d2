/** The day override form of daily attendance (ADR 027): a status of the contract's list and an optional one-line note. */
import { z } from "zod";
import { ATTENDANCE_LIMITS, ATTENDANCE_STATUSES } from "@contract";
import { singleLine } from "~/forms/control-characters";

export const overrideSchema = z.object({
  status: z.enum(ATTENDANCE_STATUSES, { error: "attendance:day.validation.status" }),
  note: singleLine(z.string().trim().max(ATTENDANCE_LIMITS.note, "attendance:day.validation.note_too_long")).optional(),
});
export const OVERRIDE_FIELDS = ["status", "note"] as const;
