/**
 * Roles, server side (issue 16 item 2; ADR 021): the client's roles as the upstream lists them
 * (one read per request, shared by the page's loaders), a role from the URL, and the editor's save
 * (new and edit share it): parse → invalid | call the upstream → refused | done.
 */
import type { Params } from "@remix-run/react";
import { rightsOfLevels, type RoleSummary } from "@contract";
import type { Access } from "~/access/guard.server";
import { answer, done, invalid, postedId, refused } from "~/forms/action-result.server";
import { UpstreamError } from "~/upstream/errors";
import { parseSubmission } from "~/forms/submission";
import { upstreamLoad } from "~/upstream/load.server";
import { ROLE_FIELDS, roleSchema } from "./schema";

import { PERMISSIONS_PATH } from "./paths";

export { PERMISSIONS_PATH };
export const ROLE_NOT_FOUND = "roles:messages.notFound";
export const SAVE_INTENT = "save";

/**
 * The upstream's refusals the generic mapping would blur (a 403 reads "Forbidden", a 409 "failed"):
 * a built-in role (403 `built_in_role`), a role held outside one's sites (403 `role_out_of_scope`),
 * a role users hold (409 `role_in_use`, with how many).
 * A message of the form layer, or null for any other failure.
 */
export function roleRefusal(err: unknown): { message: string; status: number } | null {
  if (!(err instanceof UpstreamError)) return null;
  if (err.status === 403 && err.body.code === "built_in_role") return { message: "roles:messages.builtIn", status: 403 };
  // A role held by users outside the editor's sites (ADR 031): read-only for them.
  if (err.status === 403 && err.body.code === "role_out_of_scope") return { message: "roles:messages.outOfScope", status: 403 };
  if (err.status === 409 && err.body.code === "role_in_use") {
    const count = Number((err.body.data as { count?: unknown } | undefined)?.count) || 1;
    return { message: `roles:delete.in_use|${JSON.stringify({ count })}`, status: 409 };
  }
  return null;
}

/** The client's roles, built-in first (GET roles: ManageUser.viewer). */
export const loadRoles = (access: Pick<Access, "viewer">): Promise<RoleSummary[]> =>
  upstreamLoad(access.viewer.shared("roles", () => access.viewer.api("roles")));

/** The role of the URL's `:roleId`, or a 404. */
export async function loadRole(access: Pick<Access, "viewer">, params: Params): Promise<RoleSummary> {
  const id = postedId(params.roleId);
  const role = id === null ? undefined : (await loadRoles(access)).find((r) => r.id === id);
  if (!role) throw new Response("Not found", { status: 404 });
  return role;
}

/** Create (no `roleId`) or change a custom role from the editor's form; then back to the roles. */
export async function saveRole(request: Request, access: Access, form: FormData, roleId: number | null) {
  const submission = parseSubmission(form, { schema: roleSchema });
  if (submission.status !== "success") return invalid({ intent: SAVE_INTENT }, submission, ROLE_FIELDS);
  const { name, levels } = submission.value;
  const body = { name, rights: rightsOfLevels(levels).rights };
  let saved: RoleSummary;
  try {
    saved = roleId === null ? await access.viewer.api("createRole", { body }) : await access.viewer.api("updateRole", { params: { roleId }, body });
  } catch (err) {
    const own = roleRefusal(err);
    if (own) return answer({ intent: SAVE_INTENT }, { result: submission.reply({ formErrors: [own.message] }) }, own.status);
    return refused(err, {
      intent: SAVE_INTENT,
      submission,
      fields: (f) => (f === "rights" ? "levels" : f === "name" ? "name" : null),
      notFound: ROLE_NOT_FOUND,
      upstreamFailed: "roles:messages.saveFailed",
    });
  }
  return done(request, access.viewer, PERMISSIONS_PATH, { key: roleId === null ? "roles:created" : "roles:saved", values: { name: saved.name }, tone: "success" });
}
