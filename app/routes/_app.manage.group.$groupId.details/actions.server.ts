/**
 * The group details tab's actions, one handler per intent: save the details (the section's common
 * save), delete the group once its name is typed exactly (ManageVisitorGroup.delete as well).
 */
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { typedNameSchema } from "~/forms/typed-name";
import type { GroupTabAction } from "~/features/groups/group.server";
import { GROUP_NOT_FOUND, saveSection } from "~/features/groups/section.server";
import { syncHandlers } from "~/features/groups/sync.server";

export const save = (args: GroupTabAction) => saveSection(args, "details");

/** The directory integration's intents (connect, choose, sync, toggle, disconnect), back to this tab. */
export const directory = syncHandlers((group) => `/manage/group/${group.id}/details`);

/** Delete the group, its name typed; then back to the groups overview. */
export async function remove({ request, viewer, group, form }: GroupTabAction) {
  const intent = { intent: "delete" };
  const submission = parseSubmission(form, { schema: typedNameSchema(group.name) });
  if (submission.status !== "success") return invalid(intent, submission);
  try {
    await viewer.api("deleteGroup", { params: { groupId: group.id }, body: { name: group.name } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: (key) => (key === "name" ? "confirm" : null), notFound: GROUP_NOT_FOUND, upstreamFailed: "groups:delete.failed" });
  }
  return done(request, viewer, "/manage/overview/groups", { key: "groups:delete.deleted", values: { name: group.name }, tone: "success" });
}
