import { redirect } from "@remix-run/node";
import type { TokenPair } from "@contract";
import { isLocale } from "~/i18n/config";
import { localeCookie } from "~/i18n/i18n.server";
import { tokensFrom } from "~/session/auth.server";
import { safeRedirect } from "~/session/redirect";
import { startAuthenticatedSession, type PortalSession } from "~/session/session.server";
import { decodeAccessToken } from "~/upstream/client.server";

/**
 * Signed in: rotate the session id, keep the tokens server-side, adopt the user's language from
 * the token unless they already chose one, and continue to the checked redirect target.
 */
export async function completeLogin(request: Request, previous: PortalSession, pair: TokenPair, redirectTo: string | null | undefined) {
  const target = safeRedirect(redirectTo ?? previous.get("redirectTo"));
  const { headers } = await startAuthenticatedSession(request, previous, tokensFrom(pair));
  const chosen = await localeCookie.parse(request.headers.get("Cookie"));
  const tokenLocale = decodeAccessToken(pair.access_token).locale;
  if (!isLocale(chosen) && isLocale(tokenLocale)) headers.append("Set-Cookie", await localeCookie.serialize(tokenLocale));
  return redirect(target, { headers });
}
