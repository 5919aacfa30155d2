/** The privacy tab's action: save the site's privacy flags together (PATCH sites/{id} with `privacy`). */
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { PRIVACY_FLAGS, privacySchema } from "~/features/manage/site-tabs";
import type { SiteTabAction } from "~/features/manage/sites.server";

/** Save the flags (one not ticked is off). */
export async function save({ request, viewer, site, form }: SiteTabAction) {
  const intent = { intent: "save" };
  const submission = parseSubmission(form, { schema: privacySchema });
  if (submission.status !== "success") return invalid(intent, submission);
  const privacy = Object.fromEntries(PRIVACY_FLAGS.map((f) => [f, submission.value[f] ?? false])) as Record<(typeof PRIVACY_FLAGS)[number], boolean>;
  try {
    await viewer.api("updateSite", { params: { siteId: site.id }, body: { privacy } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: PRIVACY_FLAGS });
  }
  return done(request, viewer, `/manage/site/${site.id}/privacy`, { key: "sites:privacy.saved", values: { name: site.name }, tone: "success" });
}
