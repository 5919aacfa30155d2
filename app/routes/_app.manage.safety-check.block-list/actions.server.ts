/** The block list's row action (ADR 029): delete after the kit's confirmation, back on the list as it was. */
import { requireEdit, type Access } from "~/access/guard.server";
import { done, refused, requirePostedId, shownName } from "~/forms/action-result.server";
import { BLOCK_LIST_PATH } from "~/features/safety-check/paths";

const back = (form: FormData) => {
  const list = String(form.get("list") ?? "");
  return `${BLOCK_LIST_PATH}${/^\?[\w=&%+.@-]*$/.test(list) ? list : ""}`;
};

export async function remove(request: Request, access: Access, form: FormData) {
  requireEdit(access);
  const id = requirePostedId(form.get("id"));
  try {
    await access.viewer.api("deleteBlockListEntry", { params: { entryId: id } });
  } catch (err) {
    return refused(err, { intent: "delete", row: id, notFound: "safety-check:messages.entryNotFound" });
  }
  return done(request, access.viewer, back(form), { key: "safety-check:deleted", values: { name: shownName(form.get("name")) }, tone: "success" });
}
