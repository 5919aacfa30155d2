/**
 * THE table of upstream messages the portal knows, each with its translation key: a rule the
 * contract states (and the browser checks too, in the same words) or a refusal the upstream sends.
 * Any other upstream text is shown as it came ("@text"). It is the union of the areas' catalogues
 * (ADR 035): each area's contract messages module carries its own (message → key), and a new area
 * adds its catalogue here in one line. A message two areas state is translated by one of them (the
 * other leaves it out: `except`); tests/unit/catalogues.test.ts holds that no message has two keys.
 * The browser's own checks take their keys from the same contract constants (`area-keys.ts`),
 * without this table in every form page's bundle.
 */
import {
  ACCOUNT_CATALOGUE,
  API_CLIENT_CATALOGUE,
  ATTENDANCE_CATALOGUE,
  CUSTOM_FIELD_CATALOGUE,
  DELIVERY_CATALOGUE,
  FORM_CATALOGUE,
  GROUP_CATALOGUE,
  HISTORY_CATALOGUE,
  MEMBER_CATALOGUE,
  MEMBER_IMPORT_CATALOGUE,
  NOTIFICATION_CATALOGUE,
  PRE_REG_CATALOGUE,
  ROLE_CATALOGUE,
  SAFETY_CHECK_CATALOGUE,
  SITE_MESSAGE_CATALOGUE,
  SLACK_CATALOGUE,
  SSO_CATALOGUE,
  TODAY_CATALOGUE,
  USER_CATALOGUE,
  VISIT_CATALOGUE,
  catalogueEntries,
  type Catalogue,
} from "@contract";

/** Every area's catalogue: one line each. */
export const CATALOGUES: Readonly<Record<string, Catalogue>> = {
  visits: VISIT_CATALOGUE,
  members: MEMBER_CATALOGUE,
  memberImport: MEMBER_IMPORT_CATALOGUE,
  customFields: CUSTOM_FIELD_CATALOGUE,
  siteMessages: SITE_MESSAGE_CATALOGUE,
  groups: GROUP_CATALOGUE,
  slack: SLACK_CATALOGUE,
  today: TODAY_CATALOGUE,
  preRegistrations: PRE_REG_CATALOGUE,
  account: ACCOUNT_CATALOGUE,
  roles: ROLE_CATALOGUE,
  sso: SSO_CATALOGUE,
  users: USER_CATALOGUE,
  history: HISTORY_CATALOGUE,
  attendance: ATTENDANCE_CATALOGUE,
  safetyCheck: SAFETY_CHECK_CATALOGUE,
  notifications: NOTIFICATION_CATALOGUE,
  deliveries: DELIVERY_CATALOGUE,
  apiClients: API_CLIENT_CATALOGUE,
  visitorForms: FORM_CATALOGUE,
};

const KNOWN_MESSAGES: Readonly<Record<string, string>> = Object.fromEntries(Object.values(CATALOGUES).flatMap(catalogueEntries));

/** An upstream message as a form message: its translation key when it is known, else "@text" (shown as it came). */
export function messageKey(text: string): string {
  const plain = text.startsWith("@") ? text.slice(1) : text;
  return KNOWN_MESSAGES[plain] ?? `@${plain}`;
}

/** The translation key of a message the contract states (for the browser's own check of the same rule). */
export function knownKey(text: string): string {
  const key = KNOWN_MESSAGES[text];
  if (!key) throw new Error(`No translation for the contract's message "${text}": add it to its area's catalogue`);
  return key;
}
