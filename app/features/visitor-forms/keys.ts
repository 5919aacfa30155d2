/**
 * Translation keys of the visitor forms' contract messages for the browser's own checks: the keys
 * its catalogue gives the upstream's words (`FORM_KEYS`, ADR 035: `features:forms.messages.{name}`),
 * kept out of `area-keys.ts` so the sign-in page's shared chunk does not carry them (ADR 010's budget).
 * tests/unit/features-keys.test.ts holds them equal to `knownKey`.
 */
import { FORM_KEYS, type FORM_MESSAGES } from "@contract";

export const formKey = (name: keyof typeof FORM_MESSAGES) => `${FORM_KEYS}${name}`;
