/** The directory integration's forms, shared by the browser and the server (messages are translation keys). */
import { z } from "zod";
import { SYNC_PROVIDERS, type SyncProvider } from "@contract";

/** The page of a group's Azure AD or Brivo integration (groups spec §2), or the list of groups to choose from. */
export const providerPath = (provider: SyncProvider, groupId?: number) => `/manage/group/${provider === "brivo" ? "brivo" : "azure"}-id${groupId ? `/${groupId}` : ""}`;

export const connectSchema = z.object({ provider: z.enum(SYNC_PROVIDERS, { error: "groups:sync.validation.provider" }) });

const FACILITY = "groups:sync.validation.facility_code";
export const chooseSchema = z.object({
  directory_group_id: z.string({ error: "groups:sync.validation.directory_group" }).trim().min(1, "groups:sync.validation.directory_group").max(200, "common:validation.too_long"),
  facility_code: z.number({ error: FACILITY }).int(FACILITY).min(0, FACILITY).max(255, FACILITY).optional(),
});

/** Directory groups to import as groups of their own (the integrated-groups-import flag): 1 to 20. */
export const importSchema = z.object({
  directory_group_ids: z
    .array(z.string(), { error: "groups:sync.validation.import_choose" })
    .min(1, "groups:sync.validation.import_choose")
    .max(20, "groups:sync.validation.import_max")
    .refine((ids) => ids.every((id) => /^[^\x00-\x1f\x7f]{1,200}$/.test(id)), "common:fields.invalid_choice"),
});
