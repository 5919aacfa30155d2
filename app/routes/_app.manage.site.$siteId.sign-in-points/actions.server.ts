/**
 * The sign-in points tab's actions, one handler per intent: add a point, rename one, delete one.
 * Row ids come from the form (a positive integer, else "not a row of this list"); the upstream
 * decides whether they are this site's (another site's point is a 404: "no longer there").
 */
import { done, invalid, postedId, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { signInPointSchema } from "~/features/manage/site-extras";
import { badRow, ROW_GONE } from "~/features/manage/site-rows.server";
import type { Viewer } from "~/session/auth.server";

export interface PointsAction {
  request: Request;
  viewer: Viewer;
  siteId: number;
  form: FormData;
}

const path = (siteId: number) => `/manage/site/${siteId}/sign-in-points`;

/** Add a point (no row) or rename one (a row) by its name. */
async function write(intent: "add" | "rename", pointId: number | null, { request, viewer, siteId, form }: PointsAction) {
  const ref = { intent, row: pointId };
  const submission = parseSubmission(form, { schema: signInPointSchema });
  if (submission.status !== "success") return invalid(ref, submission);
  const body = { name: submission.value.name };
  try {
    if (pointId === null) await viewer.api("createSignInPoint", { params: { siteId }, body });
    else await viewer.api("updateSignInPoint", { params: { siteId, pointId }, body });
  } catch (err) {
    return refused(err, { ...ref, submission, fields: ["name"], notFound: ROW_GONE });
  }
  return done(request, viewer, path(siteId), { key: intent === "add" ? "sites:sign_in_points.added" : "sites:sign_in_points.renamed", values: body, tone: "success" });
}

export const add = (args: PointsAction) => write("add", null, args);

export function rename(args: PointsAction) {
  const pointId = postedId(args.form.get("id"));
  return pointId === null ? badRow("rename") : write("rename", pointId, args);
}

/** Delete a point (its printed code stops working). */
export async function remove({ request, viewer, siteId, form }: PointsAction) {
  const pointId = postedId(form.get("id"));
  if (pointId === null) return badRow("delete");
  let name = "";
  try {
    // Its name for the notice; another site's point is a 404 here.
    name = (await viewer.api("signInPoints", { params: { siteId } })).find((p) => p.id === pointId)?.name ?? "";
    await viewer.api("deleteSignInPoint", { params: { siteId, pointId } });
  } catch (err) {
    return refused(err, { intent: "delete", row: pointId, notFound: ROW_GONE });
  }
  return done(request, viewer, path(siteId), { key: "sites:sign_in_points.deleted", values: { name }, tone: "success" });
}
