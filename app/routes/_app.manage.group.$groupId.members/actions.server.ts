/**
 * The members tab's actions (groups spec §2, §4, §6): on the members chosen (checkboxes) archive,
 * unarchive, send companion invites, or open multi-edit with them; on one row archive, unarchive or
 * delete (GroupMember.delete as well). Each succeeds back on the list as it was (filter, search,
 * page), or, from the editor, on the member.
 */
import { redirect } from "@remix-run/node";
import { requireRight, type Access } from "~/access/guard.server";
import { done, refused, requirePostedId } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { memberPath, membersPath, MEMBER_NOT_FOUND } from "~/features/members/member.server";
import { selectionSchema } from "~/features/members/schemas";
import { answerNotice } from "~/forms/action-result.server";
import { refusalOf } from "~/upstream/refusal.server";

export interface ListAction {
  request: Request;
  access: Access;
  groupId: number;
  form: FormData;
}

/** Where the list was (its filter, search and page, posted back as `list`), or the member when posted from the editor. */
function backTo({ groupId, form }: ListAction, ids: number[]) {
  if (form.get("back") === "member" && ids.length === 1) return memberPath(groupId, ids[0]!);
  const list = String(form.get("list") ?? "");
  return `${membersPath(groupId)}${/^\?[\w=&%+.-]*$/.test(list) ? list : ""}`;
}

/** The members chosen, or a 400 naming the rule (none chosen, too many). */
function chosen(a: ListAction, intent: string) {
  const submission = parseSubmission(a.form, { schema: selectionSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "members:validation.choose_members";
    return { problem: answerNotice({ intent, row: null }, message, 400) };
  }
  return { ids: submission.value.ids };
}

async function setArchived(a: ListAction, archived: boolean) {
  const intent = archived ? "archive" : "unarchive";
  const pick = chosen(a, intent);
  if ("problem" in pick) return pick.problem;
  try {
    await a.access.viewer.api("archiveMembers", { params: { groupId: a.groupId }, body: { ids: pick.ids, archived } });
  } catch (err) {
    return refused(err, { intent, notFound: MEMBER_NOT_FOUND, upstreamFailed: "members:errors.save_failed" });
  }
  return done(a.request, a.access.viewer, backTo(a, pick.ids), { key: archived ? "members:archived" : "members:unarchived", values: { count: pick.ids.length }, tone: "success" });
}

export const archive = (a: ListAction) => setArchived(a, true);
export const unarchive = (a: ListAction) => setArchived(a, false);

/** Delete one member for good (their visits stay); "Failed to delete. Please try again." when the upstream fails. */
export async function remove(a: ListAction) {
  const id = requirePostedId(a.form.get("id"));
  const name = String(a.form.get("name") ?? "").slice(0, 100);
  try {
    await a.access.viewer.api("deleteMember", { params: { groupId: a.groupId, memberId: id } });
  } catch (err) {
    // The spec's own words when the upstream fails ("Failed to delete. Please try again."); refusals as they are.
    if (refusalOf(err).upstreamFailed) return answerNotice({ intent: "delete", row: id }, "members:errors.delete_failed", refusalOf(err).status);
    return refused(err, { intent: "delete", row: id, notFound: MEMBER_NOT_FOUND });
  }
  return done(a.request, a.access.viewer, backTo(a, []), { key: "members:deleted", values: { name }, tone: "success" });
}

export async function invite(a: ListAction) {
  const pick = chosen(a, "invite");
  if ("problem" in pick) return pick.problem;
  let sent: { sent: number; skipped: number };
  try {
    sent = await a.access.viewer.api("inviteMembers", { params: { groupId: a.groupId }, body: { ids: pick.ids, bulk: true } });
  } catch (err) {
    return refused(err, { intent: "invite", notFound: MEMBER_NOT_FOUND });
  }
  return done(a.request, a.access.viewer, backTo(a, pick.ids), { key: "members:companion.bulk_sent", values: { sent: sent.sent, skipped: sent.skipped }, tone: "success" });
}

/** Multi-edit the chosen members: its own page, the ids in its URL. */
export function multiEdit(a: ListAction) {
  const pick = chosen(a, "multi-edit");
  if ("problem" in pick) return pick.problem;
  return redirect(`${membersPath(a.groupId)}/multi-edit?ids=${pick.ids.join(",")}`, { status: 303 });
}
