/**
 * The roles page's action: delete a custom role. The upstream refuses a built-in role (403) and a
 * role users hold (409, with how many: said on the row, in the user's language).
 */
import type { Access } from "~/access/guard.server";
import { answerNotice, done, refused, requirePostedId, shownName } from "~/forms/action-result.server";
import { PERMISSIONS_PATH, ROLE_NOT_FOUND, roleRefusal } from "~/features/roles/roles.server";

export async function remove(request: Request, access: Access, form: FormData) {
  const id = requirePostedId(form.get("id"));
  const name = shownName(form.get("name"));
  try {
    await access.viewer.api("deleteRole", { params: { roleId: id } });
  } catch (err) {
    const own = roleRefusal(err);
    if (own) return answerNotice({ intent: "delete", row: id }, own.message, own.status);
    return refused(err, { intent: "delete", row: id, notFound: ROLE_NOT_FOUND });
  }
  return done(request, access.viewer, PERMISSIONS_PATH, { key: "roles:deleted", values: { name }, tone: "success" });
}
