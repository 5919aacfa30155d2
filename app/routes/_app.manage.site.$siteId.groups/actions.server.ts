/**
 * The groups tab's action: save which of the organisation's groups the site shows (POST
 * sites/{id}/groups). A group that is not the organisation's (a stale page after a deletion, or a
 * forged post) is the upstream's 422 about an element of the list, shown on the list.
 */
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { siteGroupsSchema } from "~/features/manage/groups";
import type { SiteTabAction } from "~/features/manage/sites.server";

/** Save the ticked groups. */
export async function save({ request, viewer, site, form }: SiteTabAction) {
  const intent = { intent: "save" };
  const submission = parseSubmission(form, { schema: siteGroupsSchema });
  // A message about one element (`group_ids[0]`) goes on the list.
  if (submission.status !== "success") return invalid(intent, submission, ["group_ids"]);
  const groupIds = [...new Set((submission.value.group_ids ?? []).map(Number))];
  try {
    await viewer.api("setSiteGroups", { params: { siteId: site.id }, body: { group_ids: groupIds } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["group_ids"] });
  }
  return done(request, viewer, `/manage/site/${site.id}/groups`, { key: "groups:saved", values: { name: site.name, count: groupIds.length }, tone: "success" });
}
