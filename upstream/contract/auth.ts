/** Tokens, and the auth service's calls: login steps, refresh and client switch, logout, password reset, single sign-on. */
import { z } from "zod";
import { GlobalClientId, Ok, type RouteDef } from "./common.ts";

// ---------------------------------------------------------------------------------------------
// Tokens (spec platform §3)
// ---------------------------------------------------------------------------------------------

/** Claims of a decoded access token. */
export const AccessTokenClaims = z.object({
  sub: z.string(),
  name: z.string(),
  /** Global client id, `region:number`. */
  aud: GlobalClientId,
  /** Base of the regional API (the portal appends `/api/v2`). Checked against an allow-list. */
  iss: z.string().url(),
  exp: z.number().int(),
  iat: z.number().int(),
  "user:primary": z.boolean(),
  "user:billing": z.boolean(),
  "user:is_super": z.boolean(),
  /** Comma-separated site ids the user is restricted to; empty string = all sites. */
  "user:site_id": z.string(),
  locale: z.string(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaims>;

export const TokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal("Bearer"),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof TokenPair>;

// ---------------------------------------------------------------------------------------------
// Auth service calls (spec platform §7)
// ---------------------------------------------------------------------------------------------

/**
 * Login steps. A 401 from POST auth/login whose `code` is one of these moves the form to that
 * step. `request_email` is where the form starts and where Cancel returns.
 */
export const LOGIN_STEPS = [
  "request_email",
  "password",
  "one_time_password",
  "two_factor_setup",
  "password_expired",
  "accept_terms",
] as const;
export const LoginStep = z.enum(LOGIN_STEPS);
export type LoginStep = z.infer<typeof LoginStep>;

/**
 * Login form (spec §3): email, password, acceptedTerms, newPassword, oneTimePassword,
 * twoFactorAuthSecret, twoFactorAuthCode.
 *
 * After the password is verified, the upstream answers each further step with a 401 whose
 * `data.login_token` stands in for the password on the next post, so the portal never needs to
 * keep the password between steps.
 */
export const LoginRequest = z.object({
  email: z.string().max(254),
  password: z.string().max(1024).optional(),
  login_token: z.string().max(512).optional(),
  acceptedTerms: z.boolean().optional(),
  newPassword: z.string().max(1024).optional(),
  oneTimePassword: z.string().max(16).optional(),
  twoFactorAuthSecret: z.string().max(128).optional(),
  twoFactorAuthCode: z.string().max(16).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/**
 * 401 answers of POST auth/login, by code:
 *  - a LoginStep: move to it (`data.login_token` after the password is known;
 *    `data.secret` and `data.otpauth_uri` for two_factor_setup; `data.policy` for password_expired)
 *  - `sso_user`: `data.auth_uri`, where the browser must go
 *  - `invalid_credentials`, `invalid_code`, `login_expired`, `account_disabled`: an error on the same step
 */
export const LOGIN_ERROR_CODES = [
  "invalid_credentials",
  "invalid_code",
  "login_expired",
  "account_disabled",
  "sso_user",
  "sso_request_access",
  "session_expired",
  "password_expired",
  "two_factor_required",
  "trial_period_over",
  "invalid_grant",
] as const;

export const AccessTokenRequest = z.object({
  refresh_token: z.string().max(512),
  /** Switch to this client (global client id). Omit to refresh for the current client. */
  client_id: GlobalClientId.optional(),
  update_last_client: z.boolean().optional(),
});

export const LogoutResponse = z.object({ redirect_uri: z.string() });

export const ForgotRequest = z.object({ email: z.string().max(254) });
export const ResetRequest = z.object({
  token: z.string().max(512),
  email: z.string().max(254),
  password: z.string().max(1024),
  password_confirmation: z.string().max(1024),
});

/** The browser returns from the identity provider to the portal with `code` and `state`. */
export const SsoLoginRequest = z.object({
  code: z.string().max(2048),
  state: z.string().max(512),
});

/** Data of a 401 `sso_request_access` from POST auth/sso/login. */
export const SsoAccessRequestData = z.object({
  /** Bearer token for POST auth/sso/access-requests (short-lived, single-purpose). */
  token: z.string(),
  email: z.string(),
  clients: z.array(z.object({ id: GlobalClientId, name: z.string() })),
  /** Global client ids already requested by this email. */
  requested: z.array(GlobalClientId),
  /** Of those, the ones whose administrators declined the request (the person is told). */
  declined: z.array(GlobalClientId).default([]),
});
export type SsoAccessRequestData = z.infer<typeof SsoAccessRequestData>;

export const SsoAccessRequestBody = z.object({ client_id: GlobalClientId });

export const authRoutes = {
  login: { method: "POST", path: "auth/login", base: "auth", auth: "none", body: LoginRequest, response: TokenPair, summary: "Sign in; 401 codes drive the steps" },
  accessToken: { method: "POST", path: "auth/access-token", base: "auth", auth: "none", body: AccessTokenRequest, response: TokenPair, summary: "Refresh tokens or switch client (refresh tokens rotate)" },
  logout: { method: "POST", path: "auth/logout", base: "auth", auth: "bearer", response: LogoutResponse, summary: "Revoke the session's tokens" },
  forgot: { method: "POST", path: "auth/forgot", base: "auth", auth: "none", body: ForgotRequest, response: Ok, summary: "Send a password reset link" },
  reset: { method: "POST", path: "auth/reset", base: "auth", auth: "none", body: ResetRequest, response: Ok, summary: "Reset a password with a token" },
  ssoLogin: { method: "POST", path: "auth/sso/login", base: "auth", auth: "none", body: SsoLoginRequest, response: TokenPair, summary: "Complete single sign-on" },
  ssoAccessRequest: { method: "POST", path: "auth/sso/access-requests", base: "auth", auth: "bearer", body: SsoAccessRequestBody, response: Ok, summary: "Request access to a client after SSO" },
} as const satisfies Record<string, RouteDef>;
