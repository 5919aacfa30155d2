/**
 * Adding a comment to an evacuation, about everyone or one evacuee (EvacReport.editor is the
 * upstream's to check). Success is a redirect to the report; a refusal keeps the dialog open with
 * the text and says why in the global error dialog (platform §8).
 */
import { answer, done, failed, invalid, isUpstreamFailure } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { reportPath } from "~/features/evacuations/paths";
import { CommentSchema } from "~/features/evacuations/schemas";
import type { Viewer } from "~/session/auth.server";

const FORM = { intent: "comment" };

export async function comment({ request, viewer, id, form }: { request: Request; viewer: Viewer; id: number; form: FormData }) {
  const submission = parseSubmission(form, { schema: CommentSchema });
  if (submission.status !== "success") return invalid(FORM, submission);
  try {
    await viewer.api("addEvacuationComment", {
      params: { evacuationId: id },
      body: { content: submission.value.content, evacuation_evacuee_id: submission.value.evacueeId ?? null },
    });
    return done(request, viewer, reportPath(id), { key: "evacuations:report.comment.added", tone: "success" });
  } catch (err) {
    if (!isUpstreamFailure(err)) throw err;
    return answer(FORM, { result: submission.reply(), notice: { ...failed(err, "evacuations:report.comment.failed"), dialog: true } }, 422);
  }
}
