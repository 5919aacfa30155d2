/**
 * The visit management forms (ADR 026), shared by server and browser through conform; messages are
 * keys of the visits namespace. The upstream checks every rule again (times, group, answers).
 */
import { z } from "zod";
import { VISIT_LIMITS } from "@contract";
import { singleLine } from "~/forms/control-characters";
import { postedId } from "~/forms/posted-id";
import { LOCAL_DATE_TIME } from "~/features/pre-registrations/date-time";

/** A time as the `datetime-local` field gives it (the site's local time), or empty. */
const localTime = z.string().regex(LOCAL_DATE_TIME, "visits:validation.time_format").optional();

export const editSchema = z.object({
  signed_in_at: localTime,
  signed_out_at: localTime,
  group_id: postedId("visits:validation.group_required"),
  host: singleLine(z.string().trim().max(VISIT_LIMITS.host, "visits:validation.too_long")).optional(),
  answers: z.array(singleLine(z.string().trim().max(VISIT_LIMITS.fieldValue, "visits:validation.too_long")).optional()).max(VISIT_LIMITS.fields).optional(),
});
export type EditValues = z.infer<typeof editSchema>;
export const EDIT_FIELDS = ["signed_in_at", "signed_out_at", "group_id", "host", "answers"] as const;

export const notesSchema = z.object({
  notes: z.string().max(VISIT_LIMITS.notes, "visits:validation.notes_too_long").optional(),
});

