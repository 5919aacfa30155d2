import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { completeLogin } from "~/features/auth/complete.server";
import { authenticator } from "~/features/auth/login.server";
import { readSession } from "~/session/auth.server";
import { commitSession } from "~/session/session.server";

/**
 * /login/sso/callback — the identity provider sends the browser back here with code and state.
 * Success goes to Today; 401 sso_request_access to the access-request screen; anything else
 * back to Login with the error (spec platform §4). A callback this browser did not start (its
 * state is not the one kept in this browser's session) signs nobody in.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await readSession(request);
  const outcome = await authenticator.authenticate("sso-callback", request);
  // One callback per sign-in started here: whatever the outcome, the binding is used up.
  session.unset("ssoPending");
  switch (outcome.type) {
    case "success":
      return completeLogin(request, session, outcome.pair, null);
    case "sso_request_access":
      session.set("ssoAccess", outcome.data);
      return redirect("/login/sso/request-access", { headers: { "Set-Cookie": await commitSession(request, session) } });
    default: {
      const notice = "notice" in outcome && outcome.notice ? outcome.notice : { key: "auth:auth_error.sso_generic" };
      session.unset("login");
      session.flash("notice", { ...notice, tone: "error" });
      return redirect("/login", { headers: { "Set-Cookie": await commitSession(request, session) } });
    }
  }
}
