/**
 * The forms list's row action (ADR 030): delete after the kit's confirmation. It succeeds back on
 * the list as it was (search, page); a form gone ("Form not found.") is said on its row with its 404.
 */
import type { Access } from "~/access/guard.server";
import { done, refused, requirePostedId, shownName } from "~/forms/action-result.server";
import { FORM_NOT_FOUND, FORMS_PATH } from "~/features/visitor-forms/paths";

const back = (form: FormData) => {
  const list = String(form.get("list") ?? "");
  return `${FORMS_PATH}${/^\?[\w=&%+.@-]*$/.test(list) ? list : ""}`;
};

export async function remove({ request, access, form }: { request: Request; access: Access; form: FormData }) {
  const id = requirePostedId(form.get("id"));
  try {
    await access.viewer.api("deleteVisitorForm", { params: { formId: id } });
  } catch (err) {
    return refused(err, { intent: "delete", row: id, notFound: FORM_NOT_FOUND });
  }
  return done(request, access.viewer, back(form), { key: "features:forms.deleted", values: { name: shownName(form.get("name")) }, tone: "success" });
}
