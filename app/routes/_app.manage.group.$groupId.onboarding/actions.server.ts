/**
 * The onboarding tab's actions, one handler per intent: save the welcome email's settings (the
 * section's common save), attach a file to the group's emails (multipart; its limit is read before
 * the file), remove one after a confirmation.
 */
import { done, invalid, refused, requirePostedId } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import type { GroupTabAction } from "~/features/groups/group.server";
import { GROUP_NOT_FOUND, saveSection } from "~/features/groups/section.server";
import { UPLOAD_RULES, uploadSchema } from "~/features/manage/media-schemas";
import type { UploadTarget } from "~/features/manage/upload.server";

const PATH = (group: GroupTabAction["group"]) => `/manage/group/${group.id}/onboarding`;
const FILE = { field: "file", tooLarge: UPLOAD_RULES.document.tooLarge };

export const save = (args: GroupTabAction) => saveSection(args, "onboarding");

/** The file this tab takes: the attachment form's (its intent comes before the file). */
export const uploadOf = (fields: Map<string, string>): UploadTarget | null => (fields.get("intent") === "attach" ? { form: { intent: "attach" }, kind: "document" } : null);

/** Attach a file to the group's emails. */
export async function attach({ request, viewer, group, form }: GroupTabAction) {
  const intent = { intent: "attach" };
  const submission = parseSubmission(form, { schema: uploadSchema("document") });
  if (submission.status !== "success") return invalid(intent, submission);
  const file = submission.value.file as File;
  let filename: string;
  try {
    ({ filename } = await viewer.api("uploadGroupAttachment", { params: { groupId: group.id }, file: { name: file.name, type: file.type, data: file } }));
  } catch (err) {
    return refused(err, { ...intent, submission, fields: [FILE.field], notFound: GROUP_NOT_FOUND, file: FILE, upstreamFailed: "groups:save_failed" });
  }
  return done(request, viewer, PATH(group), { key: "groups:attachments.added", values: { name: filename }, tone: "success" });
}

/** Remove an attachment (and its file), once confirmed. */
export async function remove({ request, viewer, group, form }: GroupTabAction) {
  const id = requirePostedId(form.get("id"));
  const name = String(form.get("name") ?? "").slice(0, 200);
  try {
    await viewer.api("deleteGroupAttachment", { params: { groupId: group.id, attachmentId: id } });
  } catch (err) {
    return refused(err, { intent: "delete", row: id, notFound: "groups:attachments.gone" });
  }
  return done(request, viewer, PATH(group), { key: "groups:attachments.removed", values: { name }, tone: "success" });
}
