/**
 * My profile's actions (ADR 020), each: parse → upstream → done | invalid | refused. The language is
 * stored on the user (the upstream) and becomes this browser's language; the password goes through
 * the upstream's one `setPassword` (strength, reuse); two-factor is turned off with a current code.
 * Secrets (passwords, codes) are never rendered back. One's name is the account's, the same in
 * every organisation; an invitation is accepted (the person joins that organisation: the client
 * switcher counts it) or declined (issue 24).
 */
import { done, invalid, refused, requirePostedId, shownName } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { hidingSecrets } from "~/features/auth/secrets";
import { localeCookie } from "~/i18n/i18n.server";
import type { Access } from "~/access/guard.server";
import { codeSchema, languageSchema, nameSchema, notificationsSchema, passwordSchema } from "~/features/users/profile-schema";

export const PROFILE_PATH = "/my-profile";

export interface ProfileAction {
  request: Request;
  access: Access;
  form: FormData;
}

export async function language({ request, access, form }: ProfileAction) {
  const intent = { intent: "language" };
  const submission = parseSubmission(form, { schema: languageSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  try {
    await access.viewer.api("updateProfile", { body: { locale: submission.value.locale } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["locale"] });
  }
  const res = await done(request, access.viewer, PROFILE_PATH, { key: "users:profile.language_saved", tone: "success" });
  res.headers.append("Set-Cookie", await localeCookie.serialize(submission.value.locale));
  return res;
}

const PASSWORDS = ["current_password", "password", "password_confirmation"];

export async function password({ request, access, form }: ProfileAction) {
  const intent = { intent: "password" };
  const parsed = parseSubmission(form, { schema: passwordSchema });
  const submission = hidingSecrets(parsed, PASSWORDS);
  if (parsed.status !== "success") return invalid(intent, submission);
  try {
    await access.viewer.api("changePassword", { body: parsed.value });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: PASSWORDS });
  }
  return done(request, access.viewer, PROFILE_PATH, { key: "users:profile.password_changed", tone: "success" });
}

export async function disableTwoFactor({ request, access, form }: ProfileAction) {
  const intent = { intent: "disable-2fa" };
  const parsed = parseSubmission(form, { schema: codeSchema });
  const submission = hidingSecrets(parsed, ["code"]);
  if (parsed.status !== "success") return invalid(intent, submission);
  try {
    await access.viewer.api("disableTwoFactor", { body: { code: parsed.value.code } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["code"] });
  }
  return done(request, access.viewer, PROFILE_PATH, { key: "users:profile.two_factor_disabled", tone: "success" });
}

export async function notifications({ request, access, form }: ProfileAction) {
  const intent = { intent: "notifications" };
  const submission = parseSubmission(form, { schema: notificationsSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  const v = submission.value;
  const body = {
    device_alerts: v.device_alerts ?? false,
    evacuation_started: v.evacuation_started ?? false,
    evacuation_completed: v.evacuation_completed ?? false,
    pre_registration_arrived: v.pre_registration_arrived ?? false,
  };
  try {
    await access.viewer.api("updateProfile", { body: { notifications: body } });
  } catch (err) {
    return refused(err, { ...intent, submission });
  }
  return done(request, access.viewer, PROFILE_PATH, { key: "users:profile.notifications_saved", tone: "success" });
}

export async function name({ request, access, form }: ProfileAction) {
  const intent = { intent: "name" };
  const submission = parseSubmission(form, { schema: nameSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  try {
    await access.viewer.api("updateProfile", { body: { name: submission.value.name } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["name"] });
  }
  return done(request, access.viewer, PROFILE_PATH, { key: "users:profile.name_saved", tone: "success" });
}

const INVITATION_GONE = "users:profile.errors.invitationGone";

export async function acceptInvitation({ request, access, form }: ProfileAction) {
  const id = requirePostedId(form.get("id"));
  let client: string;
  try {
    client = (await access.viewer.api("acceptInvitation", { params: { invitationId: id } })).client.name;
  } catch (err) {
    return refused(err, { intent: "accept-invitation", row: id, notFound: INVITATION_GONE });
  }
  // One more organisation: the client switcher's count is learnt again.
  access.viewer.session.unset("clientCount");
  return done(request, access.viewer, PROFILE_PATH, { key: "users:profile.invitation_accepted", values: { client }, tone: "success" });
}

export async function declineInvitation({ request, access, form }: ProfileAction) {
  const id = requirePostedId(form.get("id"));
  try {
    await access.viewer.api("declineInvitation", { params: { invitationId: id } });
  } catch (err) {
    return refused(err, { intent: "decline-invitation", row: id, notFound: INVITATION_GONE });
  }
  return done(request, access.viewer, PROFILE_PATH, { key: "users:profile.invitation_declined", values: { client: shownName(form.get("client")) }, tone: "success" });
}
