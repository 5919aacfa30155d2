import { UpstreamError } from "./errors";
import { refusalResponse } from "./refusal.server";

/**
 * For loaders: an upstream refusal becomes the matching error page (`refusalResponse`): 404 Page
 * not found, 403 Forbidden, trial_period_over the trial-ended page, an unreachable upstream 503, a
 * broken one 502 with the generic "try reloading" message. A 401 never gets here (`viewer.api`
 * logs out).
 */
export async function upstreamLoad<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    return refusalResponse(err);
  }
}

/**
 * For a part of a page that may be missing (an integration's state, read live from another
 * service): null when the upstream cannot answer it now, so the rest of the page still shows. A
 * 401 or 403 is not "missing": it propagates.
 */
export async function upstreamLoadOrNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof UpstreamError && err.status !== 401 && err.status !== 403) return null;
    throw err;
  }
}
