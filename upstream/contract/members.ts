// ---------------------------------------------------------------------------------------------
// Group members (groups spec §2–6; issue 15): the members of a returning group, as the members tab
// lists them, the member editor changes them, and import and export round-trip them.
//
// Rights (groups spec §6, group members): GroupMember.viewer to list and read, .editor to add,
// change, archive and import, .delete to delete, .sensitive to read and write the personal fields
// marked sensitive. Exporting needs ManageVisitorGroup.export (groups: export). Active clients only.
//
// This file holds what every part of the members area shares (the core fields, their rules and
// messages, the status filter, the permission flags); each part (editor tabs, import, export)
// adds its own routes below its own heading.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import type { RouteDef } from "./common.ts";

/** The members tab's status filter (groups spec §4). */
export const MEMBER_FILTERS = ["all", "current", "upcoming", "archived"] as const;
export type MemberFilter = (typeof MEMBER_FILTERS)[number];

/**
 * Where a member stands today: archived (archived_at set); upcoming (starts after today); ended
 * (ended before today, not archived: only under "all"); else current.
 */
export const MEMBER_STATES = ["current", "upcoming", "ended", "archived"] as const;
export type MemberState = (typeof MEMBER_STATES)[number];

/** The security tab's permission flags (groups spec §3), in the spec's order. */
export const MEMBER_PERMISSIONS = [
  "mobile_sign_in",
  "pre_register",
  "evacuation_list",
  "sign_in_history",
  "auto_sign_in",
  "today_view",
  "ai_assistant",
  "book_spaces",
  "delivery_sign_in",
  "view_all_bookings",
  "auto_approve_timesheet_change",
] as const;
export type MemberPermission = (typeof MEMBER_PERMISSIONS)[number];
/** Flags that exist only with a client feature flag: the AI assistant needs `ai-chat`. */
export const MEMBER_PERMISSION_FLAGS: Partial<Record<MemberPermission, string>> = { ai_assistant: "ai-chat" };

/** An emergency contact's phone type. */
export const EMERGENCY_PHONE_TYPES = ["mobile", "home", "work", "other"] as const;
/** An emergency contact's relationship to the member. */
export const EMERGENCY_RELATIONSHIPS = ["parent", "guardian", "partner", "spouse", "sibling", "child", "relative", "friend", "carer", "other"] as const;

export const MEMBER_LIMITS = {
  name: 100,
  email: 254,
  /** Emergency contacts a member may have. */
  emergencyContacts: 5,
  /** Members changed by one multi-edit. */
  multiEdit: 500,
  perPage: 15,
} as const;

// The upstream's words for the core fields' rules (the portal translates them: known-messages).
export const MEMBER_MESSAGES = {
  nameRequired: "The member name is required",
  email: "A valid email is required",
  emailTaken: "Another member of this group has this email",
  mobile: "Enter a valid mobile number",
  pin: "Pin must be 4 digits",
  dates: "The end date must be on or after the start date",
  before2038: "Dates must be before 2038",
  sites: "Choose sites the group is shown at",
  managerGroup: "A manager must belong to a group with Time & Attendance enabled",
  managerSelf: "A member cannot be their own manager",
  inviteNeedsEmail: "A member needs an email to get a welcome or companion invite",
  archived: "This member is archived",
} as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One emergency contact. `phone` is E.164 once stored. */
export const EmergencyContact = z.object({
  name: z.string().trim().min(1).max(100),
  phone: z.string().trim().min(1).max(40),
  phone_type: z.enum(EMERGENCY_PHONE_TYPES),
  relationship: z.enum(EMERGENCY_RELATIONSHIPS),
});
export type EmergencyContact = z.infer<typeof EmergencyContact>;

/**
 * The core fields, as the editor's details tab, multi-edit and import send them. Omitted fields are
 * left as they are (PATCH-like); null clears. The upstream normalises (`mobile` to E.164 in the
 * client's country, `email` lower-cased for matching but stored as typed) and answers 422 with
 * MEMBER_MESSAGES per field.
 */
export const MemberCoreInput = z.object({
  name: z.string().max(MEMBER_LIMITS.name),
  email: z.string().max(MEMBER_LIMITS.email).nullable(),
  mobile: z.string().max(40).nullable(),
  pin: z.string().max(10).nullable(),
  starts_on: isoDate.nullable(),
  ends_on: isoDate.nullable(),
  /** null = every site the group is shown at. */
  site_ids: z.array(z.number().int()).max(1000).nullable(),
  manager_id: z.number().int().nullable(),
}).partial();
export type MemberCoreInput = z.infer<typeof MemberCoreInput>;

/** A member as the members tab lists it. */
export const MemberSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  state: z.enum(MEMBER_STATES),
  /** The directory owns the name, email and mobile (an integrated group's synced member). */
  synced: z.boolean(),
});
export type MemberSummary = z.infer<typeof MemberSummary>;

export const MemberList = z.object({
  members: z.array(MemberSummary),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  /** Counts per filter, for the filter's labels. */
  counts: z.object({ all: z.number().int(), current: z.number().int(), upcoming: z.number().int(), archived: z.number().int() }),
});
export type MemberList = z.infer<typeof MemberList>;

// --- Routes (the members tab and the member editor) --------------------------------------------
export const memberRoutes = {} as const satisfies Record<string, RouteDef>;
