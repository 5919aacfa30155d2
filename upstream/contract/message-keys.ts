/**
 * The translation keys the browser's own checks of contract rules use (ADR 035): an area's branch
 * ("ns:path.", its rule `<branch><name>`) or a single rule's key. Each area's catalogue (in its
 * messages module) is built on the same constant, so the browser and the upstream's words say the
 * same. Keys only, one line an area: a page's bundle takes these strings and never an area's
 * messages (a module in a shared chunk brings every statement any page uses; ADR 010's budget).
 */
export const ACCOUNT_KEYS = "account:messages.";
export const ROLE_KEYS = "roles:messages.";
export const SSO_KEYS = "sso:messages.";
export const USER_KEYS = "users:errors.";
export const SAFETY_CHECK_KEYS = "safety-check:messages.";
export const PRE_REG_KEYS = "pre-registrations:messages.";
export const NOTIFICATION_KEYS = "notifications:errors.";
export const API_CLIENT_KEYS = "features:api_clients.messages.";
export const FORM_KEYS = "features:forms.messages.";
export const SPACE_KEYS = "spaces:messages.";
export const ADDON_KEYS = "addons:messages.";
export const CLOSURE_KEYS = "manage:closures.messages.";
export const TIME_ATTENDANCE_KEYS = "manage:time_attendance.messages.";
/** The reply-to email's rule (also a portal user's, a pre-registration's and the billing contact's email). */
export const REPLY_TO_KEY = "groups:validation.reply_to_email";
/** A site message's two rules (the contract's messageProblems). */
export const CHECKBOX_LABEL_KEY = "sites:messages.validation.checkbox_label_required";
export const RECIPIENTS_KEY = "sites:messages.validation.recipients_required";
