/**
 * Single sign-on: signing in through a provider, access requests, and the client's SSO self-service.
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { ssoRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { bearerToken } from "../http/router.ts";
import { ssoAccessRequest, ssoLogin } from "./rp.ts";
import { checkSsoVerification, getSsoConfig, saveSsoConfig, saveSsoSettings, setSsoEnabled, startSsoVerification } from "./self-service.ts";
import { approveAccessRequest, declineAccessRequest, listAccessRequests, listSsoUsers, removeSsoUser, requirePassword } from "./sso-users.ts";

export const ssoHandlers = {
  ssoConfig: ({ app, principal, ctx }) => getSsoConfig(app, principal, ctx.params.clientId),
  saveSsoConfig: ({ app, principal, ctx, body }) => saveSsoConfig(app, principal, ctx.params.clientId, body),
  startSsoVerification: ({ app, principal, ctx, body }) => startSsoVerification(app, principal, ctx.params.clientId, body),
  checkSsoVerification: ({ app, principal, ctx, body }) => checkSsoVerification(app, principal, ctx.params.clientId, body),
  setSsoEnabled: ({ app, principal, ctx, body }) => setSsoEnabled(app, principal, ctx.params.clientId, body),
  saveSsoSettings: ({ app, principal, ctx, body }) => saveSsoSettings(app, principal, ctx.params.clientId, body),
  ssoUsers: ({ app, principal, ctx }) => listSsoUsers(app, principal, ctx.params.clientId),
  ssoRequirePassword: ({ app, principal, ctx }) => requirePassword(app, principal, ctx.params.clientId, ctx.params.userId),
  removeSsoUser: ({ app, principal, ctx }) => removeSsoUser(app, principal, ctx.params.clientId, ctx.params.userId),
  ssoAccessRequests: ({ app, principal, ctx }) => listAccessRequests(app, principal, ctx.params.clientId),
  approveSsoAccessRequest: ({ app, principal, ctx, body }) => approveAccessRequest(app, principal, ctx.params.clientId, ctx.params.requestId, body),
  declineSsoAccessRequest: ({ app, principal, ctx }) => declineAccessRequest(app, principal, ctx.params.clientId, ctx.params.requestId),
  ssoLogin: ({ app, body }) => ssoLogin(app, body),
  ssoAccessRequest: ({ app, ctx, body }) => ssoAccessRequest(app, bearerToken(ctx.req), body),
} satisfies Handlers<keyof typeof ssoRoutes | "ssoLogin" | "ssoAccessRequest">;
