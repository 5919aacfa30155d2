/**
 * Validation of the branding, evacuation point and message attachment forms, shared by server and browser through
 * conform: uploads (a file of the right kind and size — with JavaScript the browser checks the size
 * before sending anything; without it the server stops reading at the limit) and an evacuation
 * point (title required, an icon from the list, an optional location within bounds). Messages are
 * translation keys (namespace "manage"); the upstream stays the authority on the file's content.
 */
import { z } from "zod";
import { singleLine } from "~/forms/control-characters";
import { EVACUATION_POINT_ICONS, MANAGE_LIMITS } from "@contract";

export type UploadKind = "image" | "video" | "attachment";

export const UPLOAD_RULES = {
  image: {
    maxBytes: MANAGE_LIMITS.imageBytes,
    accept: "image/png,image/jpeg,image/gif,image/webp",
    tooLarge: "manage:media.image_too_large",
    wrongKind: null,
  },
  video: {
    maxBytes: MANAGE_LIMITS.welcomeVideoBytes,
    accept: ".mp4,.mov,video/mp4,video/quicktime",
    tooLarge: "manage:media.video_rules",
    wrongKind: "manage:media.video_rules",
  },
  /** A message's attachment: a PDF or an image (groups spec §5, §9: 50 MB). */
  attachment: {
    maxBytes: MANAGE_LIMITS.messageAttachmentBytes,
    accept: ".pdf,application/pdf,image/png,image/jpeg,image/gif,image/webp",
    tooLarge: "manage:media.attachment_rules",
    wrongKind: null,
  },
} as const satisfies Record<UploadKind, { maxBytes: number; accept: string; tooLarge: string; wrongKind: string | null }>;

/** What is wrong with a posted file, as a message key, or null. The upstream judges the content. */
export function fileProblem(value: unknown, kind: UploadKind): string | null {
  const rules = UPLOAD_RULES[kind];
  if (typeof File === "undefined" || !(value instanceof File) || (value.size === 0 && value.name === "")) return "manage:media.file_required";
  if (value.size === 0) return "manage:media.file_empty";
  if (value.size > rules.maxBytes) return rules.tooLarge;
  if (kind === "video" && !/\.(mov|mp4)$/i.test(value.name)) return rules.wrongKind;
  return null;
}

/** One file in the part `file`. */
export const uploadSchema = (kind: UploadKind) =>
  z.object({
    file: z.any().superRefine((value, ctx) => {
      const problem = fileProblem(value, kind);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  });

const coordinate = (limit: number, message: string) => z.number({ error: message }).min(-limit, message).max(limit, message).optional();

/**
 * Add or change an evacuation point. No icon is a choice ("" → none); the location is both
 * coordinates or neither.
 */
export const evacuationPointSchema = z
  .object({
    title: singleLine(
      z
        .string({ error: "manage:evacuationpoints.validation.title_required" })
        .trim()
        .min(1, "manage:evacuationpoints.validation.title_required")
        .max(100, "manage:validation.too_long"),
    ),
    icon: z.enum(EVACUATION_POINT_ICONS, { error: "manage:evacuationpoints.validation.icon" }).optional(),
    lat: coordinate(90, "manage:evacuationpoints.validation.lat"),
    lng: coordinate(180, "manage:evacuationpoints.validation.lng"),
  })
  .superRefine((v, ctx) => {
    if (v.lat === undefined && v.lng !== undefined) ctx.addIssue({ code: "custom", path: ["lat"], message: "manage:evacuationpoints.validation.location_both" });
    if (v.lng === undefined && v.lat !== undefined) ctx.addIssue({ code: "custom", path: ["lng"], message: "manage:evacuationpoints.validation.location_both" });
  });
export type EvacuationPointForm = z.infer<typeof evacuationPointSchema>;
