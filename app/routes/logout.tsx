/**
 * /logout — POST revokes the tokens upstream, destroys the session server-side, and follows the
 * upstream's redirect_uri only when it is the portal itself or an allowed origin.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { allowedLogoutTarget } from "~/features/auth/logout.server";
import { translator } from "~/i18n/i18n.server";
import { readSession } from "~/session/auth.server";
import { clearSessionCookie, commitSession, destroySession, sessionStorageFor } from "~/session/session.server";
import { StoreUnavailableError } from "~/session/store.server";
import { upstreamContext } from "~/session/request-context.server";
import { callUpstream } from "~/upstream/client.server";
import { Brand, SubmitButton } from "~/ui/form";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

/** Without JavaScript a link to /logout lands here: confirm with a POST (a GET never signs out). */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await readSession(request);
  if (!session.get("auth")) throw redirect("/login");
  const { t } = await translator(request, "auth");
  return { title: t("auth:logout.title") };
}

export async function action({ request }: ActionFunctionArgs) {
  try {
    return await signOut(request);
  } catch (err) {
    if (!(err instanceof StoreUnavailableError) && !(err instanceof Response && err.status === 503)) throw err;
    // The session store is down: the tokens cannot be read to revoke them upstream, but the
    // browser still leaves signed out (its cookie cleared, its streams ended); the stored session
    // expires by itself.
    return redirect("/login", { headers: { "Set-Cookie": await clearSessionCookie(request) } });
  }
}

async function signOut(request: Request) {
  const session = await readSession(request);
  const tokens = session.get("auth");
  let target = "/login";
  if (tokens) {
    try {
      const { redirect_uri } = await callUpstream("logout", { ...(await upstreamContext(request)), token: tokens.accessToken });
      const allowed = allowedLogoutTarget(redirect_uri, request);
      if (allowed && new URL(allowed).origin !== new URL(request.url).origin) target = allowed;
    } catch {
      // The session ends here whatever the upstream says.
    }
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request, session));
  if (target === "/login") {
    const next = await sessionStorageFor(request).getSession(null);
    next.flash("notice", { key: "auth:logout.done", tone: "success" });
    headers.append("Set-Cookie", await commitSession(request, next));
  }
  return redirect(target, { headers });
}

export default function Logout() {
  useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  return (
    <main id="main" className="auth-page">
      <section className="card" aria-labelledby="logout-heading">
        <Brand />
        <h1 id="logout-heading">{t("logout.heading")}</h1>
        <Form method="post" className="actions">
          <SubmitButton>{t("logout.submit")}</SubmitButton>
        </Form>
      </section>
    </main>
  );
}
