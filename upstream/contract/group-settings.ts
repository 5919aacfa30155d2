// ---------------------------------------------------------------------------------------------
// One group's own screens (groups spec §2 tabs, §3 "Group settings" and "Personal field", §5
// validation, §9 limits): the group with its settings by tab, its personal fields, and deleting
// it by typing its name.
// Rights: ManageVisitorGroup.viewer to read, .editor to change, .delete to delete (groups spec §6:
// groups view, edit, delete, export). Active clients only.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import type { RouteDef } from "./common.ts";
import { ReorderRequest, SUPPORTED_LOCALES } from "./manage.ts";
import { GROUP_NAME_MAX, GroupType } from "./groups.ts";
import {
  PIN_MESSAGE,
  REPLY_TO_MESSAGE,
  GROUP_NAME_MESSAGE,
  DELETE_NAME_MESSAGE,
  RECIPIENTS_MESSAGE,
  SIGN_OUT_FIRST_MESSAGE,
  AUTO_CLEAR_TIME_MESSAGE,
  AUTO_CLEAR_HOURS_MESSAGE,
  GROUP_ON_SITE_MESSAGE,
  SYSTEM_FIELD_DELETE_MESSAGE,
  SYSTEM_FIELD_TYPE_MESSAGE,
  PERSONAL_FIELD_LIMITS,
  PERSONAL_FIELDS_FULL,
  FAVOURITES_FULL,
  OPTIONS_REQUIRED,
  LABEL_REQUIRED,
  LABEL_TAKEN,
  BADGE_LIMITS,
  BADGE_TOO_MANY,
  BADGE_OUTSIDE,
  BADGE_PERSONAL_OFF,
  BADGE_UNKNOWN_FIELD,
  BADGE_UNKNOWN_PERSONAL,
  BADGE_TEXT_REQUIRED,
  SITES_MESSAGE,
  MANAGER_MESSAGE,
  RATING_SYSTEMS_MESSAGE,
  SYNC_ERRORS,
  type SyncErrorCode,
} from "./group-messages.ts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TEXT_MAX = 2000;
const LINE_MAX = 200;

/** Data retention: 1 day to 15 years; member retention: 7 days to 6 years (groups spec §9). */
export const DATA_RETENTIONS = ["1d", "7d", "30d", "90d", "6m", "1y", "2y", "3y", "5y", "7y", "10y", "15y"] as const;
export const MEMBER_RETENTIONS = ["7d", "30d", "90d", "6m", "1y", "2y", "3y", "6y"] as const;
/** Photo chance and prompt (groups spec §9). */
export const PHOTO_MODES = ["site_default", "first_sign_in", "when_missing", "never"] as const;
/** Companion PIN prompt frequency (groups spec §9). */
export const COMPANION_PIN_PROMPTS = ["new_device", "every_open", "hourly", "daily", "weekly", "monthly"] as const;
/** Safety check modes (groups spec §4): don't check, soft (allow, logged), hard (reject). */
export const SAFETY_CHECK_MODES = ["off", "soft", "hard"] as const;
export const BADGE_PRINTING = ["off", "automatic", "ask"] as const;
export const AUTO_CLEAR = ["off", "at_time", "after_duration"] as const;
/** Time & Attendance: clock times rounded to the nearest this many minutes ("none": as clocked). */
export const TIME_ROUNDINGS = ["none", "5", "10", "15", "30"] as const;
/** Central Record: check every rating system of the record, or only the ones chosen. */
export const RATING_MODES = ["all", "custom"] as const;


const line = (max = LINE_MAX) => z.string().trim().max(max, `At most ${max} characters`);
const text = () => z.string().trim().max(TEXT_MAX, `At most ${TEXT_MAX} characters`);

/** The settings of each tab; a PATCH sends one tab's (`section`) whole. */
export const GroupSettingSections = {
  details: z.object({
    name: z.string(GROUP_NAME_MESSAGE).trim().min(1, GROUP_NAME_MESSAGE).max(GROUP_NAME_MAX, `At most ${GROUP_NAME_MAX} characters`),
    default_locale: z.enum(SUPPORTED_LOCALES, "Choose a supported language").nullable(),
    reply_to_name: line().nullable(),
    reply_to_email: z.string().trim().max(254, REPLY_TO_MESSAGE).regex(EMAIL, REPLY_TO_MESSAGE).nullable(),
    /** The 4-digit group PIN that hides the group on the kiosk until typed; null = none. */
    pin: z.string().regex(/^\d{4}$/, PIN_MESSAGE).nullable(),
    /** Returning groups only: members sign out first, and sign in on return. */
    allow_sign_out_first: z.boolean(),
  }),
  sign_in: z.object({
    photo_mode: z.enum(PHOTO_MODES),
    photo_update: z.boolean(),
    facial_recognition: z.boolean(),
    allow_add_via_ipad: z.boolean(),
    welcome_message: text().nullable(),
    badge_printing: z.enum(BADGE_PRINTING),
    safety_check: z.enum(SAFETY_CHECK_MODES),
    scanning_enabled: z.boolean(),
    qr_sign_in: z.boolean(),
    contactless: z.boolean(),
    /** Offered at every site of the client (also later ones), or only at `site_ids` (groups' `site_ids` column). */
    every_site: z.boolean(),
    site_ids: z.array(z.number().int().positive(SITES_MESSAGE)).max(1000),
  }),
  sign_out: z.object({
    sign_out_message: text().nullable(),
    auto_clear: z.enum(AUTO_CLEAR),
    /** HH:mm in the site's time, with `at_time`. */
    auto_clear_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time as HH:mm").nullable(),
    /** Hours after signing in, with `after_duration`. */
    auto_clear_hours: z.number().int().min(1, "Between 1 and 72 hours").max(72, "Between 1 and 72 hours").nullable(),
  }),
  companion: z.object({
    companion_invite: z.boolean(),
    companion_pin_prompt: z.enum(COMPANION_PIN_PROMPTS),
  }),
  pre_reg: z.object({
    require_pre_registration: z.boolean(),
    approval_required: z.boolean(),
    pre_registration_subject: line().nullable(),
    pre_registration_message: text().nullable(),
  }),
  onboarding: z.object({
    welcome_email: z.boolean(),
    welcome_email_subject: line().nullable(),
    welcome_email_message: text().nullable(),
  }),
  notifications: z.object({
    /** The host named at sign-in is told. */
    notify_host: z.boolean(),
    /** Only these addresses may be notified about this group (empty = anyone the notification names). */
    allowed_recipients: z.array(z.string().trim().max(254).regex(EMAIL, RECIPIENTS_MESSAGE)).max(50, "At most 50 addresses"),
  }),
  privacy: z.object({
    data_retention: z.enum(DATA_RETENTIONS),
    member_retention: z.enum(MEMBER_RETENTIONS),
  }),
  /** The time-and-attendance tab (clients with Time & Attendance; groups spec §2, §5). */
  time_and_attendance: z.object({
    /** Members of this group clock in and out and have timesheets. */
    enabled: z.boolean(),
    /** Approves the members' timesheets and absences unless a member has a manager of their own: a member of a group with Time & Attendance on. */
    default_manager_id: z.number().int().positive(MANAGER_MESSAGE).nullable(),
    rounding: z.enum(TIME_ROUNDINGS),
  }),
  /** The integrations tab (clients with Central Record; groups spec §3 "central record organisation and rating systems", §5). */
  central_record: z
    .object({
      /** The Central Record organisation whose records this group's people are checked against; null: not linked. */
      organisation_id: z.string().trim().min(1).max(100).nullable(),
      rating_mode: z.enum(RATING_MODES),
      rating_systems: z.array(z.string().trim().min(1).max(100)).max(50),
    })
    .superRefine((v, ctx) => {
      if (v.rating_mode === "custom" && v.rating_systems.length === 0) ctx.addIssue({ code: "custom", path: ["rating_systems"], message: RATING_SYSTEMS_MESSAGE });
    }),
} as const;
export type GroupSection = keyof typeof GroupSettingSections;
export const GROUP_SECTIONS = Object.keys(GroupSettingSections) as GroupSection[];

/** Every section's values, as the upstream stores them. */
export const GroupSettings = z.object({
  sign_in: GroupSettingSections.sign_in,
  sign_out: GroupSettingSections.sign_out,
  companion: GroupSettingSections.companion,
  pre_reg: GroupSettingSections.pre_reg,
  onboarding: GroupSettingSections.onboarding,
  notifications: GroupSettingSections.notifications,
  privacy: GroupSettingSections.privacy,
  time_and_attendance: GroupSettingSections.time_and_attendance,
  central_record: GroupSettingSections.central_record,
});
export type GroupSettings = z.infer<typeof GroupSettings>;

export const GROUP_SETTINGS_DEFAULTS: GroupSettings = {
  sign_in: { photo_mode: "site_default", photo_update: false, facial_recognition: false, allow_add_via_ipad: true, welcome_message: null, badge_printing: "off", safety_check: "off", scanning_enabled: false, qr_sign_in: true, contactless: false, every_site: true, site_ids: [] },
  sign_out: { sign_out_message: null, auto_clear: "off", auto_clear_time: null, auto_clear_hours: null },
  companion: { companion_invite: false, companion_pin_prompt: "new_device" },
  pre_reg: { require_pre_registration: false, approval_required: false, pre_registration_subject: null, pre_registration_message: null },
  onboarding: { welcome_email: false, welcome_email_subject: null, welcome_email_message: null },
  notifications: { notify_host: true, allowed_recipients: [] },
  privacy: { data_retention: "1y", member_retention: "1y" },
  time_and_attendance: { enabled: false, default_manager_id: null, rounding: "none" },
  central_record: { organisation_id: null, rating_mode: "all", rating_systems: [] },
};

/** GET groups/{groupId}: the group, its details and every tab's settings. */
export const GroupDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Fixed at creation. */
  type: GroupType,
  details: GroupSettingSections.details,
  /**
   * Whether members sign out first now (the upstream's one rule, ADR 015): allow_sign_out_first on a
   * returning group, and for a group synced from a directory only with the client's flag
   * show-signout-first-sync-groups-as-signout-first.
   */
  sign_out_first_effective: z.boolean(),
  /** A group synced from a directory whose client has that flag off: allow_sign_out_first is kept but not honoured. */
  sign_out_first_needs_flag: z.boolean(),
  settings: GroupSettings,
  member_count: z.number().int(),
  personal_field_count: z.number().int(),
});
export type GroupDetail = z.infer<typeof GroupDetail>;

/** PATCH groups/{groupId}/settings: one tab's settings, whole. */
export const UpdateGroupSettingsRequest = z.discriminatedUnion("section", [
  z.object({ section: z.literal("details"), values: GroupSettingSections.details }),
  z.object({ section: z.literal("sign_in"), values: GroupSettingSections.sign_in }),
  z.object({ section: z.literal("sign_out"), values: GroupSettingSections.sign_out }),
  z.object({ section: z.literal("companion"), values: GroupSettingSections.companion }),
  z.object({ section: z.literal("pre_reg"), values: GroupSettingSections.pre_reg }),
  z.object({ section: z.literal("onboarding"), values: GroupSettingSections.onboarding }),
  z.object({ section: z.literal("notifications"), values: GroupSettingSections.notifications }),
  z.object({ section: z.literal("privacy"), values: GroupSettingSections.privacy }),
  z.object({ section: z.literal("time_and_attendance"), values: GroupSettingSections.time_and_attendance }),
  z.object({ section: z.literal("central_record"), values: GroupSettingSections.central_record }),
]);

/** DELETE groups/{groupId}: its name, typed. */
export const DeleteGroupRequest = z.object({ name: z.string().max(GROUP_NAME_MAX + 50) });

// --- Personal fields (groups spec §3, §5, §9) ---------------------------------------------------
export const PERSONAL_FIELD_TYPES = ["text", "email", "phone", "number", "date", "yes_no", "dropdown", "checkboxes"] as const;

export const personalFieldShape = {
  label: z.string(LABEL_REQUIRED).trim().min(1, LABEL_REQUIRED).max(PERSONAL_FIELD_LIMITS.labelLength, `At most ${PERSONAL_FIELD_LIMITS.labelLength} characters`),
  type: z.enum(PERSONAL_FIELD_TYPES, "Choose a field type"),
  visible_to_member: z.boolean(),
  on_evacuation_list: z.boolean(),
  on_host_notifications: z.boolean(),
  ask_on_first_sign_in: z.boolean(),
  sensitive: z.boolean(),
  required: z.boolean(),
  editable: z.boolean(),
  favourite: z.boolean(),
  include_in_visit_record: z.boolean(),
  options: z.array(z.string().trim().min(1).max(PERSONAL_FIELD_LIMITS.optionLength)).max(PERSONAL_FIELD_LIMITS.options, `At most ${PERSONAL_FIELD_LIMITS.options} options`),
};
export const PersonalField = z.object({
  id: z.number().int(),
  ...personalFieldShape,
  /** A field the product defines (not deletable, its type fixed). */
  system: z.boolean(),
  position: z.number().int(),
});
export type PersonalField = z.infer<typeof PersonalField>;
export const PersonalFieldRequest = z.object(personalFieldShape).superRefine((v, ctx) => {
  if ((v.type === "dropdown" || v.type === "checkboxes") && v.options.length === 0) ctx.addIssue({ code: "custom", path: ["options"], message: OPTIONS_REQUIRED });
  if (new Set(v.options.map((o) => o.toLowerCase())).size !== v.options.length) ctx.addIssue({ code: "custom", path: ["options"], message: "Options must be unique" });
});

// (The members tab's list is the members area's: `groupMembers` in members.ts.)
// --- What the time-and-attendance and integrations tabs choose from ------------------------------
/** GET time-and-attendance/managers: who may be a manager — members of groups with Time & Attendance on, by name (at most 500). */
export const ManagerChoices = z.object({
  managers: z.array(z.object({ id: z.number().int(), name: z.string(), group: z.object({ id: z.number().int(), name: z.string() }) })),
  /** More exist than were listed (search narrows them). */
  more: z.boolean(),
});
export type ManagerChoices = z.infer<typeof ManagerChoices>;

/** GET central-record: the client's Central Record, as it answers now (the upstream asks it over HTTP). */
export const CentralRecordChoices = z.object({
  organisations: z.array(z.object({ id: z.string(), name: z.string() })),
  rating_systems: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The Central Record could not be read (groups spec §8: connection error, Wonde access removed); the lists are then empty. */
  error: z.enum(Object.keys(SYNC_ERRORS) as [SyncErrorCode, ...SyncErrorCode[]]).nullable(),
});
export type CentralRecordChoices = z.infer<typeof CentralRecordChoices>;

export const groupSettingRoutes = {
  group: { method: "GET", path: "groups/{groupId}", base: "regional", auth: "bearer", response: GroupDetail, summary: "One group with every tab's settings (ManageVisitorGroup.viewer); 404 for another client's" },
  updateGroupSettings: { method: "PATCH", path: "groups/{groupId}/settings", base: "regional", auth: "bearer", body: UpdateGroupSettingsRequest, response: GroupDetail, summary: "Save one tab's settings (ManageVisitorGroup.editor)" },
  deleteGroup: { method: "DELETE", path: "groups/{groupId}", base: "regional", auth: "bearer", body: DeleteGroupRequest, response: z.object({ deleted: z.literal(true) }), summary: "Delete a group, its name typed (ManageVisitorGroup.delete); 422 when the name does not match" },
  personalFields: { method: "GET", path: "groups/{groupId}/personal-fields", base: "regional", auth: "bearer", response: z.array(PersonalField), summary: "The group's personal fields in order (ManageVisitorGroup.viewer)" },
  createPersonalField: { method: "POST", path: "groups/{groupId}/personal-fields", base: "regional", auth: "bearer", body: PersonalFieldRequest, response: PersonalField, summary: "Add a personal field (ManageVisitorGroup.editor); 422 past 15 fields or 4 favourites" },
  updatePersonalField: { method: "PATCH", path: "groups/{groupId}/personal-fields/{fieldId}", base: "regional", auth: "bearer", body: PersonalFieldRequest, response: PersonalField, summary: "Change a personal field (ManageVisitorGroup.editor); a system field keeps its type" },
  deletePersonalField: { method: "DELETE", path: "groups/{groupId}/personal-fields/{fieldId}", base: "regional", auth: "bearer", response: z.object({ deleted: z.literal(true) }), summary: "Delete a personal field (ManageVisitorGroup.editor); 422 for a system field" },
  reorderPersonalFields: { method: "PATCH", path: "groups/{groupId}/personal-field-order", base: "regional", auth: "bearer", body: ReorderRequest, response: z.array(PersonalField), summary: "The group's personal fields in this order (every id, once)" },
  managerChoices: { method: "GET", path: "time-and-attendance/managers", base: "regional", auth: "bearer", response: ManagerChoices, summary: "Members who may be managers: in a group with Time & Attendance on (ManageVisitorGroup.viewer or GroupMember.viewer; clients with Time & Attendance); query search" },
  centralRecord: { method: "GET", path: "central-record", base: "regional", auth: "bearer", response: CentralRecordChoices, summary: "The client's Central Record organisations and rating systems, read from it now (ManageVisitorGroup.viewer; clients with Central Record); a failure is answered 200 with its error code" },
} as const satisfies Record<string, RouteDef>;

// --- The group's badge (groups spec §3 badge elements, §9 "at most 20 each of field, personal and
// text"): elements placed on a label of a real size, in millimetres from its top left corner.
/** Label sizes (width × height in mm, landscape), as label printers and card printers take them. */
export const BADGE_SIZES = {
  "100x62": { width: 100, height: 62 },
  "86x54": { width: 86, height: 54 },
  "89x36": { width: 89, height: 36 },
  "102x76": { width: 102, height: 76 },
} as const;
export type BadgeSize = keyof typeof BADGE_SIZES;
export const BADGE_SIZE_NAMES = Object.keys(BADGE_SIZES) as [BadgeSize, ...BadgeSize[]];
/** At most 20 each of these (groups spec §9); every other kind at most once. */
export const BADGE_REPEATABLE = ["field", "personal", "text"] as const;

const mm = z.number("Enter a number of millimetres").min(0, BADGE_OUTSIDE).max(500, BADGE_OUTSIDE).multipleOf(0.5, "Use steps of 0.5 mm");
export const BadgeElement = z.object({
  kind: z.enum(["photo", "logo", "qr", "name", "group", "date", "time", "field", "personal", "text"]),
  x: mm,
  y: mm,
  width: mm.min(BADGE_LIMITS.minSide, `At least ${BADGE_LIMITS.minSide} mm`),
  height: mm.min(BADGE_LIMITS.minSide, `At least ${BADGE_LIMITS.minSide} mm`),
  /** Points, for the elements that are text (name, group, date, time, field, personal, text). */
  font_size: z.number().int().min(BADGE_LIMITS.fontMin, `From ${BADGE_LIMITS.fontMin} to ${BADGE_LIMITS.fontMax} pt`).max(BADGE_LIMITS.fontMax, `From ${BADGE_LIMITS.fontMin} to ${BADGE_LIMITS.fontMax} pt`),
  /** A text element's words. */
  text: z.string().trim().max(BADGE_LIMITS.textLength, `At most ${BADGE_LIMITS.textLength} characters`).nullable(),
  /** A field element's custom field (one of the client's sites'). */
  field_id: z.number().int().positive().nullable(),
  /** A personal element's personal field (one of this group's). */
  personal_field_id: z.number().int().positive().nullable(),
});
export type BadgeElement = z.infer<typeof BadgeElement>;
export const GroupBadgeRequest = z.object({ size: z.enum(BADGE_SIZE_NAMES, "Choose a label size"), elements: z.array(BadgeElement).max(80, BADGE_TOO_MANY) });
export const GroupBadge = GroupBadgeRequest.extend({
  /** The client's `badge-personal-fields` flag: personal fields may be placed. */
  personal_fields_allowed: z.boolean(),
  /** What a field element may show: the custom fields of the client's sites. */
  custom_fields: z.array(z.object({ id: z.number().int(), label: z.string(), site: z.string() })),
  /** What a personal element may show: this group's personal fields. */
  personal_fields: z.array(z.object({ id: z.number().int(), label: z.string() })),
});
export type GroupBadge = z.infer<typeof GroupBadge>;
export const GROUP_BADGE_DEFAULT: z.infer<typeof GroupBadgeRequest> = {
  size: "100x62",
  elements: [
    { kind: "logo", x: 4, y: 4, width: 30, height: 12, font_size: 10, text: null, field_id: null, personal_field_id: null },
    { kind: "photo", x: 4, y: 20, width: 28, height: 36, font_size: 10, text: null, field_id: null, personal_field_id: null },
    { kind: "name", x: 36, y: 20, width: 60, height: 12, font_size: 18, text: null, field_id: null, personal_field_id: null },
    { kind: "group", x: 36, y: 34, width: 60, height: 8, font_size: 11, text: null, field_id: null, personal_field_id: null },
    { kind: "date", x: 36, y: 46, width: 34, height: 8, font_size: 10, text: null, field_id: null, personal_field_id: null },
    { kind: "qr", x: 76, y: 40, width: 20, height: 20, font_size: 10, text: null, field_id: null, personal_field_id: null },
  ],
};

export const groupBadgeRoutes = {
  groupBadge: { method: "GET", path: "groups/{groupId}/badge", base: "regional", auth: "bearer", response: GroupBadge, summary: "The group's badge: its label size and elements, with what fields may be placed (ManageVisitorGroup.viewer); the default layout until one is saved" },
  updateGroupBadge: { method: "PATCH", path: "groups/{groupId}/badge", base: "regional", auth: "bearer", body: GroupBadgeRequest, response: GroupBadge, summary: "Save the group's badge, whole (ManageVisitorGroup.editor); 422 for an element off the label, too many of a kind, a field not the client's, a personal field not the group's or without the badge-personal-fields flag" },
} as const satisfies Record<string, RouteDef>;
