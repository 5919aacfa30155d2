/**
 * Evacuation reports, server side: what the user may do with them (groups spec §6: evacuation
 * list; evacuation reports view, edit, delete), the report's id from the URL, and its loading.
 */
import type { Params } from "@remix-run/react";
import type { EvacuationReport } from "@contract";
import { can, type Holder } from "~/access/rights";
import type { Access } from "~/access/guard.server";
import { postedId } from "~/forms/action-result.server";
import { upstreamLoad } from "~/upstream/load.server";

export interface EvacuationPermissions {
  /** The fire list and starting an evacuation. */
  list: boolean;
  view: boolean;
  /** Mark evacuees, comment, complete. */
  edit: boolean;
  delete: boolean;
}

export function evacuationPermissions(who: Holder): EvacuationPermissions {
  return {
    list: can(who, "EvacList.viewer"),
    view: can(who, "EvacReport.viewer"),
    edit: can(who, ["EvacReport.viewer", "EvacReport.editor"]),
    delete: can(who, ["EvacReport.viewer", "EvacReport.delete"]),
  };
}

/** The `:evacuationId` of the URL, or a 404 (never sent upstream unchecked). */
export function evacuationIdParam(params: Params): number {
  const id = postedId(params.evacuationId);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

export function loadReport(access: Pick<Access, "viewer">, id: number): Promise<EvacuationReport> {
  return upstreamLoad(access.viewer.api("evacuation", { params: { evacuationId: id } }));
}
