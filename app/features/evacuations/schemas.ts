/**
 * Validation of the evacuation report's forms, shared by server and browser through conform.
 * Messages are translation keys (namespace "evacuations"). The upstream stays the authority: its
 * 422 (a completed report, an evacuee of another evacuation) comes back as the first message.
 */
import { z } from "zod";
import { EVACUEE_STATUSES } from "@contract/constants";

const id = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n > 0, message);

export const COMMENT_MAX = 2000;

/** One evacuee marked (a status button), with the evacuation point chosen in the same row. */
export const MarkSchema = z.object({
  evacueeId: id("evacuations:validation.evacuee_unknown"),
  status: z.enum(EVACUEE_STATUSES, { error: "evacuations:validation.status_unknown" }),
  pointId: id("evacuations:validation.point_unknown").optional(),
});

export const CommentSchema = z.object({
  content: z
    .string({ error: "evacuations:validation.comment_required" })
    .trim()
    .min(1, "evacuations:validation.comment_required")
    .max(COMMENT_MAX, "evacuations:validation.comment_too_long"),
  evacueeId: id("evacuations:validation.evacuee_unknown").optional(),
});

export const CompleteSchema = z.object({
  comment: z.string().trim().max(COMMENT_MAX, "evacuations:validation.comment_too_long").optional(),
});
