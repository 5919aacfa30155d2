/**
 * The evacuation points tab's actions, one handler per intent: add a point; and, for one of this
 * site's points, edit it, delete it, move it up or down (the whole order goes upstream), upload or
 * remove its photo. A posted point id is only parsed here; the point must be one of this site's
 * (checked against the upstream's list, the upstream checking again): another's is a 404 with a
 * message. Each parses its form with the schema the browser uses, answers a refusal with `refused`
 * (the one mapping of upstream refusals) and succeeds with `done`.
 */
import type { SiteDetails } from "@contract";
import { answerNotice, done, invalid, refused, requirePostedId } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { UPLOAD_RULES, uploadSchema } from "~/features/manage/media-schemas";
import { movedOrder } from "~/forms/row-changes.server";
import type { SiteTabAction } from "~/features/manage/sites.server";
import { evacuationPointSchema, POINT_FIELDS, type EvacuationPointForm } from "./schema";

const NOT_FOUND = "sites:evacuationpoints.not_found";

const path = (site: SiteDetails) => `/manage/site/${site.id}/evacuationpoints`;

/** The point as the upstream takes it: its location both coordinates, or none. */
const pointBody = (v: EvacuationPointForm) => ({
  title: v.title,
  icon: v.icon ?? null,
  location: v.lat !== undefined && v.lng !== undefined ? { lat: v.lat, lng: v.lng } : null,
});

/** Add a point (at the end of the order). */
export async function add({ request, viewer, site, form }: SiteTabAction) {
  const intent = { intent: "add" };
  const submission = parseSubmission(form, { schema: evacuationPointSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  const v = submission.value;
  try {
    await viewer.api("createEvacuationPoint", { params: { siteId: site.id }, body: pointBody(v) });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: POINT_FIELDS });
  }
  return done(request, viewer, path(site), { key: "sites:evacuationpoints.added", values: { title: v.title }, tone: "success" });
}

/**
 * The posted point (a 400 when its id is not one), found among the site's points with its place in
 * the order; else the answer to give: 404 when it is not one of this site's.
 */
async function postedPoint({ viewer, site, form }: SiteTabAction, intent: string) {
  const pointId = requirePostedId(form.get("id"));
  const ref = { intent, row: pointId, notFound: NOT_FOUND };
  let points;
  try {
    points = await viewer.api("evacuationPoints", { params: { siteId: site.id } });
  } catch (err) {
    return { answer: refused(err, ref) };
  }
  const index = points.findIndex((p) => p.id === pointId);
  const point = points[index];
  if (!point) return { answer: answerNotice({ intent }, NOT_FOUND, 404) };
  return { point, index, ids: points.map((p) => p.id), ref };
}

/** Save a point's details. */
export async function edit(args: SiteTabAction) {
  const row = await postedPoint(args, "edit");
  if ("answer" in row) return row.answer;
  const { request, viewer, site, form } = args;
  const submission = parseSubmission(form, { schema: evacuationPointSchema });
  if (submission.status !== "success") return invalid(row.ref, submission);
  const v = submission.value;
  try {
    await viewer.api("updateEvacuationPoint", { params: { siteId: site.id, pointId: row.point.id }, body: pointBody(v) });
  } catch (err) {
    return refused(err, { ...row.ref, submission, fields: POINT_FIELDS });
  }
  return done(request, viewer, path(site), { key: "sites:evacuationpoints.saved", values: { title: v.title }, tone: "success" });
}

/**
 * A change to one point that takes no fields (delete it, remove its photo): made upstream, then
 * back to `to` (the list, or the point's edit form) with the notice `key` about it.
 */
async function changePoint(args: SiteTabAction, intent: string, change: (pointId: number) => Promise<unknown>, to: "list" | "edit", key: string) {
  const row = await postedPoint(args, intent);
  if ("answer" in row) return row.answer;
  const { request, viewer, site } = args;
  try {
    await change(row.point.id);
  } catch (err) {
    return refused(err, row.ref);
  }
  return done(request, viewer, to === "edit" ? `${path(site)}?edit=${row.point.id}` : path(site), { key, values: { title: row.point.title }, tone: "success" });
}

/** Delete a point (the row asked first: the kit's `DeleteConfirm`). */
export const remove = (args: SiteTabAction) =>
  changePoint(args, "delete", (pointId) => args.viewer.api("deleteEvacuationPoint", { params: { siteId: args.site.id, pointId } }), "list", "sites:evacuationpoints.deleted");

/**
 * Move a point one place up or down (`direction`, the kit's `MoveButtons`): the whole new order goes
 * upstream. The first cannot go up, the last down (400).
 */
export async function move(args: SiteTabAction) {
  const row = await postedPoint(args, "move");
  if ("answer" in row) return row.answer;
  const { request, viewer, site, form } = args;
  const { index, point } = row;
  const direction = form.get("direction");
  const ids = movedOrder(row.ids, point.id, direction);
  const to = ids?.indexOf(point.id) ?? index;
  if (!ids || to === index) return answerNotice(row.ref, "sites:evacuationpoints.cannot_move", 400);
  try {
    await viewer.api("reorderEvacuationPoints", { params: { siteId: site.id }, body: { ids } });
  } catch (err) {
    return refused(err, row.ref);
  }
  return done(request, viewer, path(site), { key: `sites:evacuationpoints.moved_${direction === "up" ? "up" : "down"}`, values: { title: point.title, position: to + 1 }, tone: "success" });
}

/** Upload a point's photo (an image; the upstream judges its content); back to the point's edit form. */
export async function uploadPhoto(args: SiteTabAction) {
  const row = await postedPoint(args, "upload-photo");
  if ("answer" in row) return row.answer;
  const { request, viewer, site, form } = args;
  const submission = parseSubmission(form, { schema: uploadSchema("image") });
  if (submission.status !== "success") return invalid(row.ref, submission);
  const file = submission.value.file as File;
  try {
    await viewer.api("uploadEvacuationPointPhoto", { params: { siteId: site.id, pointId: row.point.id }, file: { name: file.name, type: file.type, data: file } });
  } catch (err) {
    return refused(err, { ...row.ref, submission, fields: ["file"], file: { field: "file", tooLarge: UPLOAD_RULES.image.tooLarge } });
  }
  return done(request, viewer, `${path(site)}?edit=${row.point.id}`, { key: "sites:evacuationpoints.photo_saved", values: { title: row.point.title }, tone: "success" });
}

/** Remove a point's photo; back to the point's edit form. */
export const removePhoto = (args: SiteTabAction) =>
  changePoint(args, "remove-photo", (pointId) => args.viewer.api("deleteEvacuationPointPhoto", { params: { siteId: args.site.id, pointId } }), "edit", "sites:evacuationpoints.photo_removed");
