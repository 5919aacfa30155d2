import { UpstreamError } from "./errors";

/**
 * For loaders: an upstream refusal becomes the matching error page — 404 Page not found, 403
 * Forbidden (trial_period_over included: the access table sends expired clients away before this),
 * anything else a 502 with the generic "try reloading" message. A 401 or an unreachable upstream
 * never gets here (`viewer.api` logs out, or answers 503).
 */
export async function upstreamLoad<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof UpstreamError) {
      if (err.status === 404) throw new Response("Not found", { status: 404 });
      if (err.status === 403) throw new Response("Forbidden", { status: 403 });
      throw new Response("Bad gateway", { status: 502 });
    }
    throw err;
  }
}
