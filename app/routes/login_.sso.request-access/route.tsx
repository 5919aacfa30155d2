/**
 * /login/sso/request-access (SsoRequestAccess) — a single sign-on user without access to any
 * client asks the administrators of one of the clients that use their domain for access.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageNotice, resultFor } from "~/forms/action-result";
import { translator } from "~/i18n/i18n.server";
import { retryAfterHeader } from "~/security/retry-after";
import { readSession } from "~/session/auth.server";
import { Brand, FieldErrors, SubmitButton } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { requestAccess } from "./actions.server";

export const headers = retryAfterHeader;

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await readSession(request);
  const access = session.get("ssoAccess");
  if (!access) throw redirect("/login");
  const { t } = await translator(request, "auth");
  return {
    title: t("auth:sso_request.title"),
    email: access.email,
    // A declined request is said so (ADR 024): the person is told, not left waiting.
    clients: access.clients.map((c) => ({ ...c, requested: access.requested.includes(c.id), declined: (access.declined ?? []).includes(c.id) })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await readSession(request);
  const access = session.get("ssoAccess");
  if (!access) throw redirect("/login");
  return requestAccess({ request, context, session, access, form: await request.formData() });
}

export default function SsoRequestAccess() {
  const { email, clients } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const open = clients.filter((c) => !c.requested);
  const notice = pageNotice(actionData);
  // The choice of client holds our own message and the upstream's (about it or the request).
  const error = resultFor(actionData, "request-access")?.error;
  const errors = error ? [...(error.client_id ?? []), ...(error[""] ?? [])] : [];
  return (
    <main id="main" className="auth-page">
      <section className="card" aria-labelledby="sso-heading">
        <Brand />
        <h1 id="sso-heading">{t("sso_request.heading")}</h1>
        <p className="muted">{t("sso_request.intro", { email })}</p>
        <ActionNotice notice={notice} />
        {clients.some((c) => c.declined) ? <p role="status">{t("sso:request.declined_intro")}</p> : null}
        {clients.length === 0 ? (
          <p>{t("sso_request.no_clients")}</p>
        ) : (
          <Form method="post">
            <fieldset className="field" aria-describedby={errors.length ? "client-error" : undefined}>
              <legend className="label">{t("sso_request.client_legend")}</legend>
              {clients.map((c) => (
                <div className="checkbox" key={c.id}>
                  <input type="radio" id={`client-${c.id}`} name="client_id" value={c.id} disabled={c.requested} defaultChecked={c.id === open[0]?.id} />
                  <label htmlFor={`client-${c.id}`}>
                    {c.name} {c.declined ? <span className="badge">{t("sso:request.declined")}</span> : c.requested ? <span className="badge">{t("sso_request.requested")}</span> : null}
                  </label>
                </div>
              ))}
              <FieldErrors id="client-error" errors={errors} />
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
