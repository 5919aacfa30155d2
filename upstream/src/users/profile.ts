/**
 * My profile (platform §5; issue 16 item 6; ADR 020): every signed-in user reads their profile,
 * changes their name, language and notification preferences (per client), their password (the current
 * one, the new one twice; `setPassword`, the one way a password is set), and sets up or removes
 * two-factor authentication with the TOTP code of `auth/totp.ts`, as the login's forced set-up does.
 * The name, the password and two-factor are the account's, shared by every client the person
 * belongs to (issue 24; ADR 009 "Tenant boundary"): a change is recorded in each one's audit log.
 */
import type { z } from "zod";
import { PROFILE_LOCALES, PROFILE_MESSAGES, USER_MESSAGES, USER_NOTIFICATIONS, notificationDefault, type ChangePassword, type Profile, type UpdateProfile } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one } from "../db/index.ts";
import { HttpError, validation } from "../http/errors.ts";
import { auditInEveryClient } from "../audit/every-client.ts";
import type { Principal } from "../clients/regional.ts";
import { verifyPassword } from "../auth/passwords.ts";
import { generateTotpSecret, otpauthUri, verifyTotp } from "../auth/totp.ts";
import { iso, type UserRow } from "../clients/model.ts";
import { setPassword } from "./passwords.ts";

/** How long a secret issued for set-up waits for its first code. */
export const TWO_FACTOR_SETUP_TTL = 600;

interface ProfileUser extends UserRow {
  totp_pending_secret: string | null;
  totp_pending_at: Date | null;
}

const fresh = (app: App, p: Principal) => one<ProfileUser>(app.db, "SELECT * FROM users WHERE id = $1", [p.user.id]).then((u) => u!);

/** Whether one of the user's clients forces two-factor authentication. */
const twoFactorForced = async (app: App, userId: number) =>
  (await one<{ on: boolean }>(app.db, "SELECT coalesce(bool_or(c.force_2fa), false) AS on FROM client_users cu JOIN clients c ON c.id = cu.client_id WHERE cu.user_id = $1", [userId]))?.on ?? false;

/**
 * A password or code typed on My profile is one attempt of the user's (the login's limiter, its
 * own key): a stolen session cannot guess the current password or a code; success clears it.
 */
async function attempt(app: App, userId: number, field: string): Promise<() => Promise<void>> {
  const key = `profile:${userId}`;
  const r = await app.limiter.hit(key);
  if (!r.ok) throw new HttpError(429, { message: PROFILE_MESSAGES.tooMany, errors: { [field]: [PROFILE_MESSAGES.tooMany] } }, { "retry-after": String(r.retryAfter) });
  return () => app.limiter.clear(key);
}

/** GET me/profile */
export async function getProfile(app: App, p: Principal): Promise<Profile> {
  const [u, m] = await Promise.all([fresh(app, p), one<{ notifications: Record<string, boolean> }>(app.db, "SELECT notifications FROM client_users WHERE id = $1", [p.m.id])]);
  const stored = m?.notifications ?? {};
  return {
    name: u.name,
    email: u.email,
    locale: u.locale,
    sso: u.sso,
    two_factor: u.totp_secret !== null,
    two_factor_required: await twoFactorForced(app, u.id),
    password_changed_at: u.password_hash ? iso(u.password_changed_at) : null,
    notifications: Object.fromEntries(USER_NOTIFICATIONS.map((k) => [k, stored[k] ?? notificationDefault(k)])) as Profile["notifications"],
  };
}

/** PATCH me/profile: the name (the person's own, in every client), the language (a portal locale) and notification preferences (merged). */
export async function updateProfile(app: App, p: Principal, body: z.infer<typeof UpdateProfile>): Promise<Profile> {
  if (body.locale !== undefined && !(PROFILE_LOCALES as readonly string[]).includes(body.locale)) throw validation({ locale: [PROFILE_MESSAGES.locale] });
  const name = body.name?.trim();
  if (name === "") throw validation({ name: [USER_MESSAGES.nameRequired] });
  await app.db.tx(async (q) => {
    if (name !== undefined && name !== p.user.name) {
      await q.query("UPDATE users SET name = $2 WHERE id = $1", [p.user.id, name]);
      await auditInEveryClient(q, p.user.id);
    }
    if (body.locale !== undefined) await q.query("UPDATE users SET locale = $2 WHERE id = $1", [p.user.id, body.locale]);
    if (body.notifications) await q.query("UPDATE client_users SET notifications = notifications || $2::jsonb WHERE id = $1", [p.m.id, JSON.stringify(body.notifications)]);
  });
  return getProfile(app, p);
}

/** POST me/password */
export async function changePassword(app: App, p: Principal, body: z.infer<typeof ChangePassword>) {
  const u = await fresh(app, p);
  if (u.sso || !u.password_hash) throw validation({ current_password: [PROFILE_MESSAGES.sso] });
  const succeeded = await attempt(app, u.id, "current_password");
  if (!(await verifyPassword(body.current_password, u.password_hash))) throw validation({ current_password: [PROFILE_MESSAGES.currentPassword] });
  if (body.password !== body.password_confirmation) throw validation({ password_confirmation: [PROFILE_MESSAGES.confirmation] });
  await succeeded();
  await app.db.tx(async (q) => {
    await setPassword(q, u.id, body.password, "password");
    await auditInEveryClient(q, u.id);
  });
  return { message: "Your password has been changed." };
}

/** POST me/two-factor/setup: a secret to set up (the one already issued while it is fresh). */
export async function startTwoFactor(app: App, p: Principal) {
  const u = await fresh(app, p);
  if (u.totp_secret) throw validation({ code: [PROFILE_MESSAGES.already2fa] });
  const issued = u.totp_pending_secret && u.totp_pending_at && Date.now() - new Date(u.totp_pending_at).getTime() < TWO_FACTOR_SETUP_TTL * 1000;
  const secret = issued ? u.totp_pending_secret! : generateTotpSecret();
  if (!issued) await app.db.query("UPDATE users SET totp_pending_secret = $2, totp_pending_at = now() WHERE id = $1", [u.id, secret]);
  return { secret, otpauth_uri: otpauthUri(secret, u.email) };
}

/** POST me/two-factor: on, with a code of the secret issued for set-up. */
export async function enableTwoFactor(app: App, p: Principal, body: { code: string }) {
  const u = await fresh(app, p);
  if (u.totp_secret) throw validation({ code: [PROFILE_MESSAGES.already2fa] });
  const pending = u.totp_pending_secret && u.totp_pending_at && Date.now() - new Date(u.totp_pending_at).getTime() < TWO_FACTOR_SETUP_TTL * 1000 ? u.totp_pending_secret : null;
  if (!pending) throw validation({ code: [PROFILE_MESSAGES.noSetup] });
  const succeeded = await attempt(app, u.id, "code");
  if (!verifyTotp(pending, body.code)) throw validation({ code: [PROFILE_MESSAGES.code] });
  await succeeded();
  await app.db.tx(async (q) => {
    await q.query("UPDATE users SET totp_secret = $2, totp_pending_secret = NULL, totp_pending_at = NULL WHERE id = $1 AND totp_secret IS NULL", [u.id, pending]);
    await auditInEveryClient(q, u.id);
  });
  return { message: "Two-factor authentication is on." };
}

/** DELETE me/two-factor: off, with a current code; not while one of the user's clients forces it. */
export async function disableTwoFactor(app: App, p: Principal, body: { code: string }) {
  const u = await fresh(app, p);
  if (!u.totp_secret) throw validation({ code: [PROFILE_MESSAGES.not2fa] });
  if (await twoFactorForced(app, u.id)) throw validation({ code: [PROFILE_MESSAGES.forced2fa] });
  const succeeded = await attempt(app, u.id, "code");
  if (!verifyTotp(u.totp_secret, body.code)) throw validation({ code: [PROFILE_MESSAGES.code] });
  await succeeded();
  await app.db.tx(async (q) => {
    await q.query("UPDATE users SET totp_secret = NULL WHERE id = $1", [u.id]);
    await auditInEveryClient(q, u.id);
  });
  return { message: "Two-factor authentication is off." };
}
