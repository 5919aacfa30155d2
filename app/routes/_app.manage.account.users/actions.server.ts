/**
 * The users list's row actions (platform §6, §8; ADR 020): delete after the kit's confirmation
 * (ManageUser.delete), remove a user's two-factor authentication (ManageUser.remove2fa), send an
 * invited user a new invitation (ManageUser.editor). Each succeeds back on the list as it was
 * (search, page); a refusal (the primary user, oneself, rights one lacks, a user gone: "Failed to
 * find existing user") is said on the row with the upstream's words and its 4xx.
 */
import { requireEdit, type Access } from "~/access/guard.server";
import { done, refused, requirePostedId, shownName } from "~/forms/action-result.server";
import { USER_NOT_FOUND, USERS_PATH } from "~/features/users/users.server";

export interface RowAction {
  request: Request;
  access: Access;
  form: FormData;
}

/** The list as it was (its search and page, posted back as `list`). */
const back = (form: FormData) => {
  const list = String(form.get("list") ?? "");
  return `${USERS_PATH}${/^\?[\w=&%+.@-]*$/.test(list) ? list : ""}`;
};

export async function remove({ request, access, form }: RowAction) {
  const id = requirePostedId(form.get("id"));
  try {
    await access.viewer.api("deletePortalUser", { params: { userId: id } });
  } catch (err) {
    return refused(err, { intent: "delete", row: id, notFound: USER_NOT_FOUND });
  }
  return done(request, access.viewer, back(form), { key: "users:deleted", values: { name: shownName(form.get("name")) }, tone: "success" });
}

export async function removeTwoFactor({ request, access, form }: RowAction) {
  const id = requirePostedId(form.get("id"));
  try {
    await access.viewer.api("removePortalUser2fa", { params: { userId: id } });
  } catch (err) {
    return refused(err, { intent: "remove-2fa", row: id, notFound: USER_NOT_FOUND });
  }
  return done(request, access.viewer, back(form), { key: "users:two_factor_removed", values: { name: shownName(form.get("name")) }, tone: "success" });
}

export async function resend({ request, access, form }: RowAction) {
  requireEdit(access);
  const id = requirePostedId(form.get("id"));
  try {
    await access.viewer.api("resendInvitation", { params: { userId: id } });
  } catch (err) {
    return refused(err, { intent: "resend", row: id, notFound: USER_NOT_FOUND });
  }
  return done(request, access.viewer, back(form), { key: "users:invitation_sent", values: { name: shownName(form.get("name")) }, tone: "success" });
}
