/** The visit details dialog's shared server code: the visit id from the URL, the site's zone. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { Config } from "@contract";
import { postedId } from "~/forms/action-result.server";

/** The `:visitId` of the URL, or a 404 (never sent upstream unchecked). */
export function visitIdParam(params: LoaderFunctionArgs["params"]): number {
  const id = postedId(params.visitId);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

/** Times of a visit are shown in its site's zone (the user may not have that site selected). */
export function siteZone(config: Config, siteId: number): string {
  return config.sites.find((s) => s.id === siteId)?.timezone ?? "UTC";
}

export const VISIT_TABS = ["details", "absence", "history", "badge", "documents", "manage"] as const;
export type VisitTab = (typeof VISIT_TABS)[number];
