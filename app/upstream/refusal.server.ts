/**
 * What an upstream failure answers, decided in one place (platform §8). Its status keeps its
 * meaning: a 403 is a 403 with the spec's Forbidden message, `trial_period_over` leads to the
 * trial-ended page, 404 says the thing is no longer there, 409 and other 4xx stay what they are,
 * 422/429 show their first message. Only an upstream that cannot be reached (503) or that is broken
 * (a 5xx, or an answer outside the contract: 502) becomes a gateway error. Anything that is not an
 * upstream failure propagates (a bug is a bug).
 */
import { redirect } from "@remix-run/node";
import { messageKey } from "~/forms/known-messages";
import { UpstreamError, UpstreamUnavailableError } from "./errors";

/** A message (a translation key, or "@upstream text" shown as it came) and the status to answer with. */
export interface Refusal {
  status: number;
  message: string;
  /** The upstream itself failed (unreachable or broken): a form says its own "please try again". */
  upstreamFailed: boolean;
  /** A 422's (or 429's) messages by field, each a translation key when known (`messageKey`), else "@text". */
  fields: Record<string, string[]> | null;
  /** A 422's (or 429's) first message as the upstream wrote it, for "{what} failed: {reason}". */
  reason?: string;
}

export const TRIAL_ENDED_PATH = "/trial-ended";

/**
 * The refusal for `err`; throws the redirect to the trial-ended page for `trial_period_over`, and
 * rethrows anything that is not an upstream failure. `notFoundKey` says what a 404 means here.
 */
export function refusalOf(err: unknown, notFoundKey = "common:errors.not_found_body"): Refusal {
  if (err instanceof UpstreamError) {
    if (err.body.code === "trial_period_over") throw redirect(TRIAL_ENDED_PATH, { status: 303 });
    if (err.status === 404) return { status: 404, message: notFoundKey, upstreamFailed: false, fields: null };
    if (err.status === 403) return { status: 403, message: "common:errors.forbidden_action", upstreamFailed: false, fields: null };
    if (err.status === 422 || err.status === 429) {
      const fields = Object.fromEntries(Object.entries(err.body.errors ?? {}).map(([field, messages]) => [field, messages.map(messageKey)]));
      const reason = Object.values(err.body.errors ?? {})[0]?.[0] ?? err.body.message;
      return { status: err.status, message: reason ? messageKey(reason) : "common:errors.generic_failure", upstreamFailed: false, fields, ...(reason ? { reason } : {}) };
    }
    if (err.status === 413) return { status: 413, message: err.body.message ? messageKey(err.body.message) : "common:refused.too_large_title", upstreamFailed: false, fields: null };
    if (err.status >= 500) return { status: 502, message: "common:errors.generic_failure", upstreamFailed: true, fields: null };
    // A conflict whose message the portal knows says it (a protected visit cannot be deleted; ADR 026).
    const known = err.status === 409 && err.body.message ? messageKey(err.body.message) : null;
    if (known && !known.startsWith("@")) return { status: 409, message: known, upstreamFailed: false, fields: null };
    return { status: err.status >= 400 ? err.status : 502, message: "common:errors.generic_failure", upstreamFailed: err.status < 400, fields: null };
  }
  if (err instanceof UpstreamUnavailableError || (err instanceof Response && err.status === 503)) {
    return { status: 503, message: "common:errors.unavailable_upstream", upstreamFailed: true, fields: null };
  }
  throw err;
}

/** For loaders: a refusal as the matching error page (and trial_period_over as the trial-ended page). */
export function refusalResponse(err: unknown): never {
  const { status } = refusalOf(err);
  const text = status === 404 ? "Not found" : status === 403 ? "Forbidden" : status === 503 ? "Unavailable" : status >= 500 ? "Bad gateway" : "Bad request";
  throw new Response(text, { status: status === 503 || status >= 500 || status === 403 || status === 404 ? status : 400 });
}
