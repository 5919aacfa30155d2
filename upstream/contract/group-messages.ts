/**
 * The groups area's messages and limits as plain values, without zod: the portal's shared form code
 * (its known-messages table) imports them, and importing ./group-settings for a string would take
 * its schemas into every page (ADR 010). ./index re-exports them.
 */
import type { Catalogue } from "./catalogue.ts";
import { REPLY_TO_KEY } from "./message-keys.ts";

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
export const PERSONAL_FIELD_LIMITS = { perGroup: 15, favourites: 4, options: 50, optionLength: 100, labelLength: 100 } as const;
export const PERSONAL_FIELDS_FULL = `A group has at most ${PERSONAL_FIELD_LIMITS.perGroup} personal fields`;
export const FAVOURITES_FULL = `At most ${PERSONAL_FIELD_LIMITS.favourites} personal fields can be favourites`;
export const OPTIONS_REQUIRED = "Add at least one option";
export const LABEL_REQUIRED = "The label is required";
export const LABEL_TAKEN = "A personal field with this label already exists in this group";
export const BADGE_LIMITS = { repeatable: 20, textLength: 100, minSide: 3, fontMin: 6, fontMax: 72 } as const;
export const BADGE_TOO_MANY = "At most 20 elements of each kind, and one each of photo, logo, QR code, name, group, date and time";
export const BADGE_OUTSIDE = "Every element must lie on the badge";
export const BADGE_PERSONAL_OFF = "Personal fields cannot be placed on badges";
export const BADGE_UNKNOWN_FIELD = "Choose a field of this organisation";
export const BADGE_UNKNOWN_PERSONAL = "Choose a personal field of this group";
export const BADGE_TEXT_REQUIRED = "A text element needs its text";
/** Where a group is offered (its sign-in tab): sites of this organisation that the user may see. */
export const SITES_MESSAGE = "Choose among your sites";
/** Only a member of a group with Time & Attendance on may manage others (groups spec §5). */
export const MANAGER_MESSAGE = "A manager must belong to a group with Time & Attendance enabled";
export const TIME_AND_ATTENDANCE_RETURNING = "Only a returning group has members whose time is tracked";
export const TIME_AND_ATTENDANCE_OFF = "Time & Attendance is not enabled for this organisation";
/** Central Record (groups spec §5): custom checking needs at least one rating system. */
export const RATING_SYSTEMS_MESSAGE = "Select at least one rating system";
export const CENTRAL_RECORD_OFF = "Central Record is not enabled for this organisation";
export const CENTRAL_RECORD_ORGANISATION = "Choose an organisation of your Central Record";
export const CENTRAL_RECORD_RATING_UNKNOWN = "Choose rating systems of your Central Record";

// Directory integrations (./group-sync).
export const SYNC_PROVIDERS = ["azure-ad", "google-apps", "brivo"] as const;
export type SyncProvider = (typeof SYNC_PROVIDERS)[number];

/** The sync errors of groups spec §8, by code (a connection shows its last one). */
export const SYNC_ERRORS = {
  invalid_grant: "API access is no longer available: connect the directory again",
  not_found: "The directory group was not found",
  google_forbidden: "Google refused access to the directory",
  google_domain: "This Google domain does not allow API access",
  wonde_removed: "Wonde access has been removed",
  central_record_connection: "Could not connect to Central Record",
} as const;
export type SyncErrorCode = keyof typeof SYNC_ERRORS;
export const SYNC_DISABLED_MESSAGE = "The group synchronisation has been disabled";
export const FACILITY_CODE_MESSAGE = "The facility code must be a whole number from 0 to 255";
export const SYNC_STATE_MESSAGE = "This sign-in to the directory has expired or was not started here: connect again";
export const SYNC_NOT_RETURNING = "Only a returning group can be synchronised with a directory";
export const SYNC_NOT_CONNECTED = "Connect a directory first";
export const SYNC_PROVIDER_OFF = "Brivo is not available for this organisation";
/** Importing directory groups as groups (the integrated-groups-import flag). */
export const SYNC_IMPORT_OFF = "Importing directory groups is not available for this organisation";
export const SYNC_IMPORT_LINKED = "A group here is already synced from this directory group";
export const SYNC_IMPORT_CHOOSE = "Choose at least one directory group";
/** The upstream's own messages (not in the contract): a redirect_uri off the allow-list, … */
export const SYNC_REDIRECT_MESSAGE = "This callback address is not allowed for directory sign-in";
/** … a sync asked for before a directory group is chosen, … */
export const SYNC_CHOOSE_GROUP_MESSAGE = "Choose a directory group first";
/** … a facility code for a directory other than Brivo. */
export const FACILITY_CODE_BRIVO_ONLY = "Only a Brivo directory has a facility code";

/** The group limit's message: the spec's catalogue has this one for a tier's limit (platform §8). */
export const GROUP_LIMIT_MESSAGE = "You are over the limit, please upgrade your tier";
/** A group's attachments (./group-attachments): at most 30 MB each, 5 a group. */
export const GROUP_ATTACHMENT_LIMITS = { bytes: 30 * 1024 * 1024, perGroup: 5 } as const;
export const GROUP_ATTACHMENTS_FULL = `A group has at most ${GROUP_ATTACHMENT_LIMITS.perGroup} attachments`;


/** The groups area's catalogue (ADR 035): settings, personal fields, badge, directory integration, attachments. */
export const GROUP_CATALOGUE: Catalogue = {
  keys: {
    // Groups shown at a site (the site's groups tab).
    "Choose groups of your organisation": "groups:validation.unknown_group",
    "Choose among your groups": "groups:validation.unknown_group",
  },
  pairs: [
    [GROUP_NAME_MESSAGE, "groups:validation.name_required"],
    [PIN_MESSAGE, "groups:validation.pin"],
    [REPLY_TO_MESSAGE, REPLY_TO_KEY],
    [RECIPIENTS_MESSAGE, "groups:validation.recipients"],
    [SIGN_OUT_FIRST_MESSAGE, "groups:validation.sign_out_first"],
    [AUTO_CLEAR_TIME_MESSAGE, "groups:validation.auto_clear_time"],
    [AUTO_CLEAR_HOURS_MESSAGE, "groups:validation.auto_clear_hours"],
    [DELETE_NAME_MESSAGE, "common:validation.delete_confirm"],
    [GROUP_ON_SITE_MESSAGE, "groups:delete.in_use"],
    [SITES_MESSAGE, "groups:validation.sites"],
    [MANAGER_MESSAGE, "groups:validation.manager"],
    [TIME_AND_ATTENDANCE_OFF, "groups:validation.time_and_attendance_off"],
    [TIME_AND_ATTENDANCE_RETURNING, "groups:validation.time_and_attendance_returning"],
    [RATING_SYSTEMS_MESSAGE, "groups:validation.rating_systems"],
    [CENTRAL_RECORD_OFF, "groups:validation.central_record_off"],
    [CENTRAL_RECORD_ORGANISATION, "groups:validation.central_record_organisation"],
    [CENTRAL_RECORD_RATING_UNKNOWN, "groups:validation.central_record_rating"],
    [LABEL_REQUIRED, "groups:personal_fields.validation.label_required"],
    [PERSONAL_FIELDS_FULL, "groups:personal_fields.validation.limit"],
    [FAVOURITES_FULL, "groups:personal_fields.validation.favourites"],
    [LABEL_TAKEN, "groups:personal_fields.validation.label_taken"],
    [SYSTEM_FIELD_DELETE_MESSAGE, "groups:personal_fields.validation.system_delete"],
    [SYSTEM_FIELD_TYPE_MESSAGE, "groups:personal_fields.validation.system_type"],
    [BADGE_OUTSIDE, "groups:badge.validation.outside"],
    [BADGE_TOO_MANY, "groups:badge.validation.too_many_elements"],
    [BADGE_TEXT_REQUIRED, "groups:badge.validation.text_required"],
    [BADGE_UNKNOWN_FIELD, "groups:badge.validation.field"],
    [BADGE_UNKNOWN_PERSONAL, "groups:badge.validation.personal"],
    [BADGE_PERSONAL_OFF, "groups:badge.validation.personal_off"],
    [SYNC_DISABLED_MESSAGE, "groups:sync.disabled"],
    [FACILITY_CODE_MESSAGE, "groups:sync.validation.facility_code"],
    [SYNC_STATE_MESSAGE, "groups:sync.state_invalid"],
    [SYNC_NOT_RETURNING, "groups:sync.not_returning"],
    [SYNC_NOT_CONNECTED, "groups:sync.not_connected"],
    [SYNC_PROVIDER_OFF, "groups:sync.provider_off"],
    [SYNC_REDIRECT_MESSAGE, "groups:sync.validation.redirect"],
    [SYNC_CHOOSE_GROUP_MESSAGE, "groups:sync.validation.choose_first"],
    [FACILITY_CODE_BRIVO_ONLY, "groups:sync.validation.facility_brivo_only"],
    [SYNC_IMPORT_OFF, "groups:sync.validation.import_off"],
    [SYNC_IMPORT_LINKED, "groups:sync.validation.import_linked"],
    [SYNC_IMPORT_CHOOSE, "groups:sync.validation.import_choose"],
    [GROUP_LIMIT_MESSAGE, "groups:errors.group_limit"],
    [GROUP_ATTACHMENTS_FULL, "groups:attachments.limit"],
  ],
  tables: [{ branch: "groups:sync.error.", messages: SYNC_ERRORS }],
};
