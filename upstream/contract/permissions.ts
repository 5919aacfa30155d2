/**
 * Rights and the permission sections of the role editor (platform §6, groups spec §6).
 *
 * `CLIENT_RIGHTS` is every right a client's role can hold: the upstream's Administrator role holds
 * all of them, the portal's `Right` type is drawn from them (plus the super users' own right).
 * `PERMISSION_SECTIONS` is the role editor's matrix: each section of groups spec §6 with its levels,
 * each level the rights it grants together. A role holds a level when it holds every right of it.
 */
import { z } from "zod";

export const CLIENT_RIGHTS = [
  "AuditLog.viewer",
  "Today.viewer", "Today.signInOut", "Today.signOutAll", "Today.approve", "Today.locations",
  "EvacList.viewer",
  "EvacReport.viewer", "EvacReport.editor", "EvacReport.delete",
  "History.viewer", "History.export", "History.delete", "History.protect",
  "TimeSheet.viewer", "TimeSheet.export", "TimeSheet.editor",
  "BookingsReport.viewer", "BookingsReport.export",
  "ManageSite.viewer", "CustomField.view", "ManageSite.devices", "ManageSite.editor", "ManageSite.deleteRemote",
  "ManageEvent.viewer", "ManageEvent.editor",
  "ManageVisitorGroup.viewer", "ManageVisitorGroup.editor", "ManageVisitorGroup.delete", "ManageVisitorGroup.export",
  "GroupMember.viewer", "GroupMember.editor", "GroupMember.delete", "GroupMember.sensitive",
  "ManageClientApi.viewer",
  "ManageForm.viewer",
  "ManageNotification.viewer",
  "ManageUser.viewer", "ManageUser.editor", "ManageUser.delete", "ManageUser.remove2fa",
  "ManageClient.editor", "Client.view", "Client.update",
  "BlockList.viewer",
  "Spaces.viewer", "Spaces.editor", "Spaces.delete", "Spaces.book", "Spaces.overrideZones",
  "HealthCheck.editor",
  "Rota.viewer", "Scheduling.admin",
  "AbsenceReport.viewer", "AbsenceReport.view", "Absence.editor",
  "ClosurePeriod.viewer",
  "WorkingHours.editor",
  "Visit.editor",
  "Visit.notes",
  "DailyAttendanceReport.viewer", "DailyAttendanceReport.view", "DailyAttendanceReport.edit",
  "Referral.manager",
  "TimeAndAttendance.viewer",
  "ActivityStatus.editor",
] as const;
export type ClientRight = (typeof CLIENT_RIGHTS)[number];

/** Only super users hold it (the upstream adds it at sign-in); no role grants it. */
export const SUPER_RIGHT = "Super.clientUser.create" as const;

export interface PermissionLevel {
  /** Label key in the `roles` namespace: `level.<key>`. */
  key: string;
  rights: readonly ClientRight[];
}
export interface PermissionSection {
  /** Label key in the `roles` namespace: `section.<key>`. */
  key: string;
  levels: readonly PermissionLevel[];
}

const single = (key: string, ...rights: ClientRight[]): PermissionSection => ({ key, levels: [{ key: "access", rights }] });

/** The sections of groups spec §6, in its order. Every right of `CLIENT_RIGHTS` is in exactly one level. */
export const PERMISSION_SECTIONS: readonly PermissionSection[] = [
  single("audit_log", "AuditLog.viewer"),
  {
    key: "today",
    levels: [
      { key: "view", rights: ["Today.viewer"] },
      { key: "sign_in_out", rights: ["Today.signInOut"] },
      { key: "sign_out_all", rights: ["Today.signOutAll"] },
      { key: "approve", rights: ["Today.approve"] },
      { key: "locations", rights: ["Today.locations"] },
    ],
  },
  single("evacuation_list", "EvacList.viewer"),
  {
    key: "evacuation_reports",
    levels: [
      { key: "view", rights: ["EvacReport.viewer"] },
      { key: "edit", rights: ["EvacReport.editor"] },
      { key: "delete", rights: ["EvacReport.delete"] },
    ],
  },
  {
    key: "history",
    levels: [
      { key: "view", rights: ["History.viewer"] },
      { key: "export", rights: ["History.export"] },
      { key: "delete", rights: ["History.delete"] },
      { key: "protect", rights: ["History.protect"] },
    ],
  },
  {
    key: "timesheet",
    levels: [
      { key: "view", rights: ["TimeSheet.viewer"] },
      { key: "export", rights: ["TimeSheet.export"] },
      { key: "edit", rights: ["TimeSheet.editor"] },
    ],
  },
  {
    key: "bookings_report",
    levels: [
      { key: "view", rights: ["BookingsReport.viewer"] },
      { key: "export", rights: ["BookingsReport.export"] },
    ],
  },
  {
    key: "sites",
    levels: [
      { key: "view", rights: ["ManageSite.viewer", "CustomField.view"] },
      { key: "devices", rights: ["ManageSite.devices"] },
      { key: "edit", rights: ["ManageSite.editor"] },
      { key: "delete_remote", rights: ["ManageSite.deleteRemote"] },
    ],
  },
  {
    key: "events",
    levels: [
      { key: "view", rights: ["ManageEvent.viewer"] },
      { key: "edit", rights: ["ManageEvent.editor"] },
    ],
  },
  {
    key: "groups",
    levels: [
      { key: "view", rights: ["ManageVisitorGroup.viewer"] },
      { key: "edit", rights: ["ManageVisitorGroup.editor"] },
      { key: "delete", rights: ["ManageVisitorGroup.delete"] },
      { key: "export", rights: ["ManageVisitorGroup.export"] },
    ],
  },
  {
    key: "group_members",
    levels: [
      { key: "view", rights: ["GroupMember.viewer"] },
      { key: "edit", rights: ["GroupMember.editor"] },
      { key: "delete", rights: ["GroupMember.delete"] },
      { key: "sensitive", rights: ["GroupMember.sensitive"] },
    ],
  },
  single("client_api", "ManageClientApi.viewer"),
  single("forms", "ManageForm.viewer"),
  single("notifications", "ManageNotification.viewer"),
  {
    key: "portal_users",
    levels: [
      { key: "view", rights: ["ManageUser.viewer"] },
      { key: "edit", rights: ["ManageUser.editor"] },
      { key: "delete", rights: ["ManageUser.delete"] },
      { key: "remove_2fa", rights: ["ManageUser.remove2fa"] },
    ],
  },
  single("account_settings", "ManageClient.editor", "Client.view", "Client.update"),
  single("block_list", "BlockList.viewer"),
  {
    key: "spaces",
    levels: [
      { key: "view", rights: ["Spaces.viewer"] },
      { key: "edit", rights: ["Spaces.editor"] },
      { key: "delete", rights: ["Spaces.delete"] },
      { key: "book", rights: ["Spaces.book"] },
      { key: "override_zones", rights: ["Spaces.overrideZones"] },
    ],
  },
  single("health_certificates", "HealthCheck.editor"),
  single("scheduling_admin", "Scheduling.admin", "Rota.viewer"),
  {
    key: "absences",
    levels: [
      { key: "view", rights: ["AbsenceReport.viewer", "AbsenceReport.view"] },
      { key: "edit", rights: ["Absence.editor"] },
    ],
  },
  single("closure_days", "ClosurePeriod.viewer"),
  single("working_hours", "WorkingHours.editor"),
  single("visitor_edit", "Visit.editor"),
  single("visitor_notes", "Visit.notes"),
  {
    key: "daily_attendance",
    levels: [
      { key: "view", rights: ["DailyAttendanceReport.viewer", "DailyAttendanceReport.view"] },
      { key: "edit", rights: ["DailyAttendanceReport.edit"] },
    ],
  },
  single("referral_rewards", "Referral.manager"),
  single("time_and_attendance", "TimeAndAttendance.viewer"),
  single("activity_status", "ActivityStatus.editor"),
];

export const ClientRightSchema = z.enum(CLIENT_RIGHTS);
