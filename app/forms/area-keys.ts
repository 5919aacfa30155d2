/**
 * Translation keys of contract messages for the browser's own checks, without `KNOWN_MESSAGES`
 * (every area's words) in the page's bundle (ADR 010's page budget): each key comes from the
 * constant its area's catalogue is built on (the contract's message-keys.ts, ADR 035; an area's
 * rule is `<AREA>_KEYS<name>`), so the bundle takes a short string, never the area's messages.
 * A custom field's rules have their keys by their words beside them (the contract's
 * CUSTOM_FIELD_KEYS). tests/unit/area-keys.test.ts holds each equal to `knownKey`.
 */
import {
  ACCOUNT_KEYS,
  ROLE_KEYS,
  SAFETY_CHECK_KEYS,
  SSO_KEYS,
  USER_KEYS,
  REPLY_TO_KEY,
  type ACCOUNT_MESSAGES,
  type ROLE_MESSAGES,
  type SAFETY_CHECK_MESSAGES,
  type SSO_MESSAGES,
  type USER_MESSAGES,
} from "@contract";

/** Each area's branch of keys ("ns:path."). */
const AREAS = { account: ACCOUNT_KEYS, roles: ROLE_KEYS, sso: SSO_KEYS, users: USER_KEYS, "safety-check": SAFETY_CHECK_KEYS } as const;
export interface AreaTables {
  account: typeof ACCOUNT_MESSAGES;
  roles: typeof ROLE_MESSAGES;
  sso: typeof SSO_MESSAGES;
  users: typeof USER_MESSAGES;
  "safety-check": typeof SAFETY_CHECK_MESSAGES;
}

/** The key of the rule `name` of an area's message table. */
export const areaKey = <A extends keyof AreaTables>(area: A, name: keyof AreaTables[A] & string) => `${AREAS[area]}${name}`;

/** A valid email (the reply-to email's rule: also a portal user's and the billing contact's email). */
export const EMAIL_KEY = REPLY_TO_KEY;
/** A site message's two rules (the contract's messageProblems). */
export { CHECKBOX_LABEL_KEY, RECIPIENTS_KEY } from "@contract";
