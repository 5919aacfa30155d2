// ---------------------------------------------------------------------------------------------
// Directory integrations of a returning group (groups spec §1 "a group with a sync handler is an
// integrated group": Azure Active Directory, Google Apps, Brivo; §2 the callback and id pages; §5
// Brivo facility code 0–255; §8 the sync errors). Connect → the provider's consent → the portal's
// callback page → the upstream exchanges the code and syncs: the directory group's people become
// members marked `synced` (their synced fields are the directory's; members added by hand are never
// touched). The reference upstream runs a small demo directory speaking enough of each provider.
// Rights: ManageVisitorGroup.viewer to read, .editor to connect, choose, sync, disable, disconnect.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import type { RouteDef } from "./common.ts";
import { FACILITY_CODE_MESSAGE, SYNC_ERRORS, SYNC_IMPORT_CHOOSE, SYNC_PROVIDERS, type SyncErrorCode } from "./group-messages.ts";

export const GroupSync = z.object({
  /** The directory connected, or null. */
  provider: z.enum(SYNC_PROVIDERS).nullable(),
  /** connected: syncing; disabled: turned off (kept, no sync); error: the last sync failed (`error`). */
  status: z.enum(["none", "connected", "disabled", "error"]),
  error: z.enum(Object.keys(SYNC_ERRORS) as [SyncErrorCode, ...SyncErrorCode[]]).nullable(),
  /** The directory group the members come from (chosen after connecting). */
  directory_group: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The directory's groups to choose from (empty when not connected or the directory failed). */
  directory_groups: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Of those, the ones no group of this client is synced from yet (with the integrated-groups-import flag they can become groups). */
  importable: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Brivo only: the facility code its cards carry (0–255). */
  facility_code: z.number().int().nullable(),
  last_sync_at: z.string().nullable(),
  synced_members: z.number().int(),
  manual_members: z.number().int(),
});
export type GroupSync = z.infer<typeof GroupSync>;

/** POST groups/{groupId}/sync/connect: where to send the browser for the provider's consent. */
export const ConnectSyncRequest = z.object({
  provider: z.enum(SYNC_PROVIDERS, "Choose a directory"),
  /** The portal's callback page for this provider (the upstream checks it against its allow-list). */
  redirect_uri: z.string().url().max(500),
});
export const ConnectSyncResponse = z.object({ authorize_url: z.string().url() });

/** POST sync/callback: the provider sent the browser back with `code` and `state`. */
export const SyncCallbackRequest = z.object({
  provider: z.enum(SYNC_PROVIDERS),
  code: z.string().min(1).max(500),
  state: z.string().min(1).max(500),
  redirect_uri: z.string().url().max(500),
});
export const SyncCallbackResponse = z.object({ group_id: z.number().int(), provider: z.enum(SYNC_PROVIDERS) });

/** PATCH groups/{groupId}/sync: choose the directory group (then sync), the facility code, turn it on or off. */
export const UpdateSyncRequest = z.object({
  directory_group_id: z.string().min(1).max(200).nullable(),
  enabled: z.boolean(),
  facility_code: z.number(FACILITY_CODE_MESSAGE).int(FACILITY_CODE_MESSAGE).min(0, FACILITY_CODE_MESSAGE).max(255, FACILITY_CODE_MESSAGE).nullable(),
});

/** POST groups/{groupId}/sync/import: these directory groups of this connection become new returning groups, each synced. */
export const ImportSyncRequest = z.object({
  directory_group_ids: z.array(z.string().min(1).max(200)).min(1, SYNC_IMPORT_CHOOSE).max(20, "At most 20 directory groups at a time"),
});
export const ImportSyncResponse = z.object({ groups: z.array(z.object({ id: z.number().int(), name: z.string(), synced_members: z.number().int() })) });

export const groupSyncRoutes = {
  groupSync: { method: "GET", path: "groups/{groupId}/sync", base: "regional", auth: "bearer", response: GroupSync, summary: "The group's directory integration, its state and the directory's groups (ManageVisitorGroup.viewer)" },
  connectGroupSync: { method: "POST", path: "groups/{groupId}/sync/connect", base: "regional", auth: "bearer", body: ConnectSyncRequest, response: ConnectSyncResponse, summary: "Start connecting a directory: the consent URL, with a state bound to this user and group (ManageVisitorGroup.editor; returning groups; Brivo needs the brivo flag)" },
  completeGroupSync: { method: "POST", path: "sync/callback", base: "regional", auth: "bearer", body: SyncCallbackRequest, response: SyncCallbackResponse, summary: "Finish connecting: exchange the code (the state must be this user's, unused, under 10 minutes old)" },
  updateGroupSync: { method: "PATCH", path: "groups/{groupId}/sync", base: "regional", auth: "bearer", body: UpdateSyncRequest, response: GroupSync, summary: "Choose the directory group, the Brivo facility code, turn syncing on or off; a chosen group is synced at once" },
  runGroupSync: { method: "POST", path: "groups/{groupId}/sync/run", base: "regional", auth: "bearer", response: GroupSync, summary: "Sync now; a directory failure is recorded on the integration (status error) and answered 200 with it; a disabled one is 422 SYNC_DISABLED_MESSAGE" },
  importGroupSync: { method: "POST", path: "groups/{groupId}/sync/import", base: "regional", auth: "bearer", body: ImportSyncRequest, response: ImportSyncResponse, summary: "With the integrated-groups-import flag: each chosen directory group of this connection becomes a new returning group (named after it, offered where this group is), connected with the same directory and synced, in one transaction under the group limit (ManageVisitorGroup.editor)" },
  disconnectGroupSync: { method: "DELETE", path: "groups/{groupId}/sync", base: "regional", auth: "bearer", response: GroupSync, summary: "Disconnect: synced members become ordinary members (kept)" },
} as const satisfies Record<string, RouteDef>;
