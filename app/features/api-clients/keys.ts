/**
 * Translation keys of the client API's contract messages for the browser's own checks (the keys
 * `known-messages.ts` gives the upstream's words: `features:api_clients.messages.{name}`), kept out
 * of `area-keys.ts` so the sign-in page's shared chunk does not carry them (ADR 010's budget).
 * tests/unit/features-keys.test.ts holds them equal to `knownKey`.
 */
import type { API_CLIENT_MESSAGES } from "@contract";

// Built from its parts: a prefix, not a key of its own.
export const API_CLIENT_KEY_PREFIX = ["features", "api_clients.messages"].join(":");
export const apiClientKey = (name: keyof typeof API_CLIENT_MESSAGES) => `${API_CLIENT_KEY_PREFIX}.${name}`;
