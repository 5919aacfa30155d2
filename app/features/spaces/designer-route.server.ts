/** The designer page's loader and action (`/manage/spaces/:id`; the route module re-exports them). */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { can } from "~/access/rights";
import { dispatch } from "~/forms/intents.server";
import { postedForm } from "~/features/manage/upload.server";
import { translator } from "~/i18n/i18n.server";
import { DESIGN_INTENTS, UPLOAD_INTENTS } from "./design.server";
import { designView } from "./design-view.server";
import { loadSpaces, siteOf } from "./site.server";

export async function designerLoader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "spaces")]);
  const site = siteOf(access, params.id);
  const spaces = await loadSpaces(access, site.id);
  return data(
    {
      title: `${t("designer.title", { site: site.name })} · Gatehouse`,
      site: { id: site.id, name: site.name },
      canDelete: can(access.ctx, "Spaces.delete"),
      ...designView(spaces),
    },
    { headers: access.headers },
  );
}

export async function designerAction({ request, params }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const site = siteOf(access, params.id);
  const posted = await postedForm(request, (fields) => {
    const intent = fields.get("intent") ?? "";
    return UPLOAD_INTENTS.has(intent) ? { form: { intent, row: Number(fields.get("node_id")) || null }, kind: "image" } : null;
  });
  if ("tooLarge" in posted) return posted.tooLarge;
  const { form } = posted;
  return dispatch(form, DESIGN_INTENTS, { request, access, form, site });
}
