/**
 * Without JavaScript, a live page (Today, an evacuation report in progress) refreshes itself: an
 * HTTP `Refresh` header, sent only to browsers that have not run our scripts this session
 * (entry.client sets `gh_js`), only on the page itself, never on one of its dialogs (typed input
 * is never lost), and not when the user turned it off (WCAG 2.2.1: a time limit the user controls).
 */
import { redirect, type HeadersFunction } from "@remix-run/node";
import { badRequest } from "~/forms/intents.server";
import { env } from "~/env.server";
import { cookieValue } from "~/session/request-context.server";

/** Seconds between refreshes of a live page without JavaScript. */
export const refreshSeconds = (): number => env().TODAY_REFRESH_SECONDS;

/** The user turned the self-refresh off. */
export const autoRefreshOff = (request: Request) => cookieValue(request, "gh_refresh") === "off";

/** The `Refresh` header for `page` (a pathname), or nothing. */
export function refreshHeader(request: Request, page: string): Record<string, string> {
  const url = new URL(request.url);
  if (url.pathname !== page || cookieValue(request, "gh_js") === "1" || autoRefreshOff(request)) return {};
  return { Refresh: String(refreshSeconds()) };
}

/** Set-Cookie for the user's self-refresh choice (a year; the server reads it, scripts never). */
export function refreshChoiceCookie(on: boolean, secure: boolean): string {
  return `gh_refresh=${on ? "on" : "off"}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The form field that marks a post of the self-refresh switch (see `LiveIndicator`). */
export const REFRESH_INTENT = "auto-refresh";

/** The answer to a post of the self-refresh switch: remember the choice, back to `page`. */
export function refreshChoice(request: Request, form: FormData, page: string): Response {
  const value = form.get("value");
  if (value !== "on" && value !== "off") badRequest();
  const secure = new URL(request.url).protocol === "https:";
  return redirect(page, { status: 303, headers: { "Set-Cookie": refreshChoiceCookie(value === "on", secure) } });
}

/** What a live page's loader passes to its `LiveIndicator`. */
export const refreshState = (request: Request) => ({ refresh: refreshSeconds(), refreshOff: autoRefreshOff(request) });

/** A live page's `headers` export: the document carries its loader's `Refresh` header, if any. */
export const refreshHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const refresh = loaderHeaders.get("Refresh");
  return refresh ? { Refresh: refresh } : new Headers();
};
