/** The apply form: the kept preview's token and the "archive members not in the file" box. */
import { z } from "zod";

export const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
export const ApplySchema = z.object({
  intent: z.literal("apply"),
  preview: z.string().regex(PREVIEW_TOKEN),
  archive_missing: z.literal("on").optional(),
});
