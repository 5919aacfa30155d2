/** Auth service calls other than login: token refresh/switch, logout, forgot and reset password. */
import type { z } from "zod";
import type { AccessTokenRequest, ResetRequest, TokenPair } from "../../contract/index.ts";
import { ACCOUNT_REFUSALS } from "../../contract/index.ts";
import { reauthenticationDue } from "../account/rules.ts";
import type { App } from "../runtime/app.ts";
import { one } from "../db/index.ts";
import { HttpError, validation } from "../http/errors.ts";
import { findClientByGlobalId, findUserByEmail, memberships, type UserRow } from "../clients/model.ts";
import { sha256 } from "./crypto.ts";
import { checkEmail, normalizeEmail } from "./email.ts";
import { passwordStrengthErrors } from "./passwords.ts";
import { issuePasswordLink, setPassword } from "../users/passwords.ts";
import { consumeRefreshToken, invalidGrant, issueTokenPair, revokeSession, verifyAccessToken } from "./tokens.ts";

export const RESET_TTL = 3600;
export const FORGOT_MESSAGE = "If that address has an account, we have sent a reset link.";
export const RESET_DONE = "Your password has been reset.";
export const RESET_INVALID = "This password reset link is invalid or has expired.";

/** POST auth/access-token */
export async function accessToken(app: App, body: z.infer<typeof AccessTokenRequest>): Promise<TokenPair> {
  return app.db.tx(async (q) => {
    const rt = await consumeRefreshToken(q, body.refresh_token);
    const user = await one<UserRow>(q, "SELECT * FROM users WHERE id = $1", [rt.user_id]);
    if (!user) throw invalidGrant("The refresh token is invalid.");
    const ms = await memberships(q, user.id);
    let target;
    if (body.client_id) {
      const client = await findClientByGlobalId(q, body.client_id);
      target = client && ms.find((m) => m.client_id === client.id);
      // Leave the refresh token unused, so the portal keeps its session.
      if (!target) throw new HttpError(403, { message: "Failed to load client" });
    } else {
      target = ms.find((m) => m.client_id === rt.client_id) ?? ms.find((m) => m.client_id === user.last_client_id) ?? ms[0];
      if (!target) throw invalidGrant("Your account does not have access to any client.");
    }
    // The client's password policy forces re-authentication (ADR 023): a session past its hours signs in again.
    const session = await one<{ created_at: Date }>(q, "SELECT created_at FROM sessions WHERE id = $1", [rt.session_id]);
    if (session && reauthenticationDue(target.client.force_reauthentication, new Date(session.created_at))) {
      throw invalidGrant(ACCOUNT_REFUSALS.reauthenticate);
    }
    if (!(await rt.markUsed())) throw invalidGrant("The refresh token has already been used.");
    if (body.client_id && body.update_last_client) {
      await q.query("UPDATE users SET last_client_id = $2 WHERE id = $1", [user.id, target.client_id]);
    }
    return issueTokenPair(app, q, rt.session_id, user, target);
  });
}

/** POST auth/logout (Bearer access token; an expired one is accepted). */
export async function logout(app: App, bearer: string | null): Promise<{ redirect_uri: string }> {
  if (!bearer) throw new HttpError(401, { code: "session_expired", message: "Your session has expired, please login." });
  const claims = await verifyAccessToken(app, bearer, { allowExpired: true });
  await revokeSession(app.db, claims.sid);
  return { redirect_uri: `${app.opts.portalUrl}/login` };
}

/** POST auth/forgot: always the same answer; a real user gets a reset mail in the outbox. */
export async function forgot(app: App, body: { email: string }): Promise<{ message: string }> {
  const email = normalizeEmail(body.email);
  checkEmail(email);
  const user = await findUserByEmail(app.db, email);
  if (user && !user.sso) {
    const link = await app.db.tx(async (q) => {
      const url = await issuePasswordLink(q, app.opts.portalUrl, { id: user.id, email }, "reset", RESET_TTL);
      await q.query("INSERT INTO outbox (to_email, subject, body) VALUES ($1, $2, $3)", [
        email,
        "Reset your Gatehouse password",
        `Hello ${user.name},\n\nSomeone asked to reset the password of your Gatehouse account.\n` +
          `Use this link within 60 minutes to choose a new password:\n\n${url}\n\n` +
          `If you did not ask for this, you can ignore this email.\n`,
      ]);
      return url;
    });
    app.log({ msg: "password reset link", to: email, link });
  }
  return { message: FORGOT_MESSAGE };
}

/** POST auth/reset */
export async function reset(app: App, body: z.infer<typeof ResetRequest>): Promise<{ message: string }> {
  const email = normalizeEmail(body.email);
  const errors: Record<string, string[]> = {};
  const strength = passwordStrengthErrors(body.password);
  if (strength.length) errors.password = strength;
  if (body.password !== body.password_confirmation) errors.password_confirmation = ["The password confirmation does not match."];

  const row = await one<{ user_id: number; email: string }>(
    app.db,
    `SELECT pr.user_id, u.email FROM password_resets pr JOIN users u ON u.id = pr.user_id
      WHERE pr.token_hash = $1 AND pr.used_at IS NULL AND pr.expires_at > now()`,
    [sha256(body.token)],
  );
  if (!row || row.email !== email) throw validation({ token: [RESET_INVALID], ...errors }, RESET_INVALID);
  if (Object.keys(errors).length) throw validation(errors);

  await app.db.tx(async (q) => {
    const used = await q.query("UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING user_id", [
      sha256(body.token),
    ]);
    if (used.length !== 1) throw validation({ token: [RESET_INVALID] }, RESET_INVALID);
    // The one way a password is set (a refused reuse rolls the link's use back: it still works).
    await setPassword(q, row.user_id, body.password, "password");
    // Any other outstanding reset links stop working.
    await q.query("UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL", [row.user_id]);
  });
  return { message: RESET_DONE };
}
