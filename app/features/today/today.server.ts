/**
 * The Today view's server side: what the selected site's page shows, and the actions behind its
 * buttons (sign out, approve), each behind its right (groups spec §6, today view). Failures become
 * the spec's toasts (platform §8: sign in and sign out failures); a 422 adds its first message.
 */
import { redirect } from "@remix-run/node";
import type { Config, Site } from "../../../upstream/contract/index";
import type { Access } from "~/access/guard.server";
import { env } from "~/env.server";
import { cookieValue } from "~/session/request-context.server";
import { selectedSite } from "~/features/auth/site-selection.server";
import { commitSession, type FlashData } from "~/session/session.server";
import type { Viewer } from "~/session/auth.server";
import { actionFailureNotice, UpstreamError, UpstreamUnavailableError } from "~/upstream/errors";

export interface TodayPermissions {
  view: boolean;
  signInOut: boolean;
  signOutAll: boolean;
  approve: boolean;
  locations: boolean;
}

export function todayPermissions(config: Pick<Config, "abilities">): TodayPermissions {
  const has = (r: string) => config.abilities.includes(r);
  return {
    view: has("Today.viewer"),
    signInOut: has("Today.viewer") && has("Today.signInOut"),
    signOutAll: has("Today.viewer") && has("Today.signOutAll"),
    approve: has("Today.viewer") && has("Today.approve"),
    locations: has("Today.viewer") && has("Today.locations"),
  };
}

/** Seconds between refreshes of /today without JavaScript (meta refresh). */
export const refreshSeconds = (): number => env().TODAY_REFRESH_SECONDS;


/** The user turned the self-refresh off (WCAG 2.2.1: a time limit the user can turn off). */
export const autoRefreshOff = (request: Request) => cookieValue(request, "gh_refresh") === "off";

/**
 * Without JavaScript, the bare /today list refreshes itself: an HTTP `Refresh` header, sent only
 * to browsers that have not run our scripts this session (entry.client sets `gh_js`), never on a
 * dialog (typed input is never lost), and not when the user turned it off.
 */
export function refreshHeader(request: Request): Record<string, string> {
  const url = new URL(request.url);
  if (url.pathname !== "/today" || cookieValue(request, "gh_js") === "1" || autoRefreshOff(request)) return {};
  return { Refresh: String(refreshSeconds()) };
}

/** Set-Cookie for the user's self-refresh choice (a year; the server reads it, scripts never). */
export function refreshChoiceCookie(on: boolean, secure: boolean): string {
  return `gh_refresh=${on ? "on" : "off"}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export const siteChannel = (siteId: number) => `private-Site.${siteId}`;

/** The selected site, or null when the user can see none. */
export async function todaySite(access: Pick<Access, "viewer" | "config">): Promise<Site | null> {
  return selectedSite(access.viewer, access.config.sites);
}

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
 * message, trial_period_over, else generic), said about who or what failed; a 403 says Forbidden.
 */
export function failureNotice(err: unknown, key: string, values: Record<string, string | number>): FlashData["notice"] {
  if (err instanceof UpstreamError && err.status === 403 && err.body.code !== "trial_period_over") {
    return { key: "common:errors.forbidden_body", tone: "error" };
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
