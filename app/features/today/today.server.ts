/**
 * The Today view's server side: what the selected site's page shows, and the actions behind its
 * buttons (sign out, approve), each behind its right (groups spec §6, today view). Failures become
 * the spec's toasts (platform §8: sign in and sign out failures); a 422 adds its first message.
 */
import type { Site } from "@contract";
import { can, type Holder } from "~/access/rights";
import type { Access } from "~/access/guard.server";
import { selectedSite } from "~/features/auth/site-selection.server";

export interface TodayPermissions {
  view: boolean;
  signInOut: boolean;
  signOutAll: boolean;
  approve: boolean;
  locations: boolean;
}

export function todayPermissions(who: Holder): TodayPermissions {
  return {
    view: can(who, "Today.viewer"),
    signInOut: can(who, ["Today.viewer", "Today.signInOut"]),
    signOutAll: can(who, ["Today.viewer", "Today.signOutAll"]),
    approve: can(who, ["Today.viewer", "Today.approve"]),
    locations: can(who, ["Today.viewer", "Today.locations"]),
  };
}

export const siteChannel = (siteId: number) => `private-Site.${siteId}`;

/** The selected site, or null when the user can see none. */
export async function todaySite(access: Pick<Access, "viewer" | "config">): Promise<Site | null> {
  return selectedSite(access.viewer, access.config.sites);
}
