/**
 * The caller's clients, the config, sites and roles lists, a site's custom fields, and private channel authorisation.
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { configRoutes, realtimeRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { broadcastingAuth, getClient, getClients, getConfig, getCustomFields, getRoles, getSites } from "./regional.ts";

export const clientHandlers = {
  clients: ({ app, principal }) => getClients(app, principal),
  config: ({ app, principal }) => getConfig(app, principal),
  client: ({ app, principal }) => getClient(app, principal),
  sites: ({ app, principal }) => getSites(app, principal),
  clientRoles: ({ app, principal }) => getRoles(app, principal),
  siteCustomFields: ({ app, principal, ctx }) => getCustomFields(app, principal, ctx.params.siteId),
  broadcastingAuth: ({ app, principal, body }) => broadcastingAuth(app, principal, body),
} satisfies Handlers<keyof typeof configRoutes | keyof typeof realtimeRoutes>;
