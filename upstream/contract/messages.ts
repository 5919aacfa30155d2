/** A managed site's messages tab (the rights and rules of the manage area: manage.ts). */
import type { Catalogue } from "./catalogue.ts";
import { CHECKBOX_LABEL_KEY, RECIPIENTS_KEY } from "./message-keys.ts";
import { z } from "zod";
import { Ok, type RouteDef } from "./common.ts";
import { FileName, type UploadDef } from "./files.ts";
import { MANAGE_LIMITS, ReorderRequest } from "./manage.ts";
import { blankToNull } from "./shared.ts";

/**
 * Site messages shown on the kiosk before sign-in (groups spec §3 message: action, label,
 * recipients, attachment, redisplay; §5: title, content, an icon character and a checkbox label are
 * required). `content` is rich text, sanitised on save. The action is what people do before going
 * on: tick the checkbox (`acknowledge`, its label required), sign with a finger (`sign`, the label
 * is the prompt above the signature, required) or only read it (`read`, no label: none is kept).
 * Recipients are every group (null) or the groups listed (at least one, shown at the site).
 * The attachment (a PDF or an image, at most 50 MB) is uploaded and removed with its own calls.
 */
export const MESSAGE_REDISPLAY = ["every_time", "when_updated", "12_hours", "1_day", "3_days", "5_days", "1_week", "1_month", "3_months", "6_months", "1_year"] as const;
export const MESSAGE_ACTIONS = ["acknowledge", "sign", "read"] as const;
export type MessageAction = (typeof MESSAGE_ACTIONS)[number];
/** What a message's attachment may be (judged by content). */
export const ATTACHMENT_KINDS = ["pdf", "png", "jpeg", "gif", "webp"] as const;
export const CHECKBOX_LABEL_REQUIRED = "A checkbox label is required";
export const RECIPIENTS_REQUIRED = "Choose at least one group";
export const RECIPIENTS_UNKNOWN = "Choose groups shown at this site";
export const ATTACHMENT_KIND_MESSAGE = "The attachment must be a PDF, PNG, JPEG, GIF or WebP file";
export const SiteMessage = z.object({
  id: z.number().int(),
  icon: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  action: z.enum(MESSAGE_ACTIONS),
  /** The checkbox's label or the signature's prompt; null for `read`. */
  checkbox_label: z.string().nullable(),
  /** Groups that see the message; null = every group. */
  recipient_group_ids: z.array(z.number().int()).nullable(),
  attachment: z.object({ name: FileName, kind: z.enum(ATTACHMENT_KINDS), size: z.number().int() }).nullable(),
  redisplay: z.enum(MESSAGE_REDISPLAY),
  position: z.number().int(),
  updated_at: z.string(),
});
export type SiteMessage = z.infer<typeof SiteMessage>;

/**
 * The rules that tie a message's attributes together, on the whole message (after defaults, or a
 * PATCH merged with the stored one): a label unless the action is `read`; chosen recipients are at
 * least one group. Field -> message; the upstream and the portal's form both use it.
 */
export function messageProblems(m: { action: MessageAction; checkbox_label: string | null | undefined; recipient_group_ids: readonly number[] | null | undefined }): Record<string, string> {
  const out: Record<string, string> = {};
  if (m.action !== "read" && !m.checkbox_label?.trim()) out.checkbox_label = CHECKBOX_LABEL_REQUIRED;
  if (m.recipient_group_ids && m.recipient_group_ids.length === 0) out.recipient_group_ids = RECIPIENTS_REQUIRED;
  return out;
}

const siteMessageShape = {
  icon: z.string("An icon character is required").trim().min(1, "An icon character is required").max(16),
  title: z.string("A message title is required").trim().min(1, "A message title is required").max(100),
  content: z.string("Message content is required").trim().min(1, "Message content is required").max(20_000),
  action: z.enum(MESSAGE_ACTIONS, "Choose what people do with the message"),
  /** Blank is none (allowed only for `read`). */
  checkbox_label: blankToNull(200),
  recipient_group_ids: z.array(z.number(RECIPIENTS_UNKNOWN).int(RECIPIENTS_UNKNOWN).positive(RECIPIENTS_UNKNOWN)).max(200).nullable(),
  redisplay: z.enum(MESSAGE_REDISPLAY),
};
export const SiteMessageRequest = z
  .object({
    ...siteMessageShape,
    action: siteMessageShape.action.default("acknowledge"),
    checkbox_label: siteMessageShape.checkbox_label.default(null),
    recipient_group_ids: siteMessageShape.recipient_group_ids.default(null),
    redisplay: siteMessageShape.redisplay.default("when_updated"),
  })
  .superRefine((m, ctx) => {
    for (const [field, message] of Object.entries(messageProblems(m))) ctx.addIssue({ code: "custom", path: [field], message });
  });
/** PATCH sends any subset; the rules are checked on the merged message. */
export const UpdateSiteMessageRequest = z.object(siteMessageShape).partial();

const attachmentUpload = { field: "file", kinds: ATTACHMENT_KINDS, maxBytes: MANAGE_LIMITS.messageAttachmentBytes } as const satisfies UploadDef;

export const messageRoutes = {
  siteMessages: { method: "GET", path: "sites/{siteId}/messages", base: "regional", auth: "bearer", response: z.array(SiteMessage), summary: "The site's messages in order (viewer right)" },
  createSiteMessage: { method: "POST", path: "sites/{siteId}/messages", base: "regional", auth: "bearer", body: SiteMessageRequest, response: SiteMessage, summary: "Add a message; its rich text is sanitised (editor right)" },
  updateSiteMessage: { method: "PATCH", path: "sites/{siteId}/messages/{messageId}", base: "regional", auth: "bearer", body: UpdateSiteMessageRequest, response: SiteMessage, summary: "Change a message; its rich text is sanitised (editor right)" },
  deleteSiteMessage: { method: "DELETE", path: "sites/{siteId}/messages/{messageId}", base: "regional", auth: "bearer", response: Ok, summary: "Delete a message (editor right)" },
  uploadSiteMessageAttachment: { method: "POST", path: "sites/{siteId}/messages/{messageId}/attachment", base: "regional", auth: "bearer", upload: attachmentUpload, response: SiteMessage, summary: "Attach a file to a message, replacing any (multipart `file`: PDF, PNG, JPEG, GIF or WebP, at most 50 MB; editor right)" },
  deleteSiteMessageAttachment: { method: "DELETE", path: "sites/{siteId}/messages/{messageId}/attachment", base: "regional", auth: "bearer", response: SiteMessage, summary: "Remove a message's attachment (editor right)" },
  reorderSiteMessages: { method: "POST", path: "sites/{siteId}/messages/order", base: "regional", auth: "bearer", body: ReorderRequest, response: z.array(SiteMessage), summary: "Reorder the messages: every id once (editor right)" },
} as const satisfies Record<string, RouteDef>;

/** A site's messages and their attachments: the catalogue (ADR 035). */
export const SITE_MESSAGE_CATALOGUE: Catalogue = {
  pairs: [
    [CHECKBOX_LABEL_REQUIRED, CHECKBOX_LABEL_KEY],
    [RECIPIENTS_REQUIRED, RECIPIENTS_KEY],
    [RECIPIENTS_UNKNOWN, "sites:messages.validation.recipients_unknown"],
    [ATTACHMENT_KIND_MESSAGE, "sites:media.attachment_kind"],
  ],
};
