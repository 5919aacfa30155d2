import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { readSession } from "~/session/auth.server";
import { safeRedirect } from "~/session/redirect";

/**
 * /login-detect — where other sites link to "sign in": a visitor already signed in goes straight
 * on (to a checked redirectTo, else Today); anyone else goes to the login form, with the email
 * (if given) filled in.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const to = safeRedirect(url.searchParams.get("redirectTo"));
  const session = await readSession(request);
  if (session.get("auth")) return redirect(to);
  const next = new URLSearchParams();
  if (to !== "/today") next.set("redirectTo", to);
  const email = url.searchParams.get("email");
  if (email && email.length <= 254) next.set("email", email);
  const qs = next.toString();
  return redirect(qs ? `/login?${qs}` : "/login");
}
