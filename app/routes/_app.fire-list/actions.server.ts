/**
 * The fire list's one action: start an evacuation at the site posted (one of the user's). Then
 * straight to the live report for those who may see it, else back to the list; a refusal is the
 * spec's "{site}: starting the evacuation failed" in the session (platform §8).
 */
import type { Access } from "~/access/guard.server";
import { badRequest } from "~/forms/intents.server";
import { done, failed, isUpstreamFailure, postedSite } from "~/forms/action-result.server";
import { evacuationPermissions } from "~/features/evacuations/evacuations.server";
import { reportPath } from "~/features/evacuations/paths";

export async function start({ request, access, form }: { request: Request; access: Access; form: FormData }) {
  const { viewer, config } = access;
  const site = postedSite(config, form.get("siteId"));
  if (!site) badRequest();
  try {
    const started = await viewer.api("startEvacuation", { params: { siteId: site.id }, body: {} });
    const to = evacuationPermissions(access).view ? reportPath(started.id) : "/fire-list";
    return done(request, viewer, to, { key: "evacuations:fire_list.started", values: { site: site.name }, tone: "success" });
  } catch (err) {
    if (!isUpstreamFailure(err)) throw err;
    return done(request, viewer, "/fire-list", failed(err, "evacuations:fire_list.start_failed", { site: site.name }));
  }
}
