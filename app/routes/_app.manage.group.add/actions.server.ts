/**
 * Adding a group: its name and type. The client's group limit refuses it with the spec's message
 * (on the form, the name kept); the upstream unreachable or failing says "Failed to save. Please
 * try again." (groups spec §8); any other refusal keeps its meaning (a 403 is Forbidden).
 */
import { answer, done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { newGroupSchema } from "~/features/manage/groups";
import type { Viewer } from "~/session/auth.server";
import { UpstreamError } from "~/upstream/errors";

/** The form has one submit button and no intent field: its answers are about "add". */
export const INTENT = { intent: "add" };

/** Add the group; then the groups overview, searched for it. */
export async function add({ request, viewer, form }: { request: Request; viewer: Viewer; form: FormData }) {
  const submission = parseSubmission(form, { schema: newGroupSchema });
  if (submission.status !== "success") return invalid(INTENT, submission);
  let name: string;
  try {
    name = (await viewer.api("createGroup", { body: submission.value })).name;
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 422 && err.body.errors?.group_limit) {
      return answer(INTENT, { result: submission.reply({ formErrors: ["groups:errors.group_limit"] }) }, 422);
    }
    return refused(err, { ...INTENT, submission, fields: ["name", "type"], upstreamFailed: "groups:add.failed" });
  }
  return done(request, viewer, `/manage/overview/groups?${new URLSearchParams({ search: name })}`, { key: "groups:add.added", values: { name }, tone: "success" });
}
