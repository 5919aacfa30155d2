// ---------------------------------------------------------------------------------------------
// Manage groups, as far as sites need them (platform §2 /manage/overview/groups and the site's
// groups tab, §5 "the group limit and the site limit are enforced"; groups spec §2 /manage/group/add,
// §5 "The group name is required"). A group is shown at every site of the client (`site_ids` NULL)
// or at the sites listed. Rights: ManageVisitorGroup.viewer to list, .editor to add; which groups a
// site shows is the site's setting (the viewer or editor right of the site's kind). Active clients
// only, like the site calls.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import type { RouteDef } from "./common.ts";

/** Standard groups are visitors who do not return; returning groups have members; deliveries are
 * not counted on site (spec platform §4, live counters). */
export const GROUP_TYPES = ["standard", "returning", "delivery"] as const;
export const GroupType = z.enum(GROUP_TYPES);

export const GROUP_NAME_MAX = 100;

/** GET manage/groups?search=&page=: the manage overview of groups (by name, 15 a page). */
export const ManagedGroupSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  type: GroupType,
  approval_required: z.boolean(),
  /** Shown at every site of the client (also future ones), or at `site_count` of them. */
  every_site: z.boolean(),
  site_count: z.number().int(),
  /** Members (returning groups; 0 for the others). */
  member_count: z.number().int(),
});
export type ManagedGroupSummary = z.infer<typeof ManagedGroupSummary>;
export const ManagedGroupList = z.object({
  groups: z.array(ManagedGroupSummary),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  /** The client's group limit (every group counts), null = none. */
  group_limit: z.number().int().nullable(),
  group_count: z.number().int(),
});

/** POST groups: a new group, shown at every site; 422 `group_limit` at the client's limit. */
export const CreateGroupRequest = z.object({
  name: z.string("The group name is required").trim().min(1, "The group name is required").max(GROUP_NAME_MAX, `The group name must be at most ${GROUP_NAME_MAX} characters`),
  type: z.enum(GROUP_TYPES, "Choose a group type"),
});

/** GET sites/{siteId}/groups: every group of the client, in display order, and whether this site shows it. */
export const SiteGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  type: GroupType,
  /** Shown at this site. */
  shown: z.boolean(),
  /** Shown at every site (the group lists no sites). */
  every_site: z.boolean(),
});
export type SiteGroup = z.infer<typeof SiteGroup>;
export const SiteGroups = z.object({ groups: z.array(SiteGroup) });

/**
 * POST sites/{siteId}/groups: exactly these groups are shown at the site (editor right of its
 * kind). A group shown at every site that is left out is from then on shown at every other site
 * the client has now. Ids must be groups of the client.
 */
export const SetSiteGroupsRequest = z.object({
  group_ids: z.array(z.number("Choose among your groups").int("Choose among your groups").positive("Choose among your groups")).max(1000),
});

export const groupRoutes = {
  siteGroups: { method: "GET", path: "sites/{siteId}/groups", base: "regional", auth: "bearer", response: SiteGroups, summary: "Every group of the client and whether this site shows it (viewer right of the site's kind)" },
  setSiteGroups: { method: "POST", path: "sites/{siteId}/groups", base: "regional", auth: "bearer", body: SetSiteGroupsRequest, response: SiteGroups, summary: "Show exactly these groups at the site (editor right of the site's kind); 422 for a group of another client" },
  manageGroups: { method: "GET", path: "manage/groups", base: "regional", auth: "bearer", response: ManagedGroupList, summary: "Manage overview: groups by name, 15 a page, with the group limit (ManageVisitorGroup.viewer); query search, page" },
  createGroup: { method: "POST", path: "groups", base: "regional", auth: "bearer", body: CreateGroupRequest, response: ManagedGroupSummary, summary: "Add a group, shown at every site (ManageVisitorGroup.editor); 422 group_limit at the client's group limit" },
} as const satisfies Record<string, RouteDef>;
