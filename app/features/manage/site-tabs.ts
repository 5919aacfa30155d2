/**
 * The forms of the custom fields, messages, privacy, features and badges tabs: one zod schema each,
 * shared by server and browser through conform. The rules are the contract's (groups spec §3, §5;
 * platform §5, §9): a custom field's type rules come from `customFieldProblems` itself, shown in the
 * user's language; at most 4 favourites; message title, content and icon required, its checkbox
 * label unless it is only read, its chosen groups at least one (`messageProblems`);
 * on-site report times unique, in 10-minute steps, with a comma-separated email list; the geofence
 * radius within its bounds. Messages are translation keys (namespace "manage").
 */
import { z } from "zod";
import { singleLine } from "~/forms/control-characters";
import {
  ATTACHMENT_KIND_MESSAGE,
  CHECKBOX_LABEL_REQUIRED,
  CHOICE_FIELD_TYPES,
  CUSTOM_FIELD_TYPES,
  customFieldProblems,
  MANAGE_LIMITS,
  MESSAGE_ACTIONS,
  MESSAGE_REDISPLAY,
  type MessageAction,
  messageProblems,
  RECIPIENTS_REQUIRED,
  RECIPIENTS_UNKNOWN,
  type CustomFieldInput,
  type SitePrivacy,
} from "@contract";

export { CUSTOM_FIELD_TYPES, MESSAGE_ACTIONS, MESSAGE_REDISPLAY };
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

const ID = /^\d{1,9}$/;
const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;
const TOO_LONG = "manage:validation.too_long";
const INVALID = "manage:fields_common.invalid_choice";

/** A checkbox: "on" when ticked, absent otherwise (anything else is refused). */
const checkbox = () => z.boolean({ error: INVALID }).optional();

/** Lines of a textarea, trimmed, blank ones dropped. */
export const lines = (text: string | undefined) =>
  (text ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

// ---------------------------------------------------------------------------------------------
// Custom fields
// ---------------------------------------------------------------------------------------------

export const isChoiceType = (type: string) => (CHOICE_FIELD_TYPES as readonly string[]).includes(type);
/** Types with a default option: dropdowns and yes/no. */
export const hasDefaultOption = (type: string) => type === "dropdown" || type === "dropdown_other" || type === "yes_no";
/** Types whose answers can refuse a sign-in: choices and yes/no. */
export const canReject = (type: string) => isChoiceType(type) || type === "yes_no";
/** Signatures and photos are not printed on the evacuation list. */
export const canShowOnEvacuationList = (type: string) => type !== "signature" && type !== "photo";
export const isCustomFieldType = (type: unknown): type is CustomFieldType => typeof type === "string" && (CUSTOM_FIELD_TYPES as readonly string[]).includes(type);

/** The inputs the form of a type has: a message about any other goes on the form itself. */
export function customFieldInputs(type: string, groupsOffered: boolean): string[] {
  return [
    "type",
    "label",
    "required",
    "show_on_pdf_agreements",
    ...(isChoiceType(type) ? ["options"] : []),
    ...(hasDefaultOption(type) ? ["default_option"] : []),
    ...(canReject(type) ? ["reject_options", "reject_message"] : []),
    ...(canShowOnEvacuationList(type) ? ["show_on_evacuation_list"] : []),
    ...(groupsOffered ? ["group_ids"] : []),
  ];
}

/** The contract's rule messages, in the user's language (the same words in English). */
const RULE_KEYS: Record<string, string> = {
  "Add at least one option": "manage:customfields.validation.options_required",
  "Options must be unique": "manage:customfields.validation.options_unique",
  "Only dropdown and yes/no fields have a default option": "manage:customfields.validation.default_not_allowed",
  "The default option must be one of the options": "manage:customfields.validation.default_not_option",
  "Only choice and yes/no fields can reject a sign-in": "manage:customfields.validation.reject_not_allowed",
  "Reject options must be among the options": "manage:customfields.validation.reject_not_option",
  "A reject message is required when a reject option is set": "manage:customfields.validation.reject_message_required",
  "Signature and photo fields cannot be shown on the evacuation list": "manage:customfields.validation.evacuation_not_allowed",
};

const customFieldForm = z.object({
  type: z.enum(CUSTOM_FIELD_TYPES, { error: "manage:customfields.validation.type" }),
  label: singleLine(z.string({ error: "manage:customfields.validation.label_required" }).trim().min(1, "manage:customfields.validation.label_required").max(100, TOO_LONG)),
  /** One option per line. */
  options: z.string().max(10_000, TOO_LONG).optional(),
  default_option: singleLine(z.string().trim().max(100, TOO_LONG)).optional(),
  /** One per line (a select of Yes or No for yes/no fields). */
  reject_options: z.string().max(10_000, TOO_LONG).optional(),
  reject_message: z.string().trim().max(500, TOO_LONG).optional(),
  required: checkbox(),
  show_on_evacuation_list: checkbox(),
  show_on_pdf_agreements: checkbox(),
  /** None ticked: every group. */
  group_ids: z.array(z.string().regex(ID, INVALID)).max(200, TOO_LONG).optional(),
});
export type CustomFieldForm = z.infer<typeof customFieldForm>;

/** The form's values as the contract's field (the options only for the types that have them). */
export function toCustomFieldInput(v: CustomFieldForm): CustomFieldInput {
  const groups = [...new Set((v.group_ids ?? []).map(Number))];
  return {
    label: v.label,
    type: v.type,
    required: v.required ?? false,
    options: isChoiceType(v.type) ? lines(v.options) : [],
    show_on_evacuation_list: v.show_on_evacuation_list ?? false,
    show_on_pdf_agreements: v.show_on_pdf_agreements ?? false,
    favourite: false,
    default_option: v.default_option ? v.default_option : null,
    reject_options: lines(v.reject_options),
    reject_message: v.reject_message ? v.reject_message : null,
    group_ids: groups.length ? groups : null,
  };
}

export const customFieldSchema = customFieldForm.superRefine((v, ctx) => {
  const options = lines(v.options);
  if (options.length > 100) ctx.addIssue({ code: "custom", path: ["options"], message: "manage:customfields.validation.too_many_options" });
  else if (options.some((o) => o.length > 100)) ctx.addIssue({ code: "custom", path: ["options"], message: "manage:customfields.validation.option_long" });
  if (lines(v.reject_options).some((o) => o.length > 100)) ctx.addIssue({ code: "custom", path: ["reject_options"], message: TOO_LONG });
  for (const [path, message] of Object.entries(customFieldProblems(toCustomFieldInput(v)))) {
    ctx.addIssue({ code: "custom", path: [path], message: RULE_KEYS[message] ?? `@${message}` });
  }
});

/** Save favourites: the ticked fields, at most 4 (platform §5, §9). */
export const favouritesSchema = z.object({
  field_ids: z
    .array(z.string().regex(ID, INVALID))
    .max(100, INVALID)
    .refine((ids) => new Set(ids).size <= MANAGE_LIMITS.favouriteFields, `manage:customfields.validation.favourites_max|{"count":${MANAGE_LIMITS.favouriteFields}}`)
    .optional(),
});

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

const segmenter = typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
const graphemes = (s: string) => (segmenter ? [...segmenter.segment(s)].length : [...s].length);

/** Who sees a message: every group, or only the groups ticked (a radio, so it works without JavaScript). */
export const MESSAGE_RECIPIENTS = ["every", "chosen"] as const;

/** The contract's message rules, in the user's language (the same words in English). */
const MESSAGE_RULE_KEYS: Record<string, string> = {
  [CHECKBOX_LABEL_REQUIRED]: "manage:messages.validation.checkbox_label_required",
  [RECIPIENTS_REQUIRED]: "manage:messages.validation.recipients_required",
  [RECIPIENTS_UNKNOWN]: "manage:messages.validation.recipients_unknown",
  [ATTACHMENT_KIND_MESSAGE]: "manage:media.attachment_kind",
};
/** An upstream message about a message's field as a translation key when it is one of the rules ("@text" otherwise). */
export const messageRuleKey = (message: string) => MESSAGE_RULE_KEYS[message.replace(/^@/, "")] ?? message;

const messageForm = z.object({
  icon: z
    .string({ error: "manage:messages.validation.icon_required" })
    .trim()
    .min(1, "manage:messages.validation.icon_required")
    .max(16, "manage:messages.validation.icon_single")
    .refine((s) => graphemes(s) === 1, "manage:messages.validation.icon_single"),
  title: singleLine(z.string({ error: "manage:messages.validation.title_required" }).trim().min(1, "manage:messages.validation.title_required").max(100, TOO_LONG)),
  content: z.string({ error: "manage:messages.validation.content_required" }).trim().min(1, "manage:messages.validation.content_required").max(10_000, TOO_LONG),
  /** Absent (an old form, a hand-made post): acknowledge, as before actions existed. */
  action: z.enum(MESSAGE_ACTIONS, { error: INVALID }).default("acknowledge"),
  /** Required unless the action is `read` (the rule below). */
  checkbox_label: singleLine(z.string({ error: INVALID }).trim().max(200, TOO_LONG)).optional(),
  redisplay: z.enum(MESSAGE_REDISPLAY, { error: INVALID }),
  recipients: z.enum(MESSAGE_RECIPIENTS, { error: INVALID }).default("every"),
  /** The groups ticked; used when `recipients` is "chosen". */
  recipient_group_ids: z.array(z.string().regex(ID, INVALID), { error: INVALID }).max(200, TOO_LONG).optional(),
});
export type MessageForm = z.infer<typeof messageForm>;

/** The action, label and recipients as the contract has them (what the form's other fields are is not needed). */
export function toMessageDetails(v: Partial<Pick<MessageForm, "action" | "checkbox_label" | "recipients" | "recipient_group_ids">>): {
  action: MessageAction;
  checkbox_label: string | null;
  recipient_group_ids: number[] | null;
} {
  const action = (MESSAGE_ACTIONS as readonly string[]).includes(v.action ?? "") ? (v.action as MessageAction) : "acknowledge";
  return {
    action,
    checkbox_label: action === "read" || !v.checkbox_label ? null : v.checkbox_label,
    recipient_group_ids: v.recipients === "chosen" ? [...new Set((Array.isArray(v.recipient_group_ids) ? v.recipient_group_ids : []).map(Number))] : null,
  };
}

/**
 * Add or edit a message. The contract's rules (`messageProblems`) run even when another field is
 * missing, so an empty form says everything that is required at once.
 */
export const messageSchema = messageForm
  .refine((v) => !messageProblems(toMessageDetails(v)).checkbox_label, { path: ["checkbox_label"], message: MESSAGE_RULE_KEYS[CHECKBOX_LABEL_REQUIRED], when: () => true })
  .refine((v) => !messageProblems(toMessageDetails(v)).recipient_group_ids, { path: ["recipient_group_ids"], message: MESSAGE_RULE_KEYS[RECIPIENTS_REQUIRED], when: () => true });

// ---------------------------------------------------------------------------------------------
// Privacy
// ---------------------------------------------------------------------------------------------

export const PRIVACY_FLAGS = ["autocomplete", "hide_sign_outs", "full_name_reveal", "hide_branding", "exact_pre_registration_match", "store_badges", "store_location_data"] as const satisfies readonly (keyof SitePrivacy)[];

export const privacySchema = z.object(Object.fromEntries(PRIVACY_FLAGS.map((f) => [f, checkbox()])) as Record<(typeof PRIVACY_FLAGS)[number], ReturnType<typeof checkbox>>);

// ---------------------------------------------------------------------------------------------
// Features: kiosk options, geofence and location, on-site reports, notice emails
// ---------------------------------------------------------------------------------------------

export const FEATURE_FLAGS = ["contactless", "visitor_photos", "qr_scanning", "geofence_sign_in", "geofence_sign_out"] as const;
const { min: RADIUS_MIN, max: RADIUS_MAX, recommendedMin: RADIUS_RECOMMENDED } = MANAGE_LIMITS.geofenceRadius;
export { RADIUS_MIN, RADIUS_MAX, RADIUS_RECOMMENDED };
const STEP = MANAGE_LIMITS.onSiteReportStepMinutes;
const REPORT_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The on-site report times a form offers: HH:mm every 10 minutes. */
export const REPORT_TIMES = Array.from({ length: (24 * 60) / STEP }, (_, i) => `${String(Math.floor((i * STEP) / 60)).padStart(2, "0")}:${String((i * STEP) % 60).padStart(2, "0")}`);
/** At most this many on-site reports (the contract's cap). */
export const MAX_REPORTS = 48;

const isEmailList = (s: string) => s.split(",").every((e) => EMAIL.test(e.trim()));
export const normaliseEmails = (s: string) =>
  s
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .join(", ");
const decimal = /^-?\d{1,3}(\.\d{1,10})?$/;

export const featuresSchema = z
  .object({
    ...(Object.fromEntries(FEATURE_FLAGS.map((f) => [f, checkbox()])) as Record<(typeof FEATURE_FLAGS)[number], ReturnType<typeof checkbox>>),
    lat: z.string().trim().max(20, TOO_LONG).optional(),
    lng: z.string().trim().max(20, TOO_LONG).optional(),
    radius: z.string().trim().max(10, TOO_LONG).optional(),
    schedules: z
      .array(
        z.object({
          time: z.string().trim().max(5, INVALID).optional(),
          emails: z.string().trim().max(2000, TOO_LONG).optional(),
          remove: checkbox(),
        }),
      )
      .max(MAX_REPORTS + 1, "manage:features.validation.too_many_reports")
      .optional(),
    send_empty: checkbox(),
    emails: z.string().trim().max(2000, TOO_LONG).optional(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    // The site's location: all three, or none.
    const located = Boolean(v.lat || v.lng || v.radius);
    if (located) {
      if (!v.lat) issue(["lat"], "manage:features.validation.lat");
      else if (!decimal.test(v.lat) || Math.abs(Number(v.lat)) > 90) issue(["lat"], "manage:features.validation.lat");
      if (!v.lng) issue(["lng"], "manage:features.validation.lng");
      else if (!decimal.test(v.lng) || Math.abs(Number(v.lng)) > 180) issue(["lng"], "manage:features.validation.lng");
      if (!v.radius || !/^\d{1,6}$/.test(v.radius) || Number(v.radius) < RADIUS_MIN || Number(v.radius) > RADIUS_MAX) {
        issue(["radius"], `manage:features.validation.radius|{"min":${RADIUS_MIN},"max":${RADIUS_MAX}}`);
      }
    }
    if (!located && v.geofence_sign_in) issue(["geofence_sign_in"], "manage:features.validation.geofence_location");
    else if (!located && v.geofence_sign_out) issue(["geofence_sign_out"], "manage:features.validation.geofence_location");
    // On-site reports: a row with both fields empty, or marked to remove, is left out.
    const seen = new Set<string>();
    let kept = 0;
    (v.schedules ?? []).forEach((row, i) => {
      if (row.remove || (!row.time && !row.emails)) return;
      kept++;
      if (!row.time) issue(["schedules", i, "time"], "manage:features.validation.report_time_required");
      else if (!REPORT_TIME.test(row.time) || Number(row.time.slice(3)) % STEP !== 0) issue(["schedules", i, "time"], "manage:features.validation.report_time_step");
      else if (seen.has(row.time)) issue(["schedules", i, "time"], "manage:features.validation.report_time_unique");
      if (row.time) seen.add(row.time);
      if (!row.emails || !isEmailList(row.emails)) issue(["schedules", i, "emails"], "manage:features.validation.emails");
    });
    if (kept > MAX_REPORTS) issue(["schedules"], "manage:features.validation.too_many_reports");
    if (v.emails && !isEmailList(v.emails)) issue(["emails"], "manage:features.validation.emails");
  });
export type FeaturesForm = z.infer<typeof featuresSchema>;

/** The on-site reports a valid form keeps, with the index of the row each came from. */
export function keptSchedules(v: FeaturesForm): { row: number; time: string; emails: string }[] {
  return (v.schedules ?? []).flatMap((s, row) => (s.remove || (!s.time && !s.emails) ? [] : [{ row, time: s.time!, emails: normaliseEmails(s.emails!) }]));
}

// ---------------------------------------------------------------------------------------------
// Badges
// ---------------------------------------------------------------------------------------------

export const badgeSchema = z.object({
  badge_id: z.string({ error: "manage:badges.validation.choose" }).refine((s) => s === "none" || ID.test(s), INVALID),
});
