/**
 * Deleting a completed evacuation report (EvacReport.delete is the upstream's to check; an open
 * evacuation is its 422). Success goes back to the list; a refusal back to the report, with the
 * reason in the global error dialog (platform §8).
 */
import { done, failed, isUpstreamFailure } from "~/forms/action-result.server";
import { reportPath } from "~/features/evacuations/paths";
import type { Viewer } from "~/session/auth.server";

export async function remove({ request, viewer, id }: { request: Request; viewer: Viewer; id: number }) {
  try {
    await viewer.api("deleteEvacuation", { params: { evacuationId: id } });
    return done(request, viewer, "/reports/evacuations", { key: "evacuations:report.delete.done", tone: "success" });
  } catch (err) {
    if (!isUpstreamFailure(err)) throw err;
    return done(request, viewer, reportPath(id), { ...failed(err, "evacuations:report.delete.failed"), dialog: true });
  }
}
