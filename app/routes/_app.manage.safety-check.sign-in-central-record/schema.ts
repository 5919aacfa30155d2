/** The Central Record at sign-in form (ADR 029), shared by the browser (conform) and the server. */
import { z } from "zod";
import { CENTRAL_RECORD_GROUP_MODES, CENTRAL_RECORD_MINIMUM_RATINGS, CENTRAL_RECORD_UNREACHABLE } from "@contract";
import { areaKey } from "~/forms/area-keys";

const choice = "common:fields.invalid_choice";

export const centralRecordSchema = z.object({
  enabled: z.boolean({ error: choice }).optional(),
  groups: z.enum(CENTRAL_RECORD_GROUP_MODES, { error: choice }),
  group_ids: z.array(z.coerce.number({ error: areaKey("safety-check", "group") }).int().positive().max(999_999_999)).max(500).optional(),
  rating_systems: z.array(z.string().trim().min(1).max(100, areaKey("safety-check", "ratingSystem"))).max(50).optional(),
  minimum_rating: z.enum(CENTRAL_RECORD_MINIMUM_RATINGS, { error: choice }),
  when_unreachable: z.enum(CENTRAL_RECORD_UNREACHABLE, { error: choice }),
});
export type CentralRecordValues = z.infer<typeof centralRecordSchema>;
