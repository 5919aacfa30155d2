/**
 * The SSO users tab's row actions (ManageUser.editor): sign in with a password again (the upstream
 * mails a link to set one), or remove the person's access to this client. The row's id is parsed
 * (hostile input: 400); a refusal (404 gone, 422 primary or oneself) is the row's notice.
 */
import { done, refused, requirePostedId } from "~/forms/action-result.server";
import { type SsoAction } from "~/features/sso/sso.server";
import { SSO_PATH } from "~/features/sso/paths";

const HERE = `${SSO_PATH}/users`;

export async function requirePassword(a: SsoAction) {
  const id = requirePostedId(a.form.get("id"));
  try {
    await a.access.viewer.api("ssoRequirePassword", { params: { clientId: a.clientId, userId: id } });
  } catch (err) {
    return refused(err, { intent: "require-password", row: id, notFound: "sso:messages.userGone" });
  }
  return done(a.request, a.access.viewer, HERE, { key: "sso:users.password_required", tone: "success" });
}

export async function remove(a: SsoAction) {
  const id = requirePostedId(a.form.get("id"));
  try {
    await a.access.viewer.api("removeSsoUser", { params: { clientId: a.clientId, userId: id } });
  } catch (err) {
    return refused(err, { intent: "delete", row: id, notFound: "sso:messages.userGone" });
  }
  return done(a.request, a.access.viewer, HERE, { key: "sso:users.removed", tone: "success" });
}
