/** Rights (abilities) the portal checks, as the upstream names them (spec platform §6). */
export const RIGHTS = [
  "ManageSite.viewer", "ManageSite.editor", "ManageEvent.viewer", "ManageEvent.editor",
  "ManageVisitorGroup.viewer", "ManageVisitorGroup.editor", "ManageVisitorGroup.delete", "ManageVisitorGroup.export", "GroupMember.viewer", "GroupMember.editor", "GroupMember.delete", "GroupMember.sensitive",
  "ManageClient.editor", "ManageUser.viewer", "ManageUser.editor", "AuditLog.viewer", "Referral.manager",
  "Spaces.viewer", "Spaces.editor", "HealthCheck.editor", "BlockList.viewer", "ManageClientApi.viewer",
  "ManageForm.viewer", "ManageNotification.viewer", "Rota.viewer", "ClosurePeriod.viewer",
  "TimeAndAttendance.viewer", "Client.view", "Client.update", "Super.clientUser.create",
  "EvacList.viewer", "EvacReport.viewer", "EvacReport.editor", "EvacReport.delete", "History.viewer", "BookingsReport.viewer", "TimeSheet.viewer",
  "AbsenceReport.viewer", "AbsenceReport.view", "DailyAttendanceReport.viewer", "DailyAttendanceReport.view",
  "CustomField.view",
  // Today view (groups spec §6): see who is on site, sign in/out, sign out all, approve pending
  // sign-ins, view locations.
  "Today.viewer", "Today.signInOut", "Today.signOutAll", "Today.approve", "Today.locations",
] as const;
export type Right = (typeof RIGHTS)[number];

/** The role that makes a user an administrator (spec §6: full access, the Manage tab). */
export const ADMINISTRATOR_ROLE = "Administrator";

/** Whoever holds abilities: an access context, or the `Access` of a request (its `ctx`). */
export type Holder = { abilities: ReadonlySet<string> } | { ctx: { abilities: ReadonlySet<string> } };

/** One right, or several that are all needed. */
export type Rights = Right | readonly [Right, ...Right[]];

/**
 * Whether the user holds the right (every one of them). The one way `app/` asks about a right:
 * typed (`Right`), never an ability string built by hand.
 */
export function can(who: Holder, rights: Rights): boolean {
  const abilities = "ctx" in who ? who.ctx.abilities : who.abilities;
  return (typeof rights === "string" ? [rights] : rights).every((r) => abilities.has(r));
}
