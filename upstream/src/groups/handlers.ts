/**
 * Groups: the list, a site's groups, one group's settings, personal fields, badge, directory sync, attachments and Slack.
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { groupAttachmentRoutes, groupBadgeRoutes, groupRoutes, groupSettingRoutes, groupSlackRoutes, groupSyncRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { deleteGroupAttachment, listGroupAttachments, uploadGroupAttachment } from "./group-attachments.ts";
import { getGroupBadge, updateGroupBadge } from "./group-badge.ts";
import { deleteGroup, getCentralRecord, getGroup, listManagerChoices, updateGroupSettings } from "./group-settings.ts";
import { completeGroupSlack, connectGroupSlack, disconnectGroupSlack, getGroupSlack, testGroupSlack, updateGroupSlack } from "./group-slack.ts";
import { completeGroupSync, connectGroupSync, disconnectGroupSync, getGroupSync, importGroupSync, runGroupSync, updateGroupSync } from "./group-sync.ts";
import { createGroup, getSiteGroups, listManagedGroups, setSiteGroups } from "./groups.ts";
import { createPersonalField, deletePersonalField, listPersonalFields, reorderPersonalFields, updatePersonalField } from "./personal-fields.ts";

export const groupHandlers = {
  siteGroups: ({ app, principal, ctx }) => getSiteGroups(app, principal, ctx.params.siteId),
  setSiteGroups: ({ app, principal, ctx, body }) => setSiteGroups(app, principal, ctx.params.siteId, body),
  manageGroups: ({ app, principal, ctx }) => listManagedGroups(app, principal, ctx.url.searchParams),
  createGroup: ({ app, principal, body }) => createGroup(app, principal, body),
  group: ({ app, principal, ctx }) => getGroup(app, principal, ctx.params.groupId),
  updateGroupSettings: ({ app, principal, ctx, body }) => updateGroupSettings(app, principal, ctx.params.groupId, body),
  deleteGroup: ({ app, principal, ctx, body }) => deleteGroup(app, principal, ctx.params.groupId, body),
  personalFields: ({ app, principal, ctx }) => listPersonalFields(app, principal, ctx.params.groupId),
  createPersonalField: ({ app, principal, ctx, body }) => createPersonalField(app, principal, ctx.params.groupId, body),
  updatePersonalField: ({ app, principal, ctx, body }) => updatePersonalField(app, principal, ctx.params.groupId, ctx.params.fieldId, body),
  deletePersonalField: ({ app, principal, ctx }) => deletePersonalField(app, principal, ctx.params.groupId, ctx.params.fieldId),
  reorderPersonalFields: ({ app, principal, ctx, body }) => reorderPersonalFields(app, principal, ctx.params.groupId, body),
  managerChoices: ({ app, principal, ctx }) => listManagerChoices(app, principal, ctx.url.searchParams),
  centralRecord: ({ app, principal }) => getCentralRecord(app, principal),
  groupBadge: ({ app, principal, ctx }) => getGroupBadge(app, principal, ctx.params.groupId),
  updateGroupBadge: ({ app, principal, ctx, body }) => updateGroupBadge(app, principal, ctx.params.groupId, body),
  groupSync: ({ app, principal, ctx }) => getGroupSync(app, principal, ctx.params.groupId),
  connectGroupSync: ({ app, principal, ctx, body }) => connectGroupSync(app, principal, ctx.params.groupId, body),
  completeGroupSync: ({ app, principal, body }) => completeGroupSync(app, principal, body),
  updateGroupSync: ({ app, principal, ctx, body }) => updateGroupSync(app, principal, ctx.params.groupId, body),
  runGroupSync: ({ app, principal, ctx }) => runGroupSync(app, principal, ctx.params.groupId),
  importGroupSync: ({ app, principal, ctx, body }) => importGroupSync(app, principal, ctx.params.groupId, body),
  disconnectGroupSync: ({ app, principal, ctx }) => disconnectGroupSync(app, principal, ctx.params.groupId),
  groupAttachments: ({ app, principal, ctx }) => listGroupAttachments(app, principal, ctx.params.groupId),
  uploadGroupAttachment: ({ app, principal, ctx, body }) => uploadGroupAttachment(app, principal, ctx.params.groupId, body),
  deleteGroupAttachment: ({ app, principal, ctx }) => deleteGroupAttachment(app, principal, ctx.params.groupId, ctx.params.attachmentId),
  groupSlack: ({ app, principal, ctx }) => getGroupSlack(app, principal, ctx.params.groupId),
  connectGroupSlack: ({ app, principal, ctx, body }) => connectGroupSlack(app, principal, ctx.params.groupId, body),
  completeGroupSlack: ({ app, principal, ctx, body }) => completeGroupSlack(app, principal, ctx.params.groupId, body),
  updateGroupSlack: ({ app, principal, ctx, body }) => updateGroupSlack(app, principal, ctx.params.groupId, body),
  testGroupSlack: ({ app, principal, ctx }) => testGroupSlack(app, principal, ctx.params.groupId),
  disconnectGroupSlack: ({ app, principal, ctx }) => disconnectGroupSlack(app, principal, ctx.params.groupId),
} satisfies Handlers<keyof typeof groupRoutes | keyof typeof groupSettingRoutes | keyof typeof groupBadgeRoutes | keyof typeof groupSyncRoutes | keyof typeof groupAttachmentRoutes | keyof typeof groupSlackRoutes>;
