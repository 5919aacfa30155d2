/**
 * Translation keys of the client API's contract messages for the browser's own checks: the keys
 * its catalogue gives the upstream's words (`API_CLIENT_KEYS`, ADR 035: `features:api_clients.messages.{name}`),
 * kept out of `area-keys.ts` so the sign-in page's shared chunk does not carry them (ADR 010's budget).
 * tests/unit/features-keys.test.ts holds them equal to `knownKey`.
 */
import { API_CLIENT_KEYS, type API_CLIENT_MESSAGES } from "@contract";

export const apiClientKey = (name: keyof typeof API_CLIENT_MESSAGES) => `${API_CLIENT_KEYS}${name}`;
