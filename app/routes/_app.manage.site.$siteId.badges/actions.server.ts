/** The badges tab's action: save the badge the site prints, one of the organisation's or none (PATCH sites/{id} `badge_id`). */
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { badgeSchema } from "~/features/manage/site-tabs";
import type { SiteTabAction } from "~/features/manage/sites.server";

/** Save the chosen badge ("none": no badge). */
export async function save({ request, viewer, site, form }: SiteTabAction) {
  const intent = { intent: "save" };
  const submission = parseSubmission(form, { schema: badgeSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  const badgeId = submission.value.badge_id === "none" ? null : Number(submission.value.badge_id);
  try {
    await viewer.api("updateSite", { params: { siteId: site.id }, body: { badge_id: badgeId } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["badge_id"] });
  }
  return done(request, viewer, `/manage/site/${site.id}/badges`, { key: badgeId === null ? "sites:badges.saved_none" : "sites:badges.saved", values: { name: site.name }, tone: "success" });
}
