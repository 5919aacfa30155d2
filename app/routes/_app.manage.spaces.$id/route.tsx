/**
 * /manage/spaces/:id — the spaces designer of a site (issue 26 item 4; ADR 036; Spaces.editor,
 * deleting Spaces.delete): the site's booking rules, its zones and spaces as a tree (add, rename,
 * category, tags, move, delete), floor plans and photos, and each space placed on its floor plan by
 * coordinates (plain forms) or, with JavaScript, by dragging on the canvas (lazy-loaded: no other
 * page carries it). Every form posts here and comes back with a notice (PRG).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { can } from "~/access/rights";
import { dispatch } from "~/forms/intents.server";
import { postedForm } from "~/features/manage/upload.server";
import { DESIGN_INTENTS, UPLOAD_INTENTS } from "~/features/spaces/design.server";
import { designView } from "~/features/spaces/design-view.server";
import { DesignerPage } from "~/features/spaces/designer-page";
import { loadSpaces, siteOf } from "~/features/spaces/site.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
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

export async function action({ request, params }: ActionFunctionArgs) {
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

export default function SpacesDesigner() {
  return <DesignerPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
