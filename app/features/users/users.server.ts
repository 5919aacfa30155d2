/**
 * Portal users, server side (ADR 020): the paths, the `:userId` of a URL, what this user may do
 * there (the access table: ManageUser.viewer to open, .editor to change; .delete and .remove2fa for
 * those two), the choices the forms offer (the upstream's: roles the caller may give, sites), and
 * how an upstream refusal of a user form reads.
 */
import type { Params } from "@remix-run/react";
import { permissionsAt } from "~/access/outcome";
import { can } from "~/access/rights";
import type { Access } from "~/access/guard.server";
import { postedId } from "~/forms/action-result.server";
import { upstreamLoad } from "~/upstream/load.server";

import { USERS_PATH } from "./paths";

export { USER_NOT_FOUND, USERS_PATH, userPath } from "./paths";

/** The `:userId` of the URL, or a 404. */
export function userIdParam(params: Params): number {
  const id = postedId(params.userId);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

export interface UserPermissions {
  edit: boolean;
  delete: boolean;
  remove2fa: boolean;
}

export function userPermissions(access: Pick<Access, "ctx">): UserPermissions {
  const { edit } = permissionsAt(USERS_PATH, access.ctx);
  return { edit, delete: can(access.ctx, "ManageUser.delete"), remove2fa: can(access.ctx, "ManageUser.remove2fa") };
}

/** The roles (and whether this user may give each) and sites the forms choose among; one read per request. */
export const loadOptions = (access: Pick<Access, "viewer">) =>
  upstreamLoad(access.viewer.shared("portal-user-options", () => access.viewer.api("portalUserOptions")));

/** The form field an upstream field's messages go on (null: on the form, e.g. the primary flag or "user"). */
export const userFormField = (field: string) => (["name", "email", "role_id", "site_ids"].includes(field) ? field : null);
