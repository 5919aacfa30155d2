/**
 * Sign-in with remix-auth: a form strategy for the stepped login and a strategy for the return
 * from the identity provider. Both resolve to a LoginOutcome; the routes turn outcomes into
 * sessions, steps, redirects or messages (spec platform §4 Login, §8).
 */
import crypto from "node:crypto";
import { Authenticator } from "remix-auth";
import { Strategy } from "remix-auth/strategy";
import { FormStrategy } from "remix-auth-form";
import { LOGIN_STEPS, SsoAccessRequestData, type LoginRequest, type LoginStep, type TokenPair } from "@contract";
import { callUpstream } from "~/upstream/client.server";
import { UpstreamError, UpstreamUnavailableError, authErrorNotice, fieldErrors as upstreamFieldErrors, type Notice } from "~/upstream/errors";
import { getSession, type LoginProgress, type SsoPending } from "~/session/session.server";
import { upstreamContext } from "~/session/request-context.server";
import { i18nextOptions } from "~/i18n/i18n.server";

export type LoginOutcome =
  | { type: "success"; pair: TokenPair }
  | { type: "step"; progress: LoginProgress; notice?: Notice }
  | { type: "sso"; authUri: string }
  | { type: "sso_request_access"; data: SsoAccessRequestData }
  | { type: "restart"; notice: Notice }
  | { type: "error"; status: number; notice?: Notice; fieldErrors?: Record<string, string[]> };

const isStep = (code: unknown): code is LoginStep => typeof code === "string" && (LOGIN_STEPS as readonly string[]).includes(code);

function hasAuthTranslation(key: string): boolean {
  const auth = (i18nextOptions.resources.en_GB as Record<string, Record<string, unknown>> | undefined)?.auth;
  const [group, code] = key.split(".");
  return Boolean(group && code && (auth?.[group] as Record<string, unknown> | undefined)?.[code]);
}

function authNotice(err: UpstreamError): Notice {
  const n = authErrorNotice(err.body, hasAuthTranslation);
  return n.key ? { key: `auth:${n.key}` } : n;
}

/** Fields each step shows; upstream field errors for other fields become a form-level message. */
const STEP_FIELDS: Record<LoginStep, string[]> = {
  request_email: ["email"],
  password: ["password"],
  one_time_password: ["oneTimePassword"],
  two_factor_setup: ["twoFactorAuthCode"],
  password_expired: ["newPassword"],
  accept_terms: ["acceptedTerms"],
};

export function outcomeFromError(err: unknown, progress: LoginProgress): LoginOutcome {
  if (err instanceof UpstreamUnavailableError) return { type: "error", status: 503, notice: { key: "auth:auth_error.unavailable" } };
  if (!(err instanceof UpstreamError)) throw err;
  const { status, body } = err;
  if (status === 422 || status === 429) {
    const fields = STEP_FIELDS[progress.step];
    const fieldErrors: Record<string, string[]> = {};
    const formLevel: string[] = [];
    for (const [field, messages] of Object.entries(upstreamFieldErrors(err))) {
      if (fields.includes(field)) fieldErrors[field] = messages;
      else formLevel.push(...messages.map((m) => m.slice(1)));
    }
    const notice: Notice | undefined =
      status === 429
        ? { key: "auth:auth_error.too_many_attempts" }
        : formLevel[0]
          ? { text: formLevel[0] }
          : Object.keys(fieldErrors).length === 0
            ? { key: "auth:auth_error.unknown" }
            : undefined;
    return { type: "error", status, notice, fieldErrors };
  }
  if (status === 401) {
    const code = body.code;
    const data = body.data ?? {};
    if (code === "sso_user" && typeof data.auth_uri === "string" && /^https?:\/\//.test(data.auth_uri)) {
      return { type: "sso", authUri: data.auth_uri };
    }
    if (code === "login_expired") return { type: "restart", notice: { key: "auth:auth_error.login_expired" } };
    if (isStep(code) && code !== progress.step) {
      const next: LoginProgress = {
        step: code,
        email: progress.email,
        loginToken: typeof data.login_token === "string" ? data.login_token : progress.loginToken,
      };
      if (code === "two_factor_setup" && typeof data.secret === "string" && typeof data.otpauth_uri === "string") {
        next.twoFactor = { secret: data.secret, otpauthUri: data.otpauth_uri };
      }
      // Say why the step appeared when the upstream explained it (expired password, 2FA policy).
      const notice = code === "password_expired" || code === "two_factor_setup" ? authNotice(err) : undefined;
      return { type: "step", progress: next, notice };
    }
    return { type: "error", status: 401, notice: authNotice(err) };
  }
  if (status === 403 && body.code === "trial_period_over") return { type: "error", status: 403, notice: { key: "auth:auth_error.trial_period_over" } };
  return { type: "error", status: status >= 500 ? 502 : 400, notice: body.message ? { text: body.message } : { key: "auth:auth_error.unknown" } };
}

/** The LoginRequest for the current step: the password only on its own step, else the login token. */
export function loginRequestFor(progress: LoginProgress, form: FormData): LoginRequest {
  const s = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const req: LoginRequest = { email: progress.email };
  if (progress.loginToken) req.login_token = progress.loginToken;
  switch (progress.step) {
    case "request_email":
      req.email = (s("email") ?? "").trim();
      break;
    case "password":
      req.password = s("password");
      break;
    case "one_time_password":
      req.oneTimePassword = s("oneTimePassword")?.trim();
      break;
    case "two_factor_setup":
      req.twoFactorAuthSecret = progress.twoFactor?.secret;
      req.twoFactorAuthCode = s("twoFactorAuthCode")?.trim();
      break;
    case "password_expired":
      req.newPassword = s("newPassword");
      break;
    case "accept_terms":
      req.acceptedTerms = s("acceptedTerms") === "on";
      break;
  }
  return req;
}

export const INITIAL_PROGRESS: LoginProgress = { step: "request_email", email: "" };

/** How long a started single sign-on may take at the identity provider (the upstream keeps its state as long). */
export const SSO_PENDING_MS = 10 * 60 * 1000;

const stateHash = (state: string) => crypto.createHash("sha256").update(state).digest("base64url");

/**
 * Binds a single sign-on to the browser that starts it: the `state` of the identity provider's
 * URL is kept (hashed) in this browser's pre-login session. Null when the URL carries no state,
 * which the portal then refuses to follow.
 */
export function ssoPendingFor(authUri: string, now = Date.now()): SsoPending | null {
  const state = new URL(authUri).searchParams.get("state");
  return state && state.length <= 512 ? { stateHash: stateHash(state), startedAt: now } : null;
}

/** Did this browser start the sign-in that this callback's `state` belongs to (and recently)? */
export function startedHere(pending: SsoPending | undefined, state: string | null, now = Date.now()): boolean {
  if (!pending || !state || now - pending.startedAt > SSO_PENDING_MS) return false;
  const a = Buffer.from(pending.stateHash);
  const b = Buffer.from(stateHash(state));
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * The return from the identity provider: `code` and `state` in the query, or an error. Only a
 * callback for the sign-in this browser started is taken (its state matches the session's); any
 * other — replayed into another browser, forged, or stale — gets the spec's SSO error and never
 * reaches the upstream.
 */
class SsoCallbackStrategy extends Strategy<LoginOutcome, { request: Request; url: URL }> {
  name = "sso-callback";
  async authenticate(request: Request): Promise<LoginOutcome> {
    return this.verify({ request, url: new URL(request.url) });
  }
}

export const authenticator = new Authenticator<LoginOutcome>();

authenticator.use(
  new FormStrategy<LoginOutcome>(async ({ form, request }) => {
    const session = await getSession(request);
    const progress = session.get("login") ?? INITIAL_PROGRESS;
    const ctx = await upstreamContext(request);
    const body = loginRequestFor(progress, form);
    try {
      const pair = await callUpstream("login", { ...ctx, body });
      return { type: "success", pair };
    } catch (err) {
      // The email is known from the first step on; later steps carry it from the session.
      return outcomeFromError(err, { ...progress, email: body.email });
    }
  }),
  "login",
);

authenticator.use(
  new SsoCallbackStrategy(async ({ request, url }) => {
    const error = url.searchParams.get("error");
    const code = url.searchParams.get("code");
    const state = url.searchParams.get("state");
    const session = await getSession(request);
    if (!startedHere(session.get("ssoPending"), state)) return { type: "restart", notice: { key: "auth:auth_error.sso_generic" } };
    if (error || !code || !state) {
      const description = url.searchParams.get("error_description");
      return { type: "restart", notice: description ? { text: description.slice(0, 300) } : { key: "auth:auth_error.sso_generic" } };
    }
    const ctx = await upstreamContext(request);
    try {
      const pair = await callUpstream("ssoLogin", { ...ctx, body: { code, state } });
      return { type: "success", pair };
    } catch (err) {
      if (err instanceof UpstreamError && err.status === 401 && err.body.code === "sso_request_access") {
        const data = SsoAccessRequestData.safeParse(err.body.data);
        if (data.success) return { type: "sso_request_access", data: data.data };
      }
      // Spec §8: an unexpected SSO error shows error_description or a generic message, back at Login.
      if (err instanceof UpstreamError && err.body.error_description) {
        return { type: "restart", notice: { text: err.body.error_description } };
      }
      return { type: "restart", notice: { key: "auth:auth_error.sso_generic" } };
    }
  }),
  "sso-callback",
);
