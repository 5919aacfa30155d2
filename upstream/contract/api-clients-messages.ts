/**
 * The client API's values and messages the browser needs (ADR 030), without zod: the scopes (each
 * with what it allows, named by a translation key in the `features` namespace), the limits, the
 * upstream's words for the API clients form, and where the client API lives below a region.
 */
import type { Catalogue } from "./catalogue.ts";
import { API_CLIENT_KEYS } from "./message-keys.ts";

/** The scopes a client API credential may hold: only what the client API serves. */
export const API_CLIENT_SCOPES = ["visits:read", "sites:read", "members:read"] as const;
export type ApiClientScope = (typeof API_CLIENT_SCOPES)[number];

export const API_CLIENT_LIMITS = {
  name: 100,
  /** Active (not revoked) API clients per organisation. */
  perClient: 25,
  /** Seconds a bearer token of `POST token` lives. */
  tokenSeconds: 3600,
  /** Requests per client per minute (429 with Retry-After beyond). */
  perMinute: 120,
  /** The longest visits window of one request, in days. */
  visitDays: 31,
  /** Visits or members a page. */
  perPage: 100,
} as const;

/** The client API below `{publicUrl}/{region}/`. */
export const CLIENT_API_PATH = "api/client/v1";

export const API_CLIENT_MESSAGES = {
  nameRequired: "An API client name is required.",
  nameTooLong: "The API client name must be at most 100 characters.",
  scopesRequired: "Choose at least one scope.",
  unknownScope: "Choose among the scopes the client API offers.",
  tooMany: "You have reached the limit of 25 API clients. Revoke one first.",
  notFound: "API client not found.",
  alreadyRevoked: "This API client is already revoked.",
} as const;

export const API_CLIENT_CATALOGUE: Catalogue = { tables: [{ branch: API_CLIENT_KEYS, messages: API_CLIENT_MESSAGES }] };
