/**
 * Translation keys of contract messages for the browser's own checks of the same rules, without
 * `KNOWN_MESSAGES` (every area's words) in the page's bundle (ADR 010's page budget; a table that
 * grows with each area would push every form page over it): an area's rule is `<prefix>.<name>`,
 * the prefixes `KNOWN_MESSAGES` itself uses for those tables, and a few single messages have their
 * keys here. Only types are imported. tests/unit/area-keys.test.ts holds each equal to `knownKey`.
 */
import type { ACCOUNT_MESSAGES, ROLE_MESSAGES, SSO_MESSAGES, USER_MESSAGES } from "@contract";

/** Each area's namespace and the path of its messages in it (the key is `<namespace>:<path>.<name>`). */
const AREAS = { account: ["account", "messages"], roles: ["roles", "messages"], sso: ["sso", "messages"], users: ["users", "errors"] } as const;
export const AREA_PREFIXES = Object.fromEntries(Object.entries(AREAS).map(([area, [ns, path]]) => [area, `${ns}:${path}`])) as Record<keyof typeof AREAS, string>;
export interface AreaTables {
  account: typeof ACCOUNT_MESSAGES;
  roles: typeof ROLE_MESSAGES;
  sso: typeof SSO_MESSAGES;
  users: typeof USER_MESSAGES;
}

/** The key of the rule `name` of an area's message table. */
export const areaKey = <A extends keyof AreaTables>(area: A, name: keyof AreaTables[A] & string) => `${AREA_PREFIXES[area]}.${name}`;

/** A valid email (the reply-to email's rule: also a portal user's and the billing contact's email). */
export const EMAIL_KEY = "groups:validation.reply_to_email";
/** A site message's two rules (the contract's messageProblems). */
export const CHECKBOX_LABEL_KEY = "sites:messages.validation.checkbox_label_required";
export const RECIPIENTS_KEY = "sites:messages.validation.recipients_required";

/** A custom field's rules (the contract's customFieldProblems) by their words. */
export const CUSTOM_FIELD_KEYS: Record<string, string> = {
  "Add at least one option": "sites:customfields.validation.options_required",
  "Options must be unique": "sites:customfields.validation.options_unique",
  "Only dropdown and yes/no fields have a default option": "sites:customfields.validation.default_not_allowed",
  "The default option must be one of the options": "sites:customfields.validation.default_not_option",
  "Only choice and yes/no fields can reject a sign-in": "sites:customfields.validation.reject_not_allowed",
  "Reject options must be among the options": "sites:customfields.validation.reject_not_option",
  "A reject message is required when a reject option is set": "sites:customfields.validation.reject_message_required",
  "Signature and photo fields cannot be shown on the evacuation list": "sites:customfields.validation.evacuation_not_allowed",
};
