import type { Viewer } from "~/session/auth.server";
import { commitSession } from "~/session/session.server";
import { isExpired, selectedSite } from "./site-selection.server";

/**
 * What every signed-in page needs: the config of the token's client (spec §4: loaded after
 * sign-in and after a client switch), the selected site, and whether to offer the client switcher.
 * Nothing secret leaves here: no token, no raw claims.
 */
export async function loadShell(request: Request, viewer: Viewer) {
  const headers = new Headers();
  let clientCount = viewer.session.get("clientCount");
  const [config, clients] = await Promise.all([
    viewer.config(),
    clientCount === undefined ? viewer.api("clients") : Promise.resolve(null),
  ]);
  if (clients) {
    clientCount = clients.length;
    viewer.session.set("clientCount", clientCount);
    headers.append("Set-Cookie", await commitSession(request, viewer.session));
  }
  const site = await selectedSite(viewer, config.sites);
  return {
    headers,
    config,
    shell: {
      user: { name: config.user.name, email: config.user.email, isSuper: viewer.claims["user:is_super"] },
      client: { name: config.client.name, expired: isExpired(config.client), onTrial: config.client.trial_ends_on !== null },
      sites: config.sites.map((s) => ({ id: s.id, name: s.name, type: s.type })),
      siteId: site?.id ?? null,
      multiClient: (clientCount ?? 0) > 1,
    },
  };
}
