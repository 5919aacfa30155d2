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
import type { Catalogue } from "./catalogue.ts";
import { z } from "zod";
import type { RouteDef } from "./common.ts";
import { FileName, IMAGE_KINDS, DOCUMENT_KINDS, type UploadDef } from "./files.ts";

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
// The editor's tabs (groups spec §2): central record, details, notifications, security, documents,
// evacuation, QR/RFID, companion, spaces, time and attendance. One read (`member`) carries what
// every tab shows; each tab saves its own part (`updateMember`, a PATCH of that part only).

/** The editor's tabs, in the spec's order (their URL segments). */
export const MEMBER_TABS = ["central-record", "details", "notifications", "security", "documents", "evacuation", "credentials", "companion", "spaces", "time-and-attendance"] as const;
export type MemberTab = (typeof MEMBER_TABS)[number];

/** The notification preferences: which emails and text messages the member gets. */
export const MEMBER_NOTIFICATIONS = ["welcome_email", "pre_registration_email", "absence_email", "timesheet_email", "sign_in_reminder_sms", "evacuation_sms"] as const;
export type MemberNotification = (typeof MEMBER_NOTIFICATIONS)[number];

/** What the evacuation tab may say about how the member leaves a building (shown on the fire list). */
export const EVACUATION_ASSISTANCE = ["none", "mobility", "visual", "hearing", "cognitive", "medical", "other"] as const;

export const MEMBER_EDITOR_LIMITS = {
  documentTitle: 100,
  documentBytes: 30 * 1024 * 1024,
  documents: 20,
  evacuationNotes: 500,
  rfid: 64,
  /** Live credentials (QR codes and RFID tags) a member may hold. */
  credentials: 10,
  zones: 20,
  zone: 60,
  adjustments: 20,
  personalValue: 500,
  /** Hours a rota's day may hold; leave days a year. */
  rotaHours: 24,
  leaveDays: 366,
  /** A companion invite is not sent again to a member invited this recently (groups spec §9). */
  inviteHours: 72,
} as const;

export const MEMBER_EDITOR_MESSAGES = {
  notFound: "Member not found",
  documentNotFound: "Document not found",
  credentialNotFound: "Credential not found",
  documentsFull: `A member has at most ${MEMBER_EDITOR_LIMITS.documents} documents`,
  documentTitle: "The document title is required",
  rfidTaken: "This RFID tag is already in use",
  rfid: "Enter the RFID tag's number (letters and digits)",
  credentialsFull: `A member has at most ${MEMBER_EDITOR_LIMITS.credentials} QR codes and RFID tags`,
  personalValue: "Choose one of the field's options",
  personalRequired: "This field is required",
  sensitive: "You are not authorised to change sensitive personal data.",
  aiAssistant: "The AI assistant is not available to this client",
  centralRecordOff: "Central Record is not on for this client",
  multiEditNone: "Choose at least one member",
  multiEditTooMany: `Multi-edit changes at most ${MEMBER_LIMITS.multiEdit} members at once`,
  multiEditNothing: "Choose something to change",
  multiEditMember: "Member not in this group",
  zone: "Zone names are at most 60 characters",
  zoneUnknown: "Choose zones of the sites this member may use",
} as const;

const credentialKind = z.enum(["qr", "rfid"]);

export const MemberDocument = z.object({
  id: z.number().int(),
  title: z.string(),
  expires_on: z.string().nullable(),
  /** The stored file, read at `files/{name}`; null when the file is no longer there. */
  file: FileName.nullable(),
  filename: z.string().nullable(),
  size: z.number().int().nullable(),
  created_at: z.string(),
});
export type MemberDocument = z.infer<typeof MemberDocument>;

export const MemberCredential = z.object({
  id: z.number().int(),
  kind: credentialKind,
  /** A QR code's payload (what is printed) or the RFID tag's number. */
  value: z.string(),
  created_at: z.string(),
});
export type MemberCredential = z.infer<typeof MemberCredential>;

/** A personal field of the group with this member's answer (a sensitive one's answer only with GroupMember.sensitive). */
export const MemberPersonalAnswer = z.object({
  field_id: z.number().int(),
  label: z.string(),
  type: z.string(),
  options: z.array(z.string()),
  required: z.boolean(),
  sensitive: z.boolean(),
  /** The answer; null when none, or when it is sensitive and withheld (`withheld`). */
  value: z.string().nullable(),
  withheld: z.boolean(),
});

export const MemberEvacuation = z.object({
  assistance: z.enum(EVACUATION_ASSISTANCE),
  /** Shown on the fire list beside the member's name. */
  notes: z.string().max(MEMBER_EDITOR_LIMITS.evacuationNotes),
  /** A fire warden or first aider: the fire list marks them. */
  warden: z.boolean(),
  first_aider: z.boolean(),
});
export type MemberEvacuation = z.infer<typeof MemberEvacuation>;

const hours = z.number().min(0).max(MEMBER_EDITOR_LIMITS.rotaHours);
export const ROTA_DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export const MemberTimeAndAttendance = z.object({
  /** Hours expected each day of the week. */
  rota: z.object({ mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours, sun: hours }),
  /** Leave days a year, in steps of 0.5. */
  leave_allowance: z.number().min(0).max(MEMBER_EDITOR_LIMITS.leaveDays).multipleOf(0.5),
  adjustments: z.array(z.object({ days: z.number().min(-MEMBER_EDITOR_LIMITS.leaveDays).max(MEMBER_EDITOR_LIMITS.leaveDays).multipleOf(0.5), reason: z.string().trim().min(1).max(200) })).max(MEMBER_EDITOR_LIMITS.adjustments),
});
export type MemberTimeAndAttendance = z.infer<typeof MemberTimeAndAttendance>;

export const MemberDetail = MemberSummary.extend({
  group_id: z.number().int(),
  pin: z.string().nullable(),
  site_ids: z.array(z.number().int()).nullable(),
  manager: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  emergency_contacts: z.array(EmergencyContact),
  personal: z.array(MemberPersonalAnswer),
  notifications: z.record(z.enum(MEMBER_NOTIFICATIONS), z.boolean()),
  permissions: z.record(z.enum(MEMBER_PERMISSIONS), z.boolean()),
  /** The flags this client may set (`ai_assistant` only with `ai-chat`). */
  permissions_offered: z.array(z.enum(MEMBER_PERMISSIONS)),
  evacuation: MemberEvacuation,
  documents: z.array(MemberDocument),
  credentials: z.array(MemberCredential),
  /**
   * Why a credential may not work where the member signs in: `group_not_at_site` (a site of the
   * member's sites shown that the group is not shown at), by site id.
   */
  credential_warnings: z.array(z.object({ site_id: z.number().int(), site_name: z.string() })),
  companion: z.object({ connected_at: z.string().nullable(), invited_at: z.string().nullable() }),
  /**
   * Permitted zones (ids; names in older data) and the zones to choose from: each spaces site the
   * member may use, its zones depth first with their path.
   */
  spaces: z.object({
    zones: z.array(z.string()),
    sites: z.array(z.object({ site_id: z.number().int(), site_name: z.string(), zones: z.array(z.object({ id: z.number().int(), name: z.string(), path: z.string(), depth: z.number().int() })) })),
  }),
  time_and_attendance: MemberTimeAndAttendance,
  /** The member's Central Record link (their id there), with the client's Central Record on. */
  central_record: z.object({ enabled: z.boolean(), record_id: z.string().nullable() }),
  created_at: z.string(),
});
export type MemberDetail = z.infer<typeof MemberDetail>;

/**
 * Saving one tab: the parts given are replaced, the rest kept. `core` follows `MemberCoreInput`'s
 * rules; `personal` keyed by field id (a sensitive field needs GroupMember.sensitive; "" clears).
 */
export const MemberUpdate = z.object({
  core: MemberCoreInput,
  emergency_contacts: z.array(EmergencyContact).max(MEMBER_LIMITS.emergencyContacts),
  personal: z.record(z.string().regex(/^\d{1,9}$/), z.string().max(MEMBER_EDITOR_LIMITS.personalValue)),
  notifications: z.partialRecord(z.enum(MEMBER_NOTIFICATIONS), z.boolean()),
  permissions: z.partialRecord(z.enum(MEMBER_PERMISSIONS), z.boolean()),
  evacuation: MemberEvacuation,
  spaces: z.object({ zones: z.array(z.string().trim().min(1).max(MEMBER_EDITOR_LIMITS.zone)).max(MEMBER_EDITOR_LIMITS.zones) }),
  time_and_attendance: MemberTimeAndAttendance,
  central_record: z.object({ record_id: z.string().trim().max(100).nullable() }),
}).partial();
export type MemberUpdate = z.infer<typeof MemberUpdate>;

const memberIds = z.array(z.number().int().positive()).max(MEMBER_LIMITS.multiEdit);

/**
 * Multi-edit (groups spec §2 "members import and multi-edit"): every chosen member gets the same
 * change, in one transaction; a field left out is not touched; `permissions` sets (true) or clears
 * (false) each flag named. All or nothing: a member's problem is named by the member (`errors`
 * keyed `members.<id>`).
 */
export const MultiEditRequest = z.object({
  ids: memberIds,
  site_ids: z.array(z.number().int()).max(1000).nullable().optional(),
  starts_on: isoDate.nullable().optional(),
  ends_on: isoDate.nullable().optional(),
  manager_id: z.number().int().nullable().optional(),
  permissions: z.partialRecord(z.enum(MEMBER_PERMISSIONS), z.boolean()).optional(),
});
export type MultiEditRequest = z.infer<typeof MultiEditRequest>;

const memberDocumentUpload = { field: "file", kinds: [...DOCUMENT_KINDS, ...IMAGE_KINDS], maxBytes: MEMBER_EDITOR_LIMITS.documentBytes } as const satisfies UploadDef;

const changed = z.object({ changed: z.number().int() });
const R = { base: "regional", auth: "bearer" } as const;
const M = "groups/{groupId}/members";

export const memberRoutes = {
  groupMembers: { method: "GET", path: M, ...R, response: MemberList, summary: "The group's members by name, 15 a page, with each one's state and the count per filter (GroupMember.viewer); query filter (all, current, upcoming, archived), search (name or email), page" },
  createMember: { method: "POST", path: M, ...R, body: MemberCoreInput, response: MemberDetail, summary: "Add a member (GroupMember.editor; a returning group; MEMBER_MESSAGES per field)" },
  member: { method: "GET", path: `${M}/{memberId}`, ...R, response: MemberDetail, summary: "One member with what every editor tab shows; sensitive personal answers only with GroupMember.sensitive (GroupMember.viewer)" },
  updateMember: { method: "PATCH", path: `${M}/{memberId}`, ...R, body: MemberUpdate, response: MemberDetail, summary: "Save one tab's part of a member (GroupMember.editor; sensitive answers need GroupMember.sensitive)" },
  deleteMember: { method: "DELETE", path: `${M}/{memberId}`, ...R, response: z.object({ deleted: z.literal(true) }), summary: "Delete a member for good: their credentials and documents go, their visits stay with the name and no member (GroupMember.delete)" },
  archiveMembers: { method: "POST", path: `${M}/archive`, ...R, body: z.object({ ids: memberIds.min(1), archived: z.boolean() }), response: changed, summary: "Archive (credentials revoked) or unarchive members of the group (GroupMember.editor)" },
  multiEditMembers: { method: "POST", path: `${M}/multi-edit`, ...R, body: MultiEditRequest, response: changed, summary: "Change up to 500 members at once, all or nothing (GroupMember.editor)" },
  inviteMembers: { method: "POST", path: `${M}/companion-invite`, ...R, body: z.object({ ids: memberIds.min(1), bulk: z.boolean() }), response: z.object({ sent: z.number().int(), skipped: z.number().int() }), summary: "Email companion invites (GroupMember.editor). One member (bulk false): needs an email. Bulk: skips members without an email, with a connected device, or invited in the last 72 hours" },
  uploadMemberDocument: { method: "POST", path: `${M}/{memberId}/documents`, ...R, upload: memberDocumentUpload, response: MemberDocument, summary: "Add a document (multipart `file`: PDF or image, at most 30 MB; query title, expires_on; GroupMember.editor)" },
  deleteMemberDocument: { method: "DELETE", path: `${M}/{memberId}/documents/{documentId}`, ...R, response: z.object({ deleted: z.literal(true) }), summary: "Delete a document and its file (GroupMember.editor)" },
  issueMemberCredential: { method: "POST", path: `${M}/{memberId}/credentials`, ...R, body: z.object({ kind: credentialKind, value: z.string().max(MEMBER_EDITOR_LIMITS.rfid).optional() }), response: MemberCredential, summary: "Issue a QR code (value made by the upstream) or register an RFID tag (value; unique per client) (GroupMember.editor; not for an archived member)" },
  revokeMemberCredential: { method: "DELETE", path: `${M}/{memberId}/credentials/{credentialId}`, ...R, response: z.object({ deleted: z.literal(true) }), summary: "Revoke a QR code or RFID tag (GroupMember.editor)" },
} as const satisfies Record<string, RouteDef>;

/**
 * The members area's catalogue (ADR 035): the core fields' rules (`members:validation.<name>`) and
 * the editor's refusals (`members:errors.<name>`). Words another area states too are that area's:
 * the email, pin and manager rules the groups', the dates the history's, "This field is required"
 * the pre-registrations'.
 */
export const MEMBER_CATALOGUE: Catalogue = {
  tables: [
    { branch: "members:validation.", messages: MEMBER_MESSAGES, except: ["before2038", "email", "pin", "dates", "managerGroup"] },
    { branch: "members:errors.", messages: MEMBER_EDITOR_MESSAGES, except: ["personalRequired"] },
  ],
};
