// ---------------------------------------------------------------------------------------------
// A group's attachments (groups spec §3 "attachments", §5 and §9 "Files: 30MB in general"): the
// files its welcome and pre-registration emails carry (a PDF or an image each, at most 30 MB, at
// most 5 a group). Uploaded and deleted one at a time; read at `files/{name}` by the group's
// viewers. Rights: ManageVisitorGroup.viewer to list and read, .editor to upload and delete.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import type { RouteDef } from "./common.ts";
import { FileName, type UploadDef } from "./files.ts";
import { ATTACHMENT_KINDS } from "./messages.ts";
import { GROUP_ATTACHMENT_LIMITS } from "./group-messages.ts";


export const GroupAttachment = z.object({
  id: z.number().int(),
  /** The name it was uploaded with (shown, and offered when it is downloaded). */
  filename: z.string(),
  /** The stored file, read at `files/{name}`. */
  file: FileName,
  kind: z.enum(ATTACHMENT_KINDS),
  size: z.number().int(),
  created_at: z.string(),
});
export type GroupAttachment = z.infer<typeof GroupAttachment>;

const groupAttachmentUpload = { field: "file", kinds: ATTACHMENT_KINDS, maxBytes: GROUP_ATTACHMENT_LIMITS.bytes } as const satisfies UploadDef;

export const groupAttachmentRoutes = {
  groupAttachments: { method: "GET", path: "groups/{groupId}/attachments", base: "regional", auth: "bearer", response: z.array(GroupAttachment), summary: "The files the group's emails carry, oldest first (ManageVisitorGroup.viewer)" },
  uploadGroupAttachment: { method: "POST", path: "groups/{groupId}/attachments", base: "regional", auth: "bearer", upload: groupAttachmentUpload, response: GroupAttachment, summary: "Attach a file to the group's emails (multipart `file`: PDF, PNG, JPEG, GIF or WebP, at most 30 MB; at most 5 a group; ManageVisitorGroup.editor)" },
  deleteGroupAttachment: { method: "DELETE", path: "groups/{groupId}/attachments/{attachmentId}", base: "regional", auth: "bearer", response: z.object({ deleted: z.literal(true) }), summary: "Remove an attachment and its file (ManageVisitorGroup.editor)" },
} as const satisfies Record<string, RouteDef>;
