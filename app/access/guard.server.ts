/**
 * `requireAccess` — the first call of every loader and action. It resolves the URL against the
 * access table, evaluates every matched ancestor's rule for this user, and throws what the rule
 * says: a redirect to /login (with redirectTo) or /trial-ended, a 403, or the route's redirect.
 */
import { redirect } from "@remix-run/node";
import type { Config } from "@contract";
import { loginRedirect, requireViewer, type Viewer } from "~/session/auth.server";
import { commitSession } from "~/session/session.server";
import { accessContextFrom } from "./context";
import { mayEdit, outcomeFor } from "./outcome";
import { can, type Rights } from "./rights";
import type { AccessContext } from "./rules";

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
  /** The request's path (the access table's permissions are asked about it). */
  path: string;
  /** Set-Cookie headers to send with the response (the session learnt something). */
  headers: Headers;
}

/** The signed-in user's access context (sends anyone else to /login), without deciding anything. */
export async function loadAccess(request: Request): Promise<Access> {
  const viewer = await requireViewer(request);
  const headers = new Headers();
  const [config, count] = await Promise.all([viewer.config(), clientCount(request, viewer, headers)]);
  return { viewer, config, ctx: accessContextFrom(viewer.claims, config, count), path: new URL(request.url).pathname, headers };
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
      return loginRedirect(request);
    case "trial-ended":
      throw redirect("/trial-ended", { headers });
    case "redirect":
      throw redirect(outcome.to, { headers });
    case "forbidden":
      throw new Response("Forbidden", { status: 403, statusText: "Forbidden", headers });
    case "not-found":
      throw new Response("Not found", { status: 404, statusText: "Not Found", headers });
  }
}

/** Throws 403 unless the user holds every one of these rights (`can`): an action's edit right. */
export function requireRight(access: Pick<Access, "ctx" | "headers">, rights: Rights): void {
  if (!can(access, rights)) throw new Response("Forbidden", { status: 403, statusText: "Forbidden", headers: access.headers });
}

/**
 * Throws 403 unless the access table lets the user change things at this request's path (the
 * entries' `edit` rights, and the `kind`'s for a route with kinds): what every action checks first.
 */
export function requireEdit(access: Pick<Access, "ctx" | "path" | "headers">, kind?: string): void {
  if (!mayEdit(access.path, access.ctx, kind)) throw new Response("Forbidden", { status: 403, statusText: "Forbidden", headers: access.headers });
}

