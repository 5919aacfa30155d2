/**
 * SSO self-service's words (ADR 024) as plain values without zod, and their catalogue (ADR 035):
 * the browser's checks and the portal's known-messages table import them; ./sso builds its schemas
 * on them. ./index re-exports them.
 */
import type { Catalogue } from "./catalogue.ts";
import { SSO_KEYS } from "./message-keys.ts";

// The upstream's words (the portal translates them: known-messages).
export const SSO_MESSAGES = {
  notAuthorised: "You are not authorised to view the single sign-on settings.",
  notAuthorisedChange: "You are not authorised to change the single sign-on settings.",
  notConfigured: "Single sign-on is not configured for this client.",
  providerRequired: "Choose google, azure or okta.",
  domainInvalid: "Enter a domain such as example.com.",
  domainPublic: "A public email domain cannot be used for single sign-on.",
  domainClaimed: "This domain is already used for single sign-on by another organisation.",
  clientIdRequired: "The provider's client id is required.",
  hostInvalid: "Enter the provider's host as an https:// address.",
  clientNotYours: "You can only apply single sign-on to organisations you manage.",
  roleUnknown: "Choose one of this organisation's roles.",
  roleEscalation: "You cannot grant a role with rights you do not hold.",
  emailNotAtDomain: "Enter an address at the domain being verified.",
  verifyFirst: "Start the verification first.",
  dnsNotFound: "The TXT record was not found yet. DNS changes can take a while to appear: try again later.",
  dnsUnavailable: "The DNS lookup failed, please try again later.",
  codeInvalid: "The code is invalid.",
  codeExpired: "The code has expired: send a new one.",
  codeAttempts: "Too many wrong codes: send a new one.",
  enableUnverified: "Verify the domain before enabling single sign-on.",
  enforceUntested: "Test a single sign-on sign-in before enforcing it.",
  enforceDisabled: "Enable single sign-on before enforcing it.",
  breakGlassRequired: "Choose a break-glass account before enforcing single sign-on.",
  breakGlassInvalid: "The break-glass account must be a user of this organisation who signs in with a password.",
  requestGone: "This access request has already been decided.",
  userGone: "This user no longer signs in with single sign-on here.",
  removePrimary: "Cannot perform delete: You cannot delete primary user",
  removeSelf: "You cannot remove yourself.",
  sitesRequired: "Choose the sites the person may use, or every site.",
  sitesUnknown: "Choose among this organisation's sites.",
  ownSites: "An approval can only give access to sites you have access to.",
  passwordEnforced: "Your organisation requires single sign-on: sign in with your identity provider.",
} as const;

export const SSO_CATALOGUE: Catalogue = { tables: [{ branch: SSO_KEYS, messages: SSO_MESSAGES }] };
