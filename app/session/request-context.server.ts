/**
 * Per-request values every upstream call needs: the language, the user's timezone, and the
 * browser's address (as the portal's front trusts it) for the upstream's audit log.
 */
import { createCookie } from "@remix-run/node";
import { env } from "~/env.server";
import { detectLocale } from "~/i18n/i18n.server";
import { toLanguageTag } from "~/i18n/config";
import { CLIENT_ADDRESS_HEADER } from "~/server/request-id";

/** Set by the browser (entry.client) from Intl; without JavaScript the default applies. */
export const timezoneCookie = createCookie("gh_tz", { path: "/", sameSite: "lax", httpOnly: false, maxAge: 60 * 60 * 24 * 365 });

function validTimezone(tz: unknown): tz is string {
  if (typeof tz !== "string" || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The raw value of a cookie of this request (for the small cookies the browser sets itself). */
export function cookieValue(request: Request, name: string): string | undefined {
  return request.headers.get("Cookie")?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]+)`))?.[1];
}

export async function upstreamContext(request: Request) {
  const locale = await detectLocale(request);
  const raw = cookieValue(request, "gh_tz");
  const tz = raw ? decodeURIComponent(raw) : undefined;
  const clientAddress = request.headers.get(CLIENT_ADDRESS_HEADER) ?? undefined;
  return { locale, language: toLanguageTag(locale), timezone: validTimezone(tz) ? tz : env().DEFAULT_TIMEZONE, clientAddress };
}
