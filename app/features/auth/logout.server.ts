import { env } from "~/env.server";

/**
 * Where logout may send the browser: the upstream's redirect_uri only when it is the portal
 * itself or an origin on LOGOUT_REDIRECT_ORIGINS, over http(s). Anything else: null.
 */
export function allowedLogoutTarget(target: string, request: Request, extraOrigins = env().LOGOUT_REDIRECT_ORIGINS): string | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  const own = new URL(request.url).origin;
  const allowed = new Set([own, ...extraOrigins]);
  return allowed.has(url.origin) && (url.protocol === "https:" || url.protocol === "http:") ? url.toString() : null;
}

