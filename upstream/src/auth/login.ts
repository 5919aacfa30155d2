/**
 * POST auth/login: the step machine. The password (or a login_token that stands in for it) is
 * checked first, then in order: password expired, terms, one-time password, forced 2FA setup.
 * A 401 whose `code` names a step moves the portal's form to it.
 */
import { SSO_MESSAGES, type LoginRequest, type TokenPair } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one } from "../db/index.ts";
import { HttpError, unauthorized, validation } from "../http/errors.ts";
import { findUserByEmail, loginClient, type UserRow } from "../clients/model.ts";
import { ssoConfigForDomain, startSso } from "../sso/rp.ts";
import { randomToken, sha256 } from "./crypto.ts";
import { checkEmail, normalizeEmail } from "./email.ts";
import { setPassword } from "../users/passwords.ts";
import { takeUpInvitations } from "../users/invitations.ts";
import { PASSWORD_POLICY, passwordStrengthErrors, verifyPassword } from "./passwords.ts";
import { createSession, issueTokenPair } from "./tokens.ts";
import { generateTotpSecret, otpauthUri, verifyTotp } from "./totp.ts";
import { passwordExpired } from "../account/rules.ts";

export const LOGIN_TOKEN_TTL = 600;

export const MESSAGES = {
  invalidCredentials: "Invalid credentials.",
  invalidCode: "The code is invalid.",
  loginExpired: "Your sign-in has expired, please start again.",
  passwordExpired: "Your password has expired, password policy requires you to change your password.",
  twoFactorSetup: "Password policy requires you to setup two factor authentication to continue.",
  acceptTerms: "Please accept the terms and conditions to continue.",
  oneTimePassword: "Please enter the code from your authenticator app.",
  password: "Please enter your password.",
  noClient: "Your account does not have access to any client.",
} as const;

interface LoginTokenRow {
  token_hash: string;
  user_id: number;
  step: string | null;
  totp_setup_secret: string | null;
}

export async function login(app: App, body: LoginRequest): Promise<TokenPair> {
  const { db } = app;
  const email = normalizeEmail(body.email);
  checkEmail(email);

  const limited = await app.limiter.hit(email);
  if (!limited.ok) {
    const msg = `Too many login attempts. Please try again in ${limited.retryAfter} seconds.`;
    throw new HttpError(429, { message: msg, errors: { email: [msg] } }, { "retry-after": String(limited.retryAfter) });
  }

  const domain = email.split("@")[1];
  const hasPassword = typeof body.password === "string" && body.password !== "";
  const hasLoginToken = typeof body.login_token === "string" && body.login_token !== "";

  // Email step (and any password attempt for an SSO domain): single sign-on users, and everyone of
  // the domain once SSO is enforced, go to their IdP; a password user of a domain that does not
  // enforce it, and the break-glass account, keep their password (ADR 024).
  if (!hasLoginToken) {
    const sso = await ssoConfigForDomain(db, domain);
    if (sso) {
      const known = await findUserByEmail(db, email);
      const passwordUser = !!known && !known.sso && !!known.password_hash;
      const breakGlass = passwordUser && sso.break_glass_user_id === known!.id;
      if (passwordUser && sso.enforced && !breakGlass && hasPassword) throw validation({ password: [SSO_MESSAGES.passwordEnforced] });
      if (!passwordUser || (sso.enforced && !breakGlass)) {
        throw unauthorized("sso_user", "Please sign in with your identity provider.", { auth_uri: await startSso(app, db, email, sso) });
      }
    }
    if (!hasPassword) throw unauthorized("password", MESSAGES.password);
  }

  let user: UserRow | undefined;
  let lt: LoginTokenRow | undefined;
  let rawLoginToken: string | undefined;
  if (hasLoginToken) {
    rawLoginToken = body.login_token!;
    lt = await one<LoginTokenRow>(
      db,
      `SELECT token_hash, user_id, step, totp_setup_secret FROM login_tokens
        WHERE token_hash = $1 AND consumed_at IS NULL AND expires_at > now()`,
      [sha256(rawLoginToken)],
    );
    user = lt && (await one<UserRow>(db, "SELECT * FROM users WHERE id = $1", [lt.user_id]));
    if (!lt || !user || user.email !== email) throw unauthorized("login_expired", MESSAGES.loginExpired);
  } else {
    user = await findUserByEmail(db, email);
    const ok = await verifyPassword(body.password!, user?.password_hash);
    if (!user || !ok) throw unauthorized("invalid_credentials", MESSAGES.invalidCredentials);
  }
  const u = user;

  // The password is right: an account that belongs to no client takes up its invitations (issue 24).
  if (!hasLoginToken) await takeUpInvitations(app, u, "login");
  const target = await loginClient(db, u);
  if (!target) throw unauthorized("account_disabled", MESSAGES.noClient);
  const client = target.client;

  /** Create or update the login token for a step; returns its raw value. */
  const ensureToken = async (step: string, totpSecret?: string): Promise<string> => {
    if (lt && rawLoginToken) {
      await db.query("UPDATE login_tokens SET step = $2, totp_setup_secret = COALESCE($3, totp_setup_secret) WHERE token_hash = $1", [
        lt.token_hash,
        step,
        totpSecret ?? null,
      ]);
      lt = { ...lt, step, totp_setup_secret: totpSecret ?? lt.totp_setup_secret };
      return rawLoginToken;
    }
    rawLoginToken = randomToken(32);
    const hash = sha256(rawLoginToken);
    await db.query(
      `INSERT INTO login_tokens (token_hash, user_id, step, totp_setup_secret, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
      [hash, u.id, step, totpSecret ?? null, LOGIN_TOKEN_TTL],
    );
    lt = { token_hash: hash, user_id: u.id, step, totp_setup_secret: totpSecret ?? null };
    return rawLoginToken;
  };
  const toStep = async (step: string, message: string, extra: Record<string, unknown> = {}, totpSecret?: string): Promise<never> => {
    const loginToken = await ensureToken(step, totpSecret);
    throw unauthorized(step, message, { login_token: loginToken, ...extra });
  };
  /** The portal was already told this step with this login token. */
  const atStep = (step: string) => lt?.step === step;
  const filled = (v: string | undefined): v is string => typeof v === "string" && v.trim() !== "";

  // 1. Password expired.
  const expiredByPolicy = passwordExpired(client.password_expiry_days, new Date(u.password_changed_at));
  if (u.password_expired || expiredByPolicy) {
    if (filled(body.newPassword)) {
      const errors = passwordStrengthErrors(body.newPassword);
      if (errors.length === 0 && (await verifyPassword(body.newPassword, u.password_hash)))
        errors.push("The new password must be different from your current password.");
      if (errors.length) throw validation({ newPassword: errors });
      // The one way a password is set: strength, reuse (when the client prevents it), history.
      await setPassword(db, u.id, body.newPassword, "newPassword");
    } else if (atStep("password_expired")) {
      throw validation({ newPassword: ["The new password field is required."] });
    } else {
      await toStep("password_expired", MESSAGES.passwordExpired, { policy: PASSWORD_POLICY });
    }
  }

  // 2. Terms.
  if (!u.terms_accepted_at) {
    if (body.acceptedTerms === true) {
      await db.query("UPDATE users SET terms_accepted_at = now() WHERE id = $1", [u.id]);
    } else if (body.acceptedTerms === false || atStep("accept_terms")) {
      throw validation({ acceptedTerms: ["You must accept the terms and conditions to continue."] });
    } else {
      await toStep("accept_terms", MESSAGES.acceptTerms);
    }
  }

  // 3. One-time password, or 4. forced two-factor setup.
  if (u.totp_secret) {
    if (filled(body.oneTimePassword)) {
      if (!verifyTotp(u.totp_secret, body.oneTimePassword)) {
        const loginToken = await ensureToken("one_time_password");
        throw unauthorized("invalid_code", MESSAGES.invalidCode, { login_token: loginToken });
      }
    } else if (atStep("one_time_password")) {
      throw validation({ oneTimePassword: ["The code field is required."] });
    } else {
      await toStep("one_time_password", MESSAGES.oneTimePassword);
    }
  } else if (client.force_2fa) {
    const issued = lt?.totp_setup_secret ?? null;
    const setupData = (secret: string) => ({ secret, otpauth_uri: otpauthUri(secret, u.email) });
    if (issued && (filled(body.twoFactorAuthSecret) || filled(body.twoFactorAuthCode))) {
      const errors: Record<string, string[]> = {};
      if (!filled(body.twoFactorAuthSecret)) errors.twoFactorAuthSecret = ["The two factor auth secret field is required."];
      else if (body.twoFactorAuthSecret.replace(/\s/g, "").toUpperCase() !== issued)
        errors.twoFactorAuthSecret = ["The secret does not match the one issued for this sign-in."];
      if (!filled(body.twoFactorAuthCode)) errors.twoFactorAuthCode = ["The code field is required."];
      if (Object.keys(errors).length) throw validation(errors);
      if (!verifyTotp(issued, body.twoFactorAuthCode!)) {
        throw unauthorized("invalid_code", MESSAGES.invalidCode, { login_token: rawLoginToken, ...setupData(issued) });
      }
      await db.query("UPDATE users SET totp_secret = $2 WHERE id = $1", [u.id, issued]);
    } else if (issued && atStep("two_factor_setup")) {
      throw validation({ twoFactorAuthCode: ["The code field is required."] });
    } else {
      const secret = issued ?? generateTotpSecret();
      await toStep("two_factor_setup", MESSAGES.twoFactorSetup, setupData(secret), secret);
    }
  }

  // Success.
  const pair = await db.tx(async (q) => {
    if (lt) await q.query("UPDATE login_tokens SET consumed_at = now() WHERE token_hash = $1", [lt.token_hash]);
    const sessionId = await createSession(q, u.id);
    if (u.last_client_id !== target.client_id) {
      await q.query("UPDATE users SET last_client_id = $2 WHERE id = $1", [u.id, target.client_id]);
    }
    return issueTokenPair(app, q, sessionId, u, target);
  });
  await app.limiter.clear(email);
  return pair;
}
