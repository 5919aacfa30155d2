/**
 * Completing an evacuation, with an optional closing comment (EvacReport.editor is the upstream's
 * to check; closing locks the report). Success is a redirect to the report; a refusal keeps the
 * dialog open and says why in the global error dialog (platform §8).
 */
import { answer, done, failed, invalid, isUpstreamFailure } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { reportPath } from "~/features/evacuations/paths";
import { CompleteSchema } from "~/features/evacuations/schemas";
import type { Viewer } from "~/session/auth.server";

const FORM = { intent: "complete" };

export async function complete({ request, viewer, id, form }: { request: Request; viewer: Viewer; id: number; form: FormData }) {
  const submission = parseSubmission(form, { schema: CompleteSchema });
  if (submission.status !== "success") return invalid(FORM, submission);
  try {
    const completed = await viewer.api("completeEvacuation", { params: { evacuationId: id }, body: submission.value.comment ? { comment: submission.value.comment } : {} });
    return done(request, viewer, reportPath(id), { key: "evacuations:report.complete.done", values: { site: completed.site_name }, tone: "success" });
  } catch (err) {
    if (!isUpstreamFailure(err)) throw err;
    return answer(FORM, { result: submission.reply(), notice: { ...failed(err, "evacuations:report.complete.failed"), dialog: true } }, 422);
  }
}
