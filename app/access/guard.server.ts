/**
 * `requireAccess` — the first call of every loader and action. It resolves the URL against the
 * access table, evaluates every matched ancestor's rule for this user, and throws what the rule
 * says: a redirect to /login (with redirectTo) or /trial-ended, a 403, or the route's redirect.
 */
import { redirect } from "@remix-run/node";
import type { Config } from "../../upstream/contract/index";
import { isExpired } from "~/features/auth/site-selection.server";
import { getViewer, type Viewer } from "~/session/auth.server";
import { commitSession } from "~/session/session.server";
import { computeFlags } from "./flags";
import { outcomeFor } from "./outcome";
import type { AccessContext } from "./rules";

export function accessContextFor(viewer: Viewer, config: Config, clientCount: number): AccessContext {
  const claims = viewer.claims;
  const isSuper = claims["user:is_super"];
  return {
    signedIn: true,
    isSuper,
    isPrimary: claims["user:primary"],
    isBilling: claims["user:billing"],
    expired: isExpired(config.client),
    onTrial: config.client.trial_ends_on !== null,
    reseller: config.client.reseller,
    abilities: new Set(config.abilities),
    roles: new Set(config.roles.map((r) => r.name)),
    flags: computeFlags(config.client, config.sites, isSuper),
    schedulingStatus: config.client.scheduling_status,
    centralRecordEnabled: config.client.settings.central_record.enabled,
    spacesEnabled: config.client.settings.spaces_enabled,
    anySiteHasSpace: config.sites.some((s) => s.space_exists),
    clientCount,
  };
}

export const ANONYMOUS: AccessContext = {
  signedIn: false, isSuper: false, isPrimary: false, isBilling: false, expired: false, onTrial: false, reseller: false,
  abilities: new Set(), roles: new Set(), flags: new Set(), schedulingStatus: "disabled", centralRecordEnabled: false,
  spacesEnabled: false, anySiteHasSpace: false, clientCount: 0,
};

/** How many clients the user has, learnt once per session (for the client switcher rule). */
async function clientCount(request: Request, viewer: Viewer, headers: Headers): Promise<number> {
  const known = viewer.session.get("clientCount");
  if (known !== undefined) return known;
  const count = (await viewer.api("clients")).length;
  viewer.session.set("clientCount", count);
  headers.append("Set-Cookie", await commitSession(request, viewer.session));
  return count;
}

export interface Access {
  viewer: Viewer;
  config: Config;
  ctx: AccessContext;
  /** Set-Cookie headers to send with the response (the session learnt something). */
  headers: Headers;
}

function loginRedirect(url: URL): never {
  const to = url.pathname + url.search;
  throw redirect(to === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(to)}`);
}

/** The signed-in user's access context (sends anyone else to /login), without deciding anything. */
export async function loadAccess(request: Request): Promise<Access> {
  const viewer = await getViewer(request);
  if (!viewer) loginRedirect(new URL(request.url));
  const headers = new Headers();
  const [config, count] = await Promise.all([viewer.config(), clientCount(request, viewer, headers)]);
  return { viewer, config, ctx: accessContextFor(viewer, config, count), headers };
}

/** Throws unless the signed-in user may open this request's path. */
export async function requireAccess(request: Request): Promise<Access> {
  const url = new URL(request.url);
  const access = await loadAccess(request);
  const { headers } = access;
  const outcome = outcomeFor(url.pathname, access.ctx);
  switch (outcome.kind) {
    case "view":
      return access;
    case "login":
      return loginRedirect(url);
    case "trial-ended":
      throw redirect("/trial-ended", { headers });
    case "redirect":
      throw redirect(outcome.to, { headers });
    case "forbidden":
      throw new Response("Forbidden", { status: 403, statusText: "Forbidden", headers });
  }
}
