// ---------------------------------------------------------------------------------------------
// One group's own screens (groups spec §2 tabs, §3 "Group settings" and "Personal field", §5
// validation, §9 limits): the group with its settings by tab, its personal fields, its members
// (listed; the editor is the members area), and deleting it by typing its name.
// Rights: ManageVisitorGroup.viewer to read, .editor to change, .delete to delete (groups spec §6:
// groups view, edit, delete, export); GroupMember.viewer to list members. Active clients only.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import type { RouteDef } from "./common.ts";
import { ReorderRequest, SUPPORTED_LOCALES } from "./manage.ts";
import { GROUP_NAME_MAX, GroupType } from "./groups.ts";

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

export const PIN_MESSAGE = "Pin must be 4 digits";
export const REPLY_TO_MESSAGE = "A valid email is required";
export const GROUP_NAME_MESSAGE = "The group name is required";
export const DELETE_NAME_MESSAGE = "Type the group's name exactly to delete it";
export const RECIPIENTS_MESSAGE = "Enter valid email addresses, separated by commas";
export const SIGN_OUT_FIRST_MESSAGE = "Only a returning group can sign out first";
export const AUTO_CLEAR_TIME_MESSAGE = "Choose a time";
export const AUTO_CLEAR_HOURS_MESSAGE = "Choose a number of hours";
export const GROUP_ON_SITE_MESSAGE = "Someone in this group is signed in or waiting for approval: sign them out first";
export const SYSTEM_FIELD_DELETE_MESSAGE = "A system field cannot be deleted";
export const SYSTEM_FIELD_TYPE_MESSAGE = "A system field's type cannot be changed";

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
});
export type GroupSettings = z.infer<typeof GroupSettings>;

export const GROUP_SETTINGS_DEFAULTS: GroupSettings = {
  sign_in: { photo_mode: "site_default", photo_update: false, facial_recognition: false, allow_add_via_ipad: true, welcome_message: null, badge_printing: "off", safety_check: "off", scanning_enabled: false, qr_sign_in: true, contactless: false },
  sign_out: { sign_out_message: null, auto_clear: "off", auto_clear_time: null, auto_clear_hours: null },
  companion: { companion_invite: false, companion_pin_prompt: "new_device" },
  pre_reg: { require_pre_registration: false, approval_required: false, pre_registration_subject: null, pre_registration_message: null },
  onboarding: { welcome_email: false, welcome_email_subject: null, welcome_email_message: null },
  notifications: { notify_host: true, allowed_recipients: [] },
  privacy: { data_retention: "1y", member_retention: "1y" },
};

/** GET groups/{groupId}: the group, its details and every tab's settings. */
export const GroupDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Fixed at creation. */
  type: GroupType,
  details: GroupSettingSections.details,
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
]);

/** DELETE groups/{groupId}: its name, typed. */
export const DeleteGroupRequest = z.object({ name: z.string().max(GROUP_NAME_MAX + 50) });

// --- Personal fields (groups spec §3, §5, §9) ---------------------------------------------------
export const PERSONAL_FIELD_LIMITS = { perGroup: 15, favourites: 4, options: 50, optionLength: 100, labelLength: 100 } as const;
export const PERSONAL_FIELD_TYPES = ["text", "email", "phone", "number", "date", "yes_no", "dropdown", "checkboxes"] as const;
export const PERSONAL_FIELDS_FULL = `A group has at most ${PERSONAL_FIELD_LIMITS.perGroup} personal fields`;
export const FAVOURITES_FULL = `At most ${PERSONAL_FIELD_LIMITS.favourites} personal fields can be favourites`;
export const OPTIONS_REQUIRED = "Add at least one option";
export const LABEL_REQUIRED = "The label is required";
export const LABEL_TAKEN = "A personal field with this label already exists in this group";

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


// --- Members, as the group's tab lists them (the member editor is the members area) --------------
export const GroupMemberSummary = z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), mobile: z.string().nullable() });
export const GroupMemberList = z.object({ members: z.array(GroupMemberSummary), page: z.number().int(), per_page: z.number().int(), total: z.number().int() });

export const groupSettingRoutes = {
  group: { method: "GET", path: "groups/{groupId}", base: "regional", auth: "bearer", response: GroupDetail, summary: "One group with every tab's settings (ManageVisitorGroup.viewer); 404 for another client's" },
  updateGroupSettings: { method: "PATCH", path: "groups/{groupId}/settings", base: "regional", auth: "bearer", body: UpdateGroupSettingsRequest, response: GroupDetail, summary: "Save one tab's settings (ManageVisitorGroup.editor)" },
  deleteGroup: { method: "DELETE", path: "groups/{groupId}", base: "regional", auth: "bearer", body: DeleteGroupRequest, response: z.object({ deleted: z.literal(true) }), summary: "Delete a group, its name typed (ManageVisitorGroup.delete); 422 when the name does not match" },
  personalFields: { method: "GET", path: "groups/{groupId}/personal-fields", base: "regional", auth: "bearer", response: z.array(PersonalField), summary: "The group's personal fields in order (ManageVisitorGroup.viewer)" },
  createPersonalField: { method: "POST", path: "groups/{groupId}/personal-fields", base: "regional", auth: "bearer", body: PersonalFieldRequest, response: PersonalField, summary: "Add a personal field (ManageVisitorGroup.editor); 422 past 15 fields or 4 favourites" },
  updatePersonalField: { method: "PATCH", path: "groups/{groupId}/personal-fields/{fieldId}", base: "regional", auth: "bearer", body: PersonalFieldRequest, response: PersonalField, summary: "Change a personal field (ManageVisitorGroup.editor); a system field keeps its type" },
  deletePersonalField: { method: "DELETE", path: "groups/{groupId}/personal-fields/{fieldId}", base: "regional", auth: "bearer", response: z.object({ deleted: z.literal(true) }), summary: "Delete a personal field (ManageVisitorGroup.editor); 422 for a system field" },
  reorderPersonalFields: { method: "PATCH", path: "groups/{groupId}/personal-field-order", base: "regional", auth: "bearer", body: ReorderRequest, response: z.array(PersonalField), summary: "The group's personal fields in this order (every id, once)" },
  groupMembers: { method: "GET", path: "groups/{groupId}/members", base: "regional", auth: "bearer", response: GroupMemberList, summary: "The group's members by name, 15 a page (GroupMember.viewer); query search, page" },
} as const satisfies Record<string, RouteDef>;
