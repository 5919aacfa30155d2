/**
 * The evacuation report's action: mark an evacuee (a status button, with the row's evacuation
 * point), for the report's editors. A redirect to the report either way: the outcome in the
 * session, a refusal as the global error dialog (platform §8).
 */
import { requireEdit, type Access } from "~/access/guard.server";
import { badRequest } from "~/forms/intents.server";
import { done, failed, isUpstreamFailure, shownName } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { reportPath } from "~/features/evacuations/paths";
import { MarkSchema } from "~/features/evacuations/schemas";

export async function mark({ request, access, id, form }: { request: Request; access: Access; id: number; form: FormData }) {
  // Marking needs the table's edit right of the report.
  requireEdit(access);
  const { viewer } = access;
  const submission = parseSubmission(form, { schema: MarkSchema });
  if (submission.status !== "success") badRequest();
  const { evacueeId, status, pointId } = submission.value;
  const name = shownName(form.get("name"));
  try {
    await viewer.api("updateEvacuee", {
      params: { evacuationId: id, evacueeId },
      body: { status, ...(form.has("pointId") ? { evacuation_point_id: pointId ?? null } : {}) },
    });
    return done(request, viewer, reportPath(id), { key: `evacuations:report.marked.${status}`, values: { name }, tone: "success" });
  } catch (err) {
    if (!isUpstreamFailure(err)) throw err;
    return done(request, viewer, reportPath(id), { ...failed(err, "evacuations:report.mark_failed", { name }), dialog: true });
  }
}
