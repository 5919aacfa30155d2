/**
 * The custom fields tab's actions, one handler per intent (the route's action picks one with a
 * switch): add, save, favourites, move, delete. Each parses its form with the schema the browser
 * uses, answers a refusal with `refused` (the one mapping of upstream refusals) and succeeds with
 * `done`.
 */
import { done, invalid, refused, requirePostedId } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { deleteRow, moveRow } from "~/forms/row-changes.server";
import { siteGroups } from "~/features/manage/site-tabs.server";
import type { SiteTabAction } from "~/features/manage/sites.server";
import { customFieldInputs, customFieldSchema, favouritesSchema, isCustomFieldType, toCustomFieldInput } from "./schema";

export const NOT_FOUND = "sites:customfields.not_found";

const pathOf = (site: SiteTabAction["site"]) => `/manage/site/${site.id}/customfields`;

/**
 * Add a field (`fieldId` null) or save one. A refused form comes back with what was typed, for the
 * type it was sent with (the answer names the field edited as its row).
 */
async function save({ request, viewer, site, form }: SiteTabAction, fieldId: number | null) {
  const intent = { intent: fieldId === null ? "create" : "update", row: fieldId };
  const submission = parseSubmission(form, { schema: customFieldSchema });
  // Without a list of groups to choose from, an edit keeps the groups the field had.
  const groupsOffered = (await siteGroups({ viewer }, site.id)) !== null;
  const postedType = form.get("type");
  const inputs = customFieldInputs(isCustomFieldType(postedType) ? postedType : "text", groupsOffered);
  if (submission.status !== "success") return invalid(intent, submission, inputs);
  const { favourite: _favourite, ...field } = toCustomFieldInput(submission.value);
  const body = groupsOffered ? field : { ...field, group_ids: undefined };
  try {
    if (fieldId === null) await viewer.api("createCustomField", { params: { siteId: site.id }, body: { ...body, group_ids: body.group_ids ?? null } });
    else await viewer.api("updateCustomField", { params: { siteId: site.id, fieldId }, body });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: inputs, notFound: NOT_FOUND });
  }
  return done(request, viewer, pathOf(site), { key: fieldId === null ? "sites:customfields.added" : "sites:customfields.saved", values: { label: field.label }, tone: "success" });
}

export const create = (args: SiteTabAction) => save(args, null);
export const update = (args: SiteTabAction) => save(args, requirePostedId(args.form.get("id")));

/** Save the favourites: the fields ticked, at most 4. */
export async function favourites({ request, viewer, site, form }: SiteTabAction) {
  const intent = { intent: "favourites" };
  const submission = parseSubmission(form, { schema: favouritesSchema });
  if (submission.status !== "success") return invalid(intent, submission, ["field_ids"]);
  const ids = [...new Set((submission.value.field_ids ?? []).map(Number))];
  try {
    await viewer.api("setFavouriteFields", { params: { siteId: site.id }, body: { field_ids: ids } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["field_ids"], notFound: NOT_FOUND });
  }
  return done(request, viewer, pathOf(site), { key: "sites:customfields.favourites_saved", values: { count: ids.length }, tone: "success" });
}

/** The site's fields, as their move and delete forms need them. */
const fieldList = ({ viewer, site }: SiteTabAction) => ({ rows: () => viewer.api("siteCustomFields", { params: { siteId: site.id } }), notFound: NOT_FOUND, path: pathOf(site) });

/** Move a field up or down (the upstream gets the full new order). */
export const move = (args: SiteTabAction) =>
  moveRow(
    args,
    fieldList(args),
    (ids) => args.viewer.api("reorderCustomFields", { params: { siteId: args.site.id }, body: { ids } }),
    (f) => ({ key: "sites:customfields.moved", values: { label: f.label }, tone: "success" }),
  );

/** Delete a field, once confirmed. */
export const remove = (args: SiteTabAction) =>
  deleteRow(
    args,
    fieldList(args),
    (fieldId) => args.viewer.api("deleteCustomField", { params: { siteId: args.site.id, fieldId } }),
    (f) => ({ key: "sites:customfields.deleted", values: { label: f.label }, tone: "success" }),
  );
