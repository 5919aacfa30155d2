/**
 * Portal users' and my profile's limits, notification keys and messages (ADR 020), as plain values
 * without zod: the portal's forms and known-messages table import them, so they stay out of the
 * zod weight of every page (ADR 010, as ./today-messages). ./index re-exports them.
 */
import type { Catalogue } from "./catalogue.ts";
import { USER_KEYS } from "./message-keys.ts";
export const USER_LIMITS = { name: 100, email: 254, perPage: 15, search: 100, sites: 1000 } as const;

/** What a user can be emailed about in a client (My profile; delivery comes with notifications). */
export const USER_NOTIFICATIONS = ["device_alerts", "evacuation_started", "evacuation_completed", "pre_registration_arrived"] as const;
export type UserNotification = (typeof USER_NOTIFICATIONS)[number];
/** Preferences never set: on, except device alerts (an administrator's flag, off until set). */
export const notificationDefault = (k: UserNotification) => k !== "device_alerts";

/** The upstream's words for its refusals (the portal translates them: known-messages). */
export const USER_MESSAGES = {
  notFound: "Failed to find existing user",
  deletePrimary: "Cannot perform delete: You cannot delete primary user",
  deleteSelf: "You cannot delete yourself",
  nameRequired: "The user name is required",
  email: "A valid email is required",
  emailTaken: "This email already has access to your organisation",
  role: "Choose a role of your organisation",
  escalation: "You cannot give a role with rights you do not hold",
  outranks: "You cannot change a user who holds rights you do not hold",
  sites: "Choose sites of your organisation",
  ownSites: "You can only give access to sites you have access to",
  primaryTransfer: "Only the primary user can make another user primary",
  primaryKeep: "Make another user primary instead",
  no2fa: "This user has no two-factor authentication",
  own2fa: "Remove your own two-factor authentication on My profile",
  notInvited: "This user has already chosen a password",
  alreadyInvited: "This email has already been invited to your organisation",
  sharedName: "This person also belongs to other organisations: only they can change their name",
  shared2fa: "This person also belongs to other organisations: only they can remove their two-factor authentication",
  sharedPassword: "This person also belongs to other organisations: only they can change how they sign in",
  ownFlags: "You cannot change your own primary, billing or technical contact flags",
  flagsPrimaryOnly: "Only the primary user can change the billing and technical contact flags",
  primaryPending: "A user can be made primary once they have accepted their invitation",
  ownSitesEmpty: "You cannot leave yourself without a site",
} as const;

export const PROFILE_MESSAGES = {
  currentPassword: "The current password is incorrect",
  confirmation: "The password confirmation does not match",
  reuse: "You cannot reuse one of your last 5 passwords",
  sso: "Your password is managed by your identity provider",
  code: "The code is invalid",
  noSetup: "Start the two-factor set-up again",
  already2fa: "Two-factor authentication is already on",
  not2fa: "Two-factor authentication is not on",
  forced2fa: "Your organisation requires two-factor authentication",
  locale: "Choose a supported language",
  tooMany: "Too many attempts: wait a minute and try again",
  invitationGone: "This invitation is no longer there",
} as const;

/** The portal's languages (platform §9), as the upstream stores a user's locale. */
export const PROFILE_LOCALES = ["ca", "da", "de", "en_GB", "en_AU", "en_US", "es", "fr", "it", "uk", "nl", "pl", "pt", "ja", "sv", "zh_HK", "ru", "tr", "hr"] as const;

/**
 * The catalogue (ADR 035): portal users (`users:errors.<name>`) and my profile
 * (`users:profile.errors.<name>`). The email rule is the reply-to email's words (the groups'), and
 * "delete primary user" SSO's removePrimary (the spec's one toast).
 */
export const USER_CATALOGUE: Catalogue = {
  tables: [
    { branch: USER_KEYS, messages: USER_MESSAGES, except: ["email", "deletePrimary"] },
    { branch: "users:profile.errors.", messages: PROFILE_MESSAGES },
  ],
};
