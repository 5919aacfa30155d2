/**
 * The personal fields tab's actions, one handler per intent: add, save, move, delete. Each parses its
 * form with the schema the browser uses, answers a refusal with `refused` and succeeds with `done`;
 * move and delete are the shared row changes (the row looked up in the list read fresh).
 */
import { done, invalid, refused, requirePostedId } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { deleteRow, moveRow } from "~/forms/row-changes.server";
import type { GroupTabAction } from "~/features/groups/group.server";
import { personalFieldSchema, PERSONAL_FIELD_FLAGS, toRequest } from "./schema";

export const NOT_FOUND = "groups:personal_fields.not_found";
export const INPUTS = ["label", "type", "options", ...PERSONAL_FIELD_FLAGS];

const pathOf = (group: GroupTabAction["group"]) => `/manage/group/${group.id}/personal-fields`;

/** Add a field (`fieldId` null) or save one; a refused form comes back as typed. */
async function save({ request, viewer, group, form }: GroupTabAction, fieldId: number | null) {
  const intent = { intent: fieldId === null ? "add" : "edit", row: fieldId };
  const submission = parseSubmission(form, { schema: personalFieldSchema });
  if (submission.status !== "success") return invalid(intent, submission, INPUTS);
  const body = toRequest(submission.value);
  try {
    if (fieldId === null) await viewer.api("createPersonalField", { params: { groupId: group.id }, body });
    else await viewer.api("updatePersonalField", { params: { groupId: group.id, fieldId }, body });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: INPUTS, notFound: NOT_FOUND, upstreamFailed: "groups:save_failed" });
  }
  return done(request, viewer, pathOf(group), { key: fieldId === null ? "groups:personal_fields.added" : "groups:personal_fields.saved", values: { label: body.label }, tone: "success" });
}

export const add = (args: GroupTabAction) => save(args, null);
export const edit = (args: GroupTabAction) => save(args, requirePostedId(args.form.get("id")));

/** The group's fields, as their move and delete forms need them. */
const fieldList = ({ viewer, group }: GroupTabAction) => ({ rows: () => viewer.api("personalFields", { params: { groupId: group.id } }), notFound: NOT_FOUND, path: pathOf(group) });

export const move = (args: GroupTabAction) =>
  moveRow(args, fieldList(args), (ids) => args.viewer.api("reorderPersonalFields", { params: { groupId: args.group.id }, body: { ids } }), (f) => ({ key: "groups:personal_fields.moved", values: { label: f.label }, tone: "success" }));

export const remove = (args: GroupTabAction) =>
  deleteRow(args, fieldList(args), (fieldId) => args.viewer.api("deletePersonalField", { params: { groupId: args.group.id, fieldId } }), (f) => ({ key: "groups:personal_fields.deleted", values: { label: f.label }, tone: "success" }));
