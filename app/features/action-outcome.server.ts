/**
 * What every action of the portal does with its outcome: ids and sites read from posted fields
 * (never trusted), upstream failures turned into the spec's messages (platform §8: a 422's first
 * message, trial_period_over, else the generic failure; a 403 says Forbidden), and Post/Redirect/Get
 * with the notice in the session (a toast with JavaScript, a banner without).
 */
import { redirect } from "@remix-run/node";
import type { Config, Site } from "@contract";
import { commitSession, type FlashData } from "~/session/session.server";
import type { Viewer } from "~/session/auth.server";
import { actionFailureNotice, UpstreamError, UpstreamUnavailableError } from "~/upstream/errors";
import { refusalOf } from "~/upstream/refusal.server";

/** A positive integer id from a form field or a URL parameter, or null. */
export function postedId(value: FormDataEntryValue | null | undefined): number | null {
  return typeof value === "string" && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** A site id posted by a form must be one of the user's sites (never trust the field). */
export function postedSite(config: Config, value: FormDataEntryValue | null): Site | null {
  const id = postedId(value);
  return config.sites.find((s) => s.id === id) ?? null;
}

/**
 * The failure notice of an action, by the spec's catalogue (`actionFailureNotice`: a 422's first
 * message, else generic), said about who or what failed; a 403 says Forbidden; trial_period_over
 * sends the user to the trial-ended page instead (`refusalOf`).
 */
export function failureNotice(err: unknown, key: string, values: Record<string, string | number>): FlashData["notice"] {
  // trial_period_over leads to the trial-ended page (a thrown redirect); a non-upstream error propagates.
  refusalOf(err);
  if (err instanceof UpstreamError && err.status === 403) {
    return { key: "common:errors.forbidden_action", tone: "error" };
  }
  const notice = actionFailureNotice(err);
  if (notice.text) return { key: `${key}_reason`, values: { ...values, reason: notice.text }, tone: "error" };
  if (notice.key !== "common:errors.generic_failure") return { ...notice, tone: "error" };
  return { key, values, tone: "error" };
}

/**
 * An upstream failure an action reports as a toast: a refusal, or the upstream unreachable (which
 * `viewer.api` turns into a 503 response). Anything else is a bug and propagates.
 */
export const isActionFailure = (err: unknown) =>
  err instanceof UpstreamError || err instanceof UpstreamUnavailableError || (err instanceof Response && err.status === 503);

/** Post/Redirect/Get: the notice travels in the session (a toast with JavaScript, a banner without). */
export async function redirectWithNotice(request: Request, viewer: Viewer, to: string, notice: FlashData["notice"]) {
  viewer.session.flash("notice", notice);
  return redirect(to, { status: 303, headers: { "Set-Cookie": await commitSession(request, viewer.session) } });
}

/** A visitor-supplied name echoed in a notice: trimmed and bounded. */
export const shownName = (value: FormDataEntryValue | null) => (typeof value === "string" ? value.trim().slice(0, 100) : "");
