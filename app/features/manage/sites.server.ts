/**
 * The manage area's sites and events, server side: who may view and edit a site of each kind
 * (platform §2: standard and remote sites need ManageSite.editor to edit, events ManageEvent.editor;
 * viewers see read-only forms), the site id from the URL, and upstream refusals as form results.
 */
import type { Params } from "@remix-run/react";
import type { SiteDetails } from "@contract";
import { requireAccess, type Access } from "~/access/guard.server";
import { permissionsAt } from "~/access/outcome";
import { postedId } from "~/forms/action-result.server";
import { upstreamLoad } from "~/upstream/load.server";
import type { Viewer } from "~/session/auth.server";

export type SiteKind = "sites" | "events";
export const kindOf = (type: SiteDetails["type"]): SiteKind => (type === "event" ? "events" : "sites");

export interface SitePermissions {
  view: boolean;
  edit: boolean;
}

/** The `:siteId` of the URL, or a 404 (never sent upstream unchecked). */
export function siteIdParam(params: Params): number {
  const id = postedId(params.siteId);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

/**
 * A site with every field, and what this user may do with it (403 when they may not view its kind).
 * The site layout and its tab both need it: one upstream read per GET request serves both.
 */
export async function loadManagedSite(access: Pick<Access, "viewer" | "ctx" | "path">, id: number, path = access.path) {
  const site = await upstreamLoad(access.viewer.shared(`site:${id}`, () => access.viewer.api("site", { params: { siteId: id } })));
  // The access table's rights for this path and the site's kind (ManageSite.* or ManageEvent.*, and a tab's own).
  const can: SitePermissions = permissionsAt(path, access.ctx, kindOf(site.type));
  if (!can.view) throw new Response("Forbidden", { status: 403 });
  return { site, can };
}

/** The first lines of every tab action: who, which site, and the editor right of its kind (else 403). */
export async function requireSiteEditor(request: Request, params: Params) {
  const access = await requireAccess(request);
  const id = siteIdParam(params);
  const { site, can } = await loadManagedSite(access, id);
  if (!can.edit) throw new Response("Forbidden", { status: 403 });
  return { access, viewer: access.viewer, site, id };
}

/** What every handler of a site tab's action gets: the request, who asks, the site (its editor right checked), the form. */
export interface SiteTabAction {
  request: Request;
  viewer: Viewer;
  site: SiteDetails;
  form: FormData;
}
