/**
 * /manage/spaces/:id — the spaces designer of a site (issue 26 item 4; ADR 036; Spaces.editor,
 * deleting Spaces.delete): the site's booking rules, its zones and spaces as a tree (add, rename,
 * category, tags, move, delete), floor plans and photos, and each space placed on its floor plan by
 * coordinates (plain forms) or, with JavaScript, by dragging on the canvas (lazy-loaded: no other
 * page carries it). Every form posts here and comes back with a notice (PRG).
 */
import type { MetaFunction } from "@remix-run/node";
import { DesignerPage } from "~/features/spaces/designer-page";
import { designerAction, designerLoader } from "~/features/spaces/designer-route.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const loader = designerLoader;
export const action = designerAction;
export const meta: MetaFunction<typeof loader> = pageTitle;

export default function SpacesDesigner() {
  return <DesignerPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
