/**
 * /login/sso/request-access (SsoRequestAccess) — a single sign-on user without access to any
 * client asks the administrators of one of the clients that use their domain for access.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { translator } from "~/i18n/i18n.server";
import { consumeSsoAccessRequest, formatWait, retryAfterHeaders } from "~/security/throttle.server";
import { retryAfterHeader } from "~/security/retry-after";
import { readSession } from "~/session/auth.server";
import { commitSession } from "~/session/session.server";
import { upstreamContext } from "~/session/request-context.server";
import { callUpstream } from "~/upstream/client.server";
import { UpstreamError, UpstreamUnavailableError, type Notice } from "~/upstream/errors";
import { refusalOf } from "~/upstream/refusal.server";
import { Brand, FieldErrors, SubmitButton } from "~/ui/form";
import { NoticeBanner } from "~/ui/notice";
import { pageTitle } from "~/ui/meta";

export const headers = retryAfterHeader;

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await readSession(request);
  const access = session.get("ssoAccess");
  if (!access) throw redirect("/login");
  const { t } = await translator(request);
  return {
    title: t("auth:sso_request.title"),
    email: access.email,
    clients: access.clients.map((c) => ({ ...c, requested: access.requested.includes(c.id) })),
  };
}

/** Built on use, not at load: a module-level zod call would keep zod in this page's browser bundle (ADR 010). */
const requestSchema = () => z.object({ client_id: z.string().regex(/^[a-z]{2}:\d+$/) });

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await readSession(request);
  const access = session.get("ssoAccess");
  if (!access) throw redirect("/login");
  const parsed = requestSchema().safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success || !access.clients.some((c) => c.id === parsed.data.client_id)) {
    return data({ error: "auth:sso_request.choose_client" as string, notice: null as Notice | null }, { status: 400 });
  }
  // Each request mails a client's administrators: counted per SSO sign-in's email and per client address.
  const verdict = await consumeSsoAccessRequest({ ip: context.clientIp, email: access.email });
  if (!verdict.ok) {
    const { t, locale } = await translator(request);
    const text = t("auth:throttle.too_many_access_requests", { wait: formatWait(verdict.retryAfterMs, locale) });
    return data({ error: null, notice: { text } as Notice }, { status: 429, headers: retryAfterHeaders(verdict) });
  }
  const ctx = await upstreamContext(request);
  try {
    await callUpstream("ssoAccessRequest", { ...ctx, token: access.token, body: { client_id: parsed.data.client_id } });
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 401) {
      session.unset("ssoAccess");
      session.flash("notice", { key: "auth:sso_request.expired", tone: "error" });
      return redirect("/login", { headers: { "Set-Cookie": await commitSession(request, session) } });
    }
    if (err instanceof UpstreamError && err.status === 422) {
      const first = Object.values(err.body.errors ?? {})[0]?.[0];
      return data({ error: first ? `@${first}` : "auth:sso_request.choose_client", notice: null }, { status: 422 });
    }
    const { status } = refusalOf(err);
    return data({ error: null, notice: { key: "common:errors.generic_failure" } as Notice }, { status });
  }
  session.set("ssoAccess", { ...access, requested: [...new Set([...access.requested, parsed.data.client_id])] });
  session.flash("notice", { key: "auth:sso_request.sent", tone: "success" });
  return redirect("/login/sso/request-access", { headers: { "Set-Cookie": await commitSession(request, session) } });
}

export default function SsoRequestAccess() {
  const { email, clients } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const open = clients.filter((c) => !c.requested);
  return (
    <main id="main" className="auth-page">
      <section className="card" aria-labelledby="sso-heading">
        <Brand />
        <h1 id="sso-heading">{t("sso_request.heading")}</h1>
        <p className="muted">{t("sso_request.intro", { email })}</p>
        {actionData?.notice ? <NoticeBanner notice={{ ...actionData.notice, tone: "error" }} /> : null}
        {clients.length === 0 ? (
          <p>{t("sso_request.no_clients")}</p>
        ) : (
          <Form method="post">
            <fieldset className="field" aria-describedby={actionData?.error ? "client-error" : undefined}>
              <legend className="label">{t("sso_request.client_legend")}</legend>
              {clients.map((c) => (
                <div className="checkbox" key={c.id}>
                  <input type="radio" id={`client-${c.id}`} name="client_id" value={c.id} disabled={c.requested} defaultChecked={c.id === open[0]?.id} />
                  <label htmlFor={`client-${c.id}`}>
                    {c.name} {c.requested ? <span className="badge">{t("sso_request.requested")}</span> : null}
                  </label>
                </div>
              ))}
              <FieldErrors id="client-error" errors={actionData?.error ? [actionData.error] : undefined} />
            </fieldset>
            {open.length > 0 ? (
              <div className="actions">
                <SubmitButton>{t("sso_request.submit")}</SubmitButton>
              </div>
            ) : (
              <p>{t("sso_request.all_requested")}</p>
            )}
          </Form>
        )}
        <p className="actions">
          <Link to="/login">{t("sso_request.back")}</Link>
        </p>
      </section>
    </main>
  );
}
