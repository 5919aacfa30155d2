/**
 * The action of every site tab: who asks and the site (the editor right of its kind, else 403), the
 * posted form, then the one named handler of the posted `intent` (any other intent: 400). A tab that
 * takes a file names it with `uploadOf` (see `postedForm`): a file over its limit is answered (413)
 * before it is read whole.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireSiteEditor, type SiteTabAction } from "./sites.server";
import { postedForm, type UploadTarget } from "./upload.server";

type Handler = (args: SiteTabAction) => Promise<unknown>;

export async function siteTabAction<H extends Record<string, Handler>>(
  { request, params }: Pick<ActionFunctionArgs, "request" | "params">,
  handlers: H,
  uploadOf?: (fields: Map<string, string>) => UploadTarget | null,
) {
  const { viewer, site } = await requireSiteEditor(request, params);
  const posted = uploadOf ? await postedForm(request, uploadOf) : { form: await request.formData() };
  if ("tooLarge" in posted) return posted.tooLarge;
  const { form } = posted;
  const intent = form.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(handlers, intent)) throw new Response("Bad request", { status: 400 });
  return handlers[intent]!({ request, viewer, site, form }) as ReturnType<H[keyof H]>;
}
