/**
 * The client API's credentials (ADR 030).
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { apiClientRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { createApiClient, listApiClients, revokeApiClient } from "./credentials.ts";

export const apiClientHandlers = {
  // The client API's credentials and visitor forms (api-clients/, visitor-forms/; ADR 030).
  apiClients: ({ app, principal }) => listApiClients(app, principal),
  createApiClient: ({ app, principal, body }) => createApiClient(app, principal, body),
  revokeApiClient: ({ app, principal, ctx }) => revokeApiClient(app, principal, ctx.params.apiClientId),
} satisfies Handlers<keyof typeof apiClientRoutes>;
