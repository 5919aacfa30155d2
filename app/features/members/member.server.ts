/**
 * One member, server side (groups spec §2, §6; ADR 017): the ids from the URL, the member as the
 * upstream has it, what this user may do (the access table: GroupMember.viewer to open, .editor to
 * change, .delete to delete, .sensitive for the sensitive personal fields), the choices the details
 * tab offers (the group's sites, the managers), and the action every editor tab runs.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import type { MemberDetail } from "@contract";
import { requireAccess, requireEdit, type Access } from "~/access/guard.server";
import { outcomeFor, permissionsAt } from "~/access/outcome";
import { can as holds } from "~/access/rights";
import { postedId } from "~/forms/action-result.server";
import { dispatch, type Intents } from "~/forms/intents.server";
import { groupIdParam, loadGroup } from "~/features/groups/group.server";
import { postedForm, type UploadTarget } from "~/features/manage/upload.server";
import { upstreamLoad } from "~/upstream/load.server";
import type { Viewer } from "~/session/auth.server";
import { MEMBER_TABS, type MemberTab } from "@contract";
import { memberPath, membersPath } from "./paths";

export const MEMBER_NOT_FOUND = "members:errors.notFound";

export { memberPath, membersPath } from "./paths";

/** The `:memberId` of the URL, or a 404. */
export function memberIdParam(params: Params): number {
  const id = postedId(params.memberId);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

export interface MemberPermissions {
  edit: boolean;
  delete: boolean;
  sensitive: boolean;
}

export function memberPermissions(access: Pick<Access, "ctx" | "path">): MemberPermissions {
  const { edit } = permissionsAt(access.path, access.ctx);
  return { edit, delete: edit && holds(access.ctx, "GroupMember.delete"), sensitive: holds(access.ctx, "GroupMember.sensitive") };
}

/** The member (one upstream read per request, shared by the dialog and its tab). */
export const loadMember = (access: Pick<Access, "viewer">, groupId: number, memberId: number) =>
  upstreamLoad(access.viewer.shared(`member:${groupId}:${memberId}`, () => access.viewer.api("member", { params: { groupId, memberId } })));

/** The tabs this user may open for this member (the access table's rules). */
export const memberTabs = (access: Pick<Access, "ctx">, groupId: number, memberId: number): MemberTab[] =>
  MEMBER_TABS.filter((tab) => outcomeFor(memberPath(groupId, memberId, tab), access.ctx).kind === "view");

/** What the details form and multi-edit choose among: the sites the group is shown at, and the managers (clients with Time & Attendance). */
export async function coreChoices(access: Access, groupId: number) {
  const { group } = await loadGroup(access, groupId, membersPath(groupId));
  const shownAt = group.settings.sign_in.every_site ? null : new Set(group.settings.sign_in.site_ids);
  const sites = access.config.sites.filter((s) => shownAt === null || shownAt.has(s.id)).map((s) => ({ value: String(s.id), label: s.name }));
  let managers: { value: string; label: string }[] | null = null;
  if (holds(access.ctx, "GroupMember.viewer") && access.config.client.settings.time_and_attendance_enabled) {
    try {
      const list = await access.viewer.api("managerChoices", {});
      managers = list.managers.map((m) => ({ value: String(m.id), label: `${m.name} (${m.group.name})` }));
    } catch {
      managers = null;
    }
  }
  return { group, sites, managers };
}

/** What every handler of an editor tab gets: who asks, the ids, the member (read fresh), the posted form. */
export interface MemberTabAction {
  request: Request;
  access: Access;
  viewer: Viewer;
  groupId: number;
  member: MemberDetail;
  form: FormData;
}


/** An editor tab's action: who asks, the editor right (the access table), the member, the form, then the handler of its intent. */
export async function memberAction<H extends Intents<MemberTabAction>>(
  { request, params }: Pick<ActionFunctionArgs, "request" | "params">,
  handlers: H,
  uploadOf?: (fields: Map<string, string>) => UploadTarget | null,
) {
  const access = await requireAccess(request);
  requireEdit(access);
  const groupId = groupIdParam(params);
  const member = await loadMember(access, groupId, memberIdParam(params));
  const posted = uploadOf ? await postedForm(request, uploadOf) : { form: await request.formData() };
  if ("tooLarge" in posted) return posted.tooLarge;
  return dispatch(posted.form, handlers, { request, access, viewer: access.viewer, groupId, member, form: posted.form });
}
