/**
 * Translation keys of the visitor forms' contract messages for the browser's own checks (the keys
 * `known-messages.ts` gives the upstream's words: `features:forms.messages.{name}`), kept out of
 * `area-keys.ts` so the sign-in page's shared chunk does not carry them (ADR 010's budget).
 * tests/unit/features-keys.test.ts holds them equal to `knownKey`.
 */
import type { FORM_MESSAGES } from "@contract";

// Built from its parts: a prefix, not a key of its own.
export const FORM_KEY_PREFIX = ["features", "forms.messages"].join(":");
export const formKey = (name: keyof typeof FORM_MESSAGES) => `${FORM_KEY_PREFIX}.${name}`;
