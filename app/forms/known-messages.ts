/**
 * THE table of upstream messages the portal knows, each with its translation key: a rule the
 * contract states (and the browser checks too, in the same words) or a refusal the upstream sends.
 * Any other upstream text is shown as it came ("@text"). A new area adds its rows here, never a
 * table of its own. The browser's own checks of contract rules take their keys from `area-keys.ts`
 * (the same keys, without this table in every form page's bundle).
 */
import {
  ACCOUNT_MESSAGES,
  NOTIFICATION_MESSAGES,
  ATTACHMENT_KIND_MESSAGE,
  AUTO_CLEAR_HOURS_MESSAGE,
  AUTO_CLEAR_TIME_MESSAGE,
  BADGE_OUTSIDE,
  FACILITY_CODE_BRIVO_ONLY,
  FACILITY_CODE_MESSAGE,
  SYNC_CHOOSE_GROUP_MESSAGE,
  SYNC_REDIRECT_MESSAGE,
  SYNC_DISABLED_MESSAGE,
  SYNC_ERRORS,
  SYNC_NOT_CONNECTED,
  SYNC_NOT_RETURNING,
  SYNC_PROVIDER_OFF,
  SYNC_STATE_MESSAGE,
  BADGE_PERSONAL_OFF,
  BADGE_TEXT_REQUIRED,
  BADGE_TOO_MANY,
  BADGE_UNKNOWN_FIELD,
  BADGE_UNKNOWN_PERSONAL,
  DELETE_NAME_MESSAGE,
  FAVOURITES_FULL,
  GROUP_NAME_MESSAGE,
  GROUP_ON_SITE_MESSAGE,
  LABEL_REQUIRED,
  LABEL_TAKEN,
  PERSONAL_FIELDS_FULL,
  PIN_MESSAGE,
  RECIPIENTS_MESSAGE,
  REPLY_TO_MESSAGE,
  SIGN_OUT_FIRST_MESSAGE,
  SYSTEM_FIELD_DELETE_MESSAGE,
  SYSTEM_FIELD_TYPE_MESSAGE,
  CHECKBOX_LABEL_REQUIRED,
  RECIPIENTS_REQUIRED,
  RECIPIENTS_UNKNOWN,
  SITES_MESSAGE,
  MANAGER_MESSAGE,
  TIME_AND_ATTENDANCE_OFF,
  TIME_AND_ATTENDANCE_RETURNING,
  RATING_SYSTEMS_MESSAGE,
  CENTRAL_RECORD_OFF,
  CENTRAL_RECORD_ORGANISATION,
  CENTRAL_RECORD_RATING_UNKNOWN,
  SYNC_IMPORT_OFF,
  SYNC_IMPORT_LINKED,
  SYNC_IMPORT_CHOOSE,
  GROUP_LIMIT_MESSAGE,
  GROUP_ATTACHMENTS_FULL,
  SLACK_CHANNEL_MESSAGE,
  SLACK_CHOOSE_CHANNEL_FIRST,
  SLACK_ERRORS,
  SLACK_NOT_CONNECTED,
  SLACK_REDIRECT_MESSAGE,
  SLACK_STATE_MESSAGE,
  ALREADY_AWAY_MESSAGE,
  NOT_AWAY_MESSAGE,
  NOT_SIGN_OUT_FIRST_MESSAGE,
  RETURN_NOT_AWAY_MESSAGE,
  PRE_REG_MESSAGES,
  SSO_MESSAGES,
  ATTENDANCE_MESSAGES,
  IMPORT_FILE_MESSAGES,
  IMPORT_PREVIEW_GONE,
  IMPORT_STALE,
  MEMBER_MESSAGES,
  MEMBER_EDITOR_MESSAGES,
  ROLE_MESSAGES,
  USER_MESSAGES,
  PROFILE_MESSAGES,
  VISIT_MESSAGES,
  RANGE_MESSAGES,
  HISTORY_MESSAGES,
  SAFETY_CHECK_MESSAGES,
  DELIVERY_MESSAGES,
  API_CLIENT_MESSAGES,
  FORM_MESSAGES,
} from "@contract";
import { AREA_PREFIXES, CUSTOM_FIELD_KEYS } from "./area-keys";
import { API_CLIENT_KEY_PREFIX } from "~/features/api-clients/keys";
import { FORM_KEY_PREFIX } from "~/features/visitor-forms/keys";

const KNOWN_MESSAGES: Record<string, string> = {
  // Visit management (the contract's visits.ts; ADR 026). First: a text another area states too keeps that area's key.
  ...Object.fromEntries(Object.entries(VISIT_MESSAGES).map(([k, text]) => [text, `visits:messages.${k}`])),
  // Group members: the core fields' rules (members.ts; groups spec §5) and the editor's refusals (ADR 017).
  ...Object.fromEntries(Object.entries(MEMBER_MESSAGES).map(([k, text]) => [text, `members:validation.${k}`])),
  ...Object.fromEntries(Object.entries(MEMBER_EDITOR_MESSAGES).map(([k, text]) => [text, `members:errors.${k}`])),
  // Groups shown at a site.
  "Choose groups of your organisation": "groups:validation.unknown_group",
  "Choose among your groups": "groups:validation.unknown_group",
  // Custom fields (the contract's customFieldProblems; area-keys.ts, for the browser's own check).
  ...CUSTOM_FIELD_KEYS,
  // Messages (the contract's messageProblems) and their attachments.
  [CHECKBOX_LABEL_REQUIRED]: "sites:messages.validation.checkbox_label_required",
  [RECIPIENTS_REQUIRED]: "sites:messages.validation.recipients_required",
  [RECIPIENTS_UNKNOWN]: "sites:messages.validation.recipients_unknown",
  [ATTACHMENT_KIND_MESSAGE]: "sites:media.attachment_kind",
  // A group's settings and deletion (the contract's group-settings.ts; groups spec §5).
  [GROUP_NAME_MESSAGE]: "groups:validation.name_required",
  [PIN_MESSAGE]: "groups:validation.pin",
  [REPLY_TO_MESSAGE]: "groups:validation.reply_to_email",
  [RECIPIENTS_MESSAGE]: "groups:validation.recipients",
  [SIGN_OUT_FIRST_MESSAGE]: "groups:validation.sign_out_first",
  [AUTO_CLEAR_TIME_MESSAGE]: "groups:validation.auto_clear_time",
  [AUTO_CLEAR_HOURS_MESSAGE]: "groups:validation.auto_clear_hours",
  [DELETE_NAME_MESSAGE]: "common:validation.delete_confirm",
  [GROUP_ON_SITE_MESSAGE]: "groups:delete.in_use",
  [SITES_MESSAGE]: "groups:validation.sites",
  // A group's time-and-attendance and integrations tabs (groups spec §5).
  [MANAGER_MESSAGE]: "groups:validation.manager",
  [TIME_AND_ATTENDANCE_OFF]: "groups:validation.time_and_attendance_off",
  [TIME_AND_ATTENDANCE_RETURNING]: "groups:validation.time_and_attendance_returning",
  [RATING_SYSTEMS_MESSAGE]: "groups:validation.rating_systems",
  [CENTRAL_RECORD_OFF]: "groups:validation.central_record_off",
  [CENTRAL_RECORD_ORGANISATION]: "groups:validation.central_record_organisation",
  [CENTRAL_RECORD_RATING_UNKNOWN]: "groups:validation.central_record_rating",
  // A group's personal fields (groups spec §5, §9).
  [LABEL_REQUIRED]: "groups:personal_fields.validation.label_required",
  [PERSONAL_FIELDS_FULL]: "groups:personal_fields.validation.limit",
  [FAVOURITES_FULL]: "groups:personal_fields.validation.favourites",
  [LABEL_TAKEN]: "groups:personal_fields.validation.label_taken",
  [SYSTEM_FIELD_DELETE_MESSAGE]: "groups:personal_fields.validation.system_delete",
  [SYSTEM_FIELD_TYPE_MESSAGE]: "groups:personal_fields.validation.system_type",
  // A group's badge (groups spec §3, §9).
  [BADGE_OUTSIDE]: "groups:badge.validation.outside",
  [BADGE_TOO_MANY]: "groups:badge.validation.too_many_elements",
  [BADGE_TEXT_REQUIRED]: "groups:badge.validation.text_required",
  [BADGE_UNKNOWN_FIELD]: "groups:badge.validation.field",
  [BADGE_UNKNOWN_PERSONAL]: "groups:badge.validation.personal",
  [BADGE_PERSONAL_OFF]: "groups:badge.validation.personal_off",
  // A group's directory integration (groups spec §8 sync errors, platform §8's toast).
  [SYNC_DISABLED_MESSAGE]: "groups:sync.disabled",
  [FACILITY_CODE_MESSAGE]: "groups:sync.validation.facility_code",
  [SYNC_STATE_MESSAGE]: "groups:sync.state_invalid",
  [SYNC_NOT_RETURNING]: "groups:sync.not_returning",
  [SYNC_NOT_CONNECTED]: "groups:sync.not_connected",
  [SYNC_PROVIDER_OFF]: "groups:sync.provider_off",
  [SYNC_REDIRECT_MESSAGE]: "groups:sync.validation.redirect",
  [SYNC_CHOOSE_GROUP_MESSAGE]: "groups:sync.validation.choose_first",
  [FACILITY_CODE_BRIVO_ONLY]: "groups:sync.validation.facility_brivo_only",
  [SYNC_IMPORT_OFF]: "groups:sync.validation.import_off",
  [SYNC_IMPORT_LINKED]: "groups:sync.validation.import_linked",
  [SYNC_IMPORT_CHOOSE]: "groups:sync.validation.import_choose",
  [GROUP_LIMIT_MESSAGE]: "groups:errors.group_limit",
  [GROUP_ATTACHMENTS_FULL]: "groups:attachments.limit",
  ...Object.fromEntries(Object.entries(SYNC_ERRORS).map(([code, text]) => [text, `groups:sync.error.${code}`])),
  // A group's Slack connection (its notifications tab; ADR 016).
  [SLACK_STATE_MESSAGE]: "groups:slack.state_invalid",
  [SLACK_NOT_CONNECTED]: "groups:slack.not_connected",
  [SLACK_CHANNEL_MESSAGE]: "groups:slack.validation.channel_unknown",
  [SLACK_CHOOSE_CHANNEL_FIRST]: "groups:slack.validation.channel_first",
  [SLACK_REDIRECT_MESSAGE]: "groups:slack.validation.redirect",
  ...Object.fromEntries(Object.entries(SLACK_ERRORS).map(([code, text]) => [text, `groups:slack.error.${code}`])),
  // Sign-out-first groups on Today (the contract's today-messages.ts; ADR 015).
  [NOT_SIGN_OUT_FIRST_MESSAGE]: "today:sign_out_first.validation.not_sign_out_first",
  [ALREADY_AWAY_MESSAGE]: "today:sign_out_first.validation.already_away",
  [NOT_AWAY_MESSAGE]: "today:sign_out_first.validation.use_depart",
  [RETURN_NOT_AWAY_MESSAGE]: "today:sign_out_first.validation.not_away",
  // Pre-registrations and their magic links (the contract's pre-registrations.ts; ADR 019). Its
  // email rule is REPLY_TO_MESSAGE's words, translated above.
  ...Object.fromEntries(Object.entries(PRE_REG_MESSAGES).filter(([k]) => k !== "email").map(([k, text]) => [text, `prereg:messages.${k}`])),
  // Members import (the contract's member-io.ts; ADR 018): a file refused whole, a preview gone or stale.
  ...Object.fromEntries(Object.entries(IMPORT_FILE_MESSAGES).map(([code, text]) => [text, `members:import.file.${code}`])),
  [IMPORT_PREVIEW_GONE]: "members:import.preview.gone",
  [IMPORT_STALE]: "members:import.preview.stale",
  // The account pages (the contract's account.ts; ADR 023).
  // The billing contact's email rule is REPLY_TO_MESSAGE's words (the contract's account.ts), translated above.
  ...Object.fromEntries(Object.entries(ACCOUNT_MESSAGES).map(([k, text]) => [text, `${AREA_PREFIXES.account}.${k}`])),
  // Roles and permissions (the contract's roles.ts; ADR 021).
  ...Object.fromEntries(Object.entries(ROLE_MESSAGES).map(([k, text]) => [text, `${AREA_PREFIXES.roles}.${k}`])),
  // SSO self-service (the contract's sso.ts; ADR 024).
  ...Object.fromEntries(Object.entries(SSO_MESSAGES).map(([k, text]) => [text, `${AREA_PREFIXES.sso}.${k}`])),
  // Portal users and my profile (the contract's users.ts; ADR 020).
  // Its email rule is REPLY_TO_MESSAGE's words, and "delete primary user" SSO_MESSAGES.removePrimary's
  // (the spec's one toast), translated above.
  ...Object.fromEntries(Object.entries(USER_MESSAGES).filter(([k]) => k !== "email" && k !== "deletePrimary").map(([k, text]) => [text, `${AREA_PREFIXES.users}.${k}`])),
  ...Object.fromEntries(Object.entries(PROFILE_MESSAGES).map(([k, text]) => [text, `users:profile.errors.${k}`])),
  // Date ranges of every report and export (the contract's date-range.ts) and the history's filters (history.ts; ADR 025).
  ...Object.fromEntries(Object.entries(RANGE_MESSAGES).map(([k, text]) => [text, `history:range.${k}`])),
  ...Object.fromEntries(Object.entries(HISTORY_MESSAGES).map(([k, text]) => [text, `history:messages.${k}`])),
  // Attendance reports (the contract's attendance-messages.ts; ADR 027; the ranges' words are history:range, above).
  ...Object.fromEntries(Object.entries(ATTENDANCE_MESSAGES).map(([k, text]) => [text, `attendance:messages.${k}`])),
  // The safety check (the contract's safety-check-messages.ts; ADR 029).
  ...Object.fromEntries(Object.entries(SAFETY_CHECK_MESSAGES).map(([k, text]) => [text, `${AREA_PREFIXES.safety}.${k}`])),
  // Notification delivery: the log, replay, the test event (the contract's notification-delivery-messages.ts; ADR 028).
  [DELIVERY_MESSAGES.deliveryNotFound]: "notifications:deliveries.messages.gone",
  [DELIVERY_MESSAGES.replayPending]: "notifications:deliveries.messages.replay_pending",
  // The client API's credentials and visitor forms (the contract's api-clients-messages.ts, visitor-forms-messages.ts; ADR 030).
  ...Object.fromEntries(Object.entries(API_CLIENT_MESSAGES).map(([k, text]) => [text, `${API_CLIENT_KEY_PREFIX}.${k}`])),
  ...Object.fromEntries(Object.entries(FORM_MESSAGES).map(([k, text]) => [text, `${FORM_KEY_PREFIX}.${k}`])),
};

// Notifications (the contract's notification-messages.ts; ADR 028). Its "Choose among your sites" and
// "Connect Slack first" are the groups' words (SITES_MESSAGE, SLACK_NOT_CONNECTED), translated above.
for (const [k, text] of Object.entries(NOTIFICATION_MESSAGES)) KNOWN_MESSAGES[text] ??= `notifications:errors.${k}`;

/** An upstream message as a form message: its translation key when it is known, else "@text" (shown as it came). */
export function messageKey(text: string): string {
  const plain = text.startsWith("@") ? text.slice(1) : text;
  return KNOWN_MESSAGES[plain] ?? `@${plain}`;
}

/** The translation key of a message the contract states (for the browser's own check of the same rule). */
export function knownKey(text: string): string {
  const key = KNOWN_MESSAGES[text];
  if (!key) throw new Error(`No translation for the contract's message "${text}": add it to KNOWN_MESSAGES`);
  return key;
}
