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
