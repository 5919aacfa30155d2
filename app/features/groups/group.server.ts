/**
 * One group, server side (groups spec §2): the group id from the URL, the group with what this user
 * may do with it (the access table: ManageVisitorGroup.viewer to open, .editor to change, .delete to
 * delete), and the action every group tab runs — who asks, which group, the editor right, then the
 * one named handler of the posted intent (any other intent: 400).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import type { GroupDetail } from "@contract";
import { requireAccess, requireEdit, type Access } from "~/access/guard.server";
import { permissionsAt } from "~/access/outcome";
import { can as holds } from "~/access/rights";
import { postedId } from "~/forms/action-result.server";
import { dispatch, type Intents } from "~/forms/intents.server";
import { upstreamLoad } from "~/upstream/load.server";
import { postedForm, type UploadTarget } from "~/features/manage/upload.server";
import type { Viewer } from "~/session/auth.server";

/** The `:groupId` of the URL, or a 404 (never sent upstream unchecked). */
export function groupIdParam(params: Params): number {
  const id = postedId(params.groupId);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

export interface GroupPermissions {
  view: boolean;
  edit: boolean;
  delete: boolean;
}

/**
 * The group with every tab's settings, and what this user may do with it. The group layout and its
 * tab both need it: one upstream read per GET request serves both.
 */
export async function loadGroup(access: Pick<Access, "viewer" | "ctx" | "path">, id: number, path = access.path) {
  const group = await upstreamLoad(access.viewer.shared(`group:${id}`, () => access.viewer.api("group", { params: { groupId: id } })));
  const { view, edit } = permissionsAt(path, access.ctx);
  if (!view) throw new Response("Forbidden", { status: 403 });
  const can: GroupPermissions = { view, edit, delete: edit && holds(access.ctx, "ManageVisitorGroup.delete") };
  return { group, can };
}

/** What every handler of a group tab's action gets: the request, who asks, the group (editor right checked), the form. */
export interface GroupTabAction {
  request: Request;
  access: Access;
  viewer: Viewer;
  group: GroupDetail;
  form: FormData;
}


/**
 * The action of a group tab: who asks, the editor right, the group, the posted form, then the named
 * handler of its intent. A tab that takes a file names it with `uploadOf` (see `postedForm`): a file
 * over its limit is answered (413) before it is read whole.
 */
export async function groupTabAction<H extends Intents<GroupTabAction>>(
  { request, params }: Pick<ActionFunctionArgs, "request" | "params">,
  handlers: H,
  uploadOf?: (fields: Map<string, string>) => UploadTarget | null,
) {
  const access = await requireAccess(request);
  requireEdit(access);
  const { group } = await loadGroup(access, groupIdParam(params));
  const posted = uploadOf ? await postedForm(request, uploadOf) : { form: await request.formData() };
  if ("tooLarge" in posted) return posted.tooLarge;
  const { form } = posted;
  return dispatch(form, handlers, { request, access, viewer: access.viewer, group, form });
}

export const groupPath = (group: Pick<GroupDetail, "id">, tab: string) => `/manage/group/${group.id}/${tab}`;
