import type { Request } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origins this portal answers on: its own (from the request) plus PUBLIC_ORIGINS. */
function ownOrigins(req: Request): Set<string> {
  const origins = new Set<string>([`${req.protocol}://${req.get("host")}`]);
  for (const o of (process.env.PUBLIC_ORIGINS ?? "").split(",")) if (o.trim()) origins.add(o.trim());
  return origins;
}

/**
 * A non-GET request that a browser sent from another origin. Browsers send `Origin` on every
 * POST, and `Sec-Fetch-Site` (which pages cannot forge). `Origin: null` is what a browser sends
 * under a no-referrer policy or from a sandboxed/opaque document: it passes only when the browser
 * itself says the request is same-origin. A request with neither header cannot carry a victim's
 * cookies from a browser, so it is judged by the session alone.
 */
export function isCrossOriginWrite(req: Request): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const origin = req.get("origin");
  const site = req.get("sec-fetch-site");
  if (origin === "null") return site !== "same-origin";
  if (origin !== undefined) return !ownOrigins(req).has(origin);
  return site === "cross-site" || site === "same-site";
}
