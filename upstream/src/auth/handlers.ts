/**
 * Signing in, tokens, signing out, a forgotten password (the auth service's own calls; the SSO ones are sso/'s).
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { authRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { bearerToken } from "../http/router.ts";
import { login } from "./login.ts";
import { accessToken, forgot, logout, reset } from "./service.ts";

export const authHandlers = {
  login: ({ app, body }) => login(app, body),
  accessToken: ({ app, body }) => accessToken(app, body),
  logout: ({ app, ctx }) => logout(app, bearerToken(ctx.req)),
  forgot: ({ app, body }) => forgot(app, body),
  reset: ({ app, body }) => reset(app, body),
} satisfies Handlers<Exclude<keyof typeof authRoutes, "ssoLogin" | "ssoAccessRequest">>;
