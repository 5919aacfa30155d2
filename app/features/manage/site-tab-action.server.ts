/**
 * The action of every site tab: who asks and the site (the editor right of its kind, else 403), the
 * posted form, then the one named handler of the posted `intent` (any other intent: 400). A tab that
 * takes a file names it with `uploadOf` (see `postedForm`): a file over its limit is answered (413)
 * before it is read whole.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireSiteEditor, type SiteTabAction } from "./sites.server";
import { dispatch, type Intents } from "~/forms/intents.server";
import { postedForm, type UploadTarget } from "./upload.server";


export async function siteTabAction<H extends Intents<SiteTabAction>>(
  { request, params }: Pick<ActionFunctionArgs, "request" | "params">,
  handlers: H,
  uploadOf?: (fields: Map<string, string>) => UploadTarget | null,
) {
  const { viewer, site } = await requireSiteEditor(request, params);
  const posted = uploadOf ? await postedForm(request, uploadOf) : { form: await request.formData() };
  if ("tooLarge" in posted) return posted.tooLarge;
  const { form } = posted;
  return dispatch(form, handlers, { request, viewer, site, form });
}
