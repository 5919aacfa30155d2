/**
 * The action of a site tab whose forms are url-encoded: who asks and the site (the editor right of
 * its kind, else 403), then the one named handler of the posted `intent` (any other intent: 400).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireSiteEditor, type SiteTabAction } from "./sites.server";

type Handler = (args: SiteTabAction) => Promise<unknown>;

export async function siteTabAction<H extends Record<string, Handler>>({ request, params }: Pick<ActionFunctionArgs, "request" | "params">, handlers: H) {
  const { viewer, site } = await requireSiteEditor(request, params);
  const form = await request.formData();
  const intent = form.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(handlers, intent)) throw new Response("Bad request", { status: 400 });
  return handlers[intent]!({ request, viewer, site, form }) as ReturnType<H[keyof H]>;
}
