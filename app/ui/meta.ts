/**
 * The document's title (and, for a passing outage, its automatic retry), one rule for every route:
 * a page's own translated `title` from its loader; an error page the title of its status in the
 * user's language (the root loader's `errorTitles`: "Forbidden · Gatehouse" for a 403, never the
 * catch-all's "404"). A 503 (the session store, the upstream, or renewing the tokens: "Failed to
 * request new tokens", platform §8) reloads itself every 5 s, with or without JavaScript (§4: other
 * refresh failures are retried every 5 seconds).
 */
import { isRouteErrorResponse } from "@remix-run/react";

export const RETRY_SECONDS = 5;

interface MetaInput {
  data?: unknown;
  error?: unknown;
  matches: { id: string; data?: unknown }[];
}

export type ErrorTitles = Record<string, string>;

export function pageTitle({ data, error, matches }: MetaInput) {
  if (error) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    const reason = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "";
    const titles = (matches.find((m) => m.id === "root")?.data as { errorTitles?: ErrorTitles } | undefined)?.errorTitles ?? {};
    const title = titles[status === 503 && reason === "refresh" ? "refresh" : String(status)] ?? titles["500"] ?? String(status);
    const retry = status === 503 ? [{ httpEquiv: "refresh", content: String(RETRY_SECONDS) } as const] : [];
    return [{ title: `${title} · Gatehouse` }, ...retry];
  }
  const title = (data as { title?: unknown } | undefined)?.title;
  return [{ title: typeof title === "string" && title ? title : "Gatehouse" }];
}
