/**
 * Validation of the uploads (branding, evacuation point photos, message attachments), shared by
 * server and browser through conform: a file of the right kind and size — with JavaScript the
 * browser checks the size before sending anything; without it the server stops reading at the
 * limit. Messages are translation keys (namespace "manage"); the upstream stays the authority on
 * the file's content.
 */
import { z } from "zod";
import { GROUP_ATTACHMENT_LIMITS, MANAGE_LIMITS } from "@contract";

export type UploadKind = "image" | "video" | "attachment" | "document";

export const UPLOAD_RULES = {
  image: {
    maxBytes: MANAGE_LIMITS.imageBytes,
    accept: "image/png,image/jpeg,image/gif,image/webp",
    tooLarge: "sites:media.image_too_large",
    wrongKind: null,
  },
  video: {
    maxBytes: MANAGE_LIMITS.welcomeVideoBytes,
    accept: ".mp4,.mov,video/mp4,video/quicktime",
    tooLarge: "sites:media.video_rules",
    wrongKind: "sites:media.video_rules",
  },
  /** A message's attachment: a PDF or an image (groups spec §5, §9: 50 MB). */
  attachment: {
    maxBytes: MANAGE_LIMITS.messageAttachmentBytes,
    accept: ".pdf,application/pdf,image/png,image/jpeg,image/gif,image/webp",
    tooLarge: "sites:media.attachment_rules",
    wrongKind: null,
  },
  /** A file a group's emails carry: a PDF or an image (groups spec §5, §9: 30 MB in general). */
  document: {
    maxBytes: GROUP_ATTACHMENT_LIMITS.bytes,
    accept: ".pdf,application/pdf,image/png,image/jpeg,image/gif,image/webp",
    tooLarge: "groups:attachments.rules",
    wrongKind: null,
  },
} as const satisfies Record<UploadKind, { maxBytes: number; accept: string; tooLarge: string; wrongKind: string | null }>;

/** What is wrong with a posted file, as a message key, or null. The upstream judges the content. */
export function fileProblem(value: unknown, kind: UploadKind): string | null {
  const rules = UPLOAD_RULES[kind];
  if (typeof File === "undefined" || !(value instanceof File) || (value.size === 0 && value.name === "")) return "sites:media.file_required";
  if (value.size === 0) return "sites:media.file_empty";
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
