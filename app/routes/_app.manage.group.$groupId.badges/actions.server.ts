/**
 * The badge builder's actions, one handler per intent: save the whole badge (its size and every
 * element's place), add an element, remove one. The badge goes to the upstream whole every time, so
 * a change never half-saves; the upstream names a refused element by its place (`elements.3.x`).
 */
import type { GroupBadge } from "@contract";
import { answerNotice, done, invalid, refused, requirePostedId } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import type { GroupTabAction } from "~/features/groups/group.server";
import { GROUP_NOT_FOUND } from "~/features/groups/section.server";
import { addElementSchema, badgeSchema, kindLimit, newElement, toElement } from "./schema";

const pathOf = (group: GroupTabAction["group"]) => `/manage/group/${group.id}/badges`;
const ELEMENT_GONE = "groups:badge.element_gone";

/** An upstream field of the badge as the builder's form names it: `elements.3.x` → `elements[3].x`. */
const formField = (key: string) => (/^(size|elements)(\.\d+(\.\w+)?)?$/.test(key) ? key.replace(/\.(\d+)/, "[$1]") : null);

const saveBadge = (viewer: GroupTabAction["viewer"], group: GroupTabAction["group"], badge: Pick<GroupBadge, "size" | "elements">) =>
  viewer.api("updateGroupBadge", { params: { groupId: group.id }, body: { size: badge.size, elements: badge.elements } });

/** Save the badge as the form has it. */
export async function save({ request, viewer, group, form }: GroupTabAction) {
  const intent = { intent: "save" };
  const submission = parseSubmission(form, { schema: badgeSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  try {
    await saveBadge(viewer, group, { size: submission.value.size, elements: (submission.value.elements ?? []).map(toElement) });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: formField, notFound: GROUP_NOT_FOUND, upstreamFailed: "groups:save_failed" });
  }
  return done(request, viewer, pathOf(group), { key: "groups:badge.saved", values: { name: group.name }, tone: "success" });
}

/** Add an element at the top left corner (the badge as stored, plus it). */
export async function add({ request, viewer, group, form }: GroupTabAction) {
  const intent = { intent: "add" };
  const submission = parseSubmission(form, { schema: addElementSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  const v = submission.value;
  let badge: GroupBadge;
  try {
    badge = await viewer.api("groupBadge", { params: { groupId: group.id } });
  } catch (err) {
    return refused(err, { ...intent, submission, notFound: GROUP_NOT_FOUND });
  }
  if (badge.elements.filter((e) => e.kind === v.kind).length >= kindLimit(v.kind)) {
    return answerNotice(intent, `groups:badge.validation.kind_full|${JSON.stringify({ count: kindLimit(v.kind) })}`, 422);
  }
  const added = [...badge.elements, newElement(v.kind, badge.size, v)];
  const at = added.length - 1;
  // The new element's refusals go on the add form's fields; anything else on the form.
  const onAddForm = (key: string) => {
    const m = /^elements\.(\d+)\.(\w+)$/.exec(key);
    if (!m || Number(m[1]) !== at) return null;
    return m[2] === "field_id" || m[2] === "personal_field_id" || m[2] === "text" ? m[2] : "kind";
  };
  try {
    await saveBadge(viewer, group, { size: badge.size, elements: added });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: onAddForm, notFound: GROUP_NOT_FOUND, upstreamFailed: "groups:save_failed" });
  }
  return done(request, viewer, pathOf(group), { key: "groups:badge.added", values: { kind: v.kind }, tone: "success" });
}

/** Remove an element (posted as its place in the list, from 1). */
export async function remove({ request, viewer, group, form }: GroupTabAction) {
  const place = requirePostedId(form.get("id"));
  const intent = { intent: "delete", row: place };
  let badge: GroupBadge;
  try {
    badge = await viewer.api("groupBadge", { params: { groupId: group.id } });
  } catch (err) {
    return refused(err, { ...intent, notFound: GROUP_NOT_FOUND });
  }
  const gone = badge.elements[place - 1];
  if (!gone) return answerNotice(intent, ELEMENT_GONE, 404);
  try {
    await saveBadge(viewer, group, { size: badge.size, elements: badge.elements.filter((_, i) => i !== place - 1) });
  } catch (err) {
    return refused(err, { ...intent, notFound: GROUP_NOT_FOUND });
  }
  return done(request, viewer, pathOf(group), { key: "groups:badge.removed", values: { kind: gone.kind }, tone: "success" });
}
