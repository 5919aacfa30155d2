// ---------------------------------------------------------------------------------------------
// The client API and its credentials (platform §2 /manage/features/api-clients, ManageClientApi.viewer,
// an active account; ADR 030).
//
// An API client is a credential an organisation gives a program of its own: a client id (public)
// and a secret answered ONCE, when it is created (the upstream keeps only a peppered hash), with
// scopes naming what it may read, never more than its creator's sites (as they are at each call).
// Revoking stops it at once (and every token it holds). The client
// API itself is not the portal's: it lives at `{publicUrl}/{region}/api/client/v1/` (OAuth 2 client
// credentials at `token`, or HTTP Basic on each call), and is described here so both sides and the
// tests share its shapes.
// ---------------------------------------------------------------------------------------------
import { z } from "zod";
import { Ok, type RouteDef } from "./common.ts";
import { API_CLIENT_LIMITS, API_CLIENT_SCOPES } from "./api-clients-messages.ts";

export const ApiClient = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The public half of the credential (`gh_…`). */
  client_id: z.string(),
  scopes: z.array(z.enum(API_CLIENT_SCOPES)),
  created_by: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /**
   * The sites it reads now: its creator's (issue 24 item 3; ADR 030 "Scope"), as they are at each
   * call. null: every site; []: none.
   */
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })).nullable(),
  /** Its creator is no longer a member of the organisation: it answers 401 (revoke it, or make another). */
  creator_removed: z.boolean(),
});
export type ApiClient = z.infer<typeof ApiClient>;

export const ApiClientList = z.object({
  clients: z.array(ApiClient),
  /** The client API's base URL for this organisation's region (the upstream's own configuration). */
  base_url: z.string(),
  /** Where a token is asked for (OAuth 2 client credentials). */
  token_url: z.string(),
});
export type ApiClientList = z.infer<typeof ApiClientList>;

export const CreateApiClient = z.object({
  name: z.string().max(1000),
  scopes: z.array(z.string().max(50)).max(20),
});
export type CreateApiClient = z.infer<typeof CreateApiClient>;

/** The new client with its secret: the only answer that ever carries it. */
export const CreatedApiClient = ApiClient.extend({ secret: z.string() });
export type CreatedApiClient = z.infer<typeof CreatedApiClient>;

// --- The client API's answers (not the portal's calls) -------------------------------------------

export const ClientApiToken = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int(),
  scope: z.string(),
});

export const ClientApiVisit = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  group_id: z.number().int(),
  name: z.string(),
  company: z.string().nullable(),
  status: z.string(),
  signed_in_at: z.string(),
  signed_out_at: z.string().nullable(),
});
export const ClientApiVisits = z.object({
  data: z.array(ClientApiVisit),
  page: z.number().int(),
  per_page: z.number().int().default(API_CLIENT_LIMITS.perPage),
  total: z.number().int(),
});

export const apiClientRoutes = {
  apiClients: { method: "GET", path: "api-clients", base: "regional", auth: "bearer", response: ApiClientList, summary: "The organisation's client API credentials (never their secrets), the client API's base URL" },
  createApiClient: { method: "POST", path: "api-clients", base: "regional", auth: "bearer", body: CreateApiClient, response: CreatedApiClient, summary: "Create a client API credential: the secret is in this answer only" },
  revokeApiClient: { method: "DELETE", path: "api-clients/{apiClientId}", base: "regional", auth: "bearer", response: Ok, summary: "Revoke a client API credential (it and its tokens stop working at once)" },
} as const satisfies Record<string, RouteDef>;
