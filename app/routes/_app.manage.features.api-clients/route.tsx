/**
 * /manage/features/api-clients — the client API (ManageClientApi.viewer, an active account; ADR 030):
 * its base URL (the upstream's configuration for the organisation's region), the scopes and what
 * each allows, a curl example; the organisation's credentials (name, client id, scopes, created by
 * and when, last used, active or revoked in words); create (the secret shown once, on the next page
 * only) and revoke after a confirmation. Every form works without JavaScript.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { API_CLIENT_SCOPES } from "@contract";
import { dispatch } from "~/forms/intents.server";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { permissionsAt } from "~/access/outcome";
import { pageNotice, resultFor } from "~/forms/action-result";
import { API_CLIENTS_PATH } from "~/features/api-clients/paths";
import { formatDateTimeAt } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { upstreamContext } from "~/session/request-context.server";
import { commitSession } from "~/session/session.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { upstreamLoad } from "~/upstream/load.server";
import { create, revoke, type Intent } from "./actions.server";
import { ClientTable } from "./client-table";
import { CreateClientForm } from "./create-form";
import { Revealed } from "./revealed";
import { scopeKey } from "./schema";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t, locale }, { timezone }] = await Promise.all([requireAccess(request), translator(request, "features"), upstreamContext(request)]);
  const list = await upstreamLoad(access.viewer.api("apiClients"));
  // The secret of a client just created: read (and so removed) once.
  const revealed = access.viewer.session.get("revealedSecret") ?? null;
  const headers = new Headers(access.headers);
  if (revealed) {
    headers.append("Set-Cookie", await commitSession(request, access.viewer.session));
    headers.set("Cache-Control", "no-store");
  }
  const when = (iso: string | null) => (iso ? formatDateTimeAt(iso, timezone, locale) : null);
  return data(
    {
      title: `${t("api_clients.title")} · Gatehouse`,
      baseUrl: list.base_url,
      tokenUrl: list.token_url,
      clients: list.clients.map((c) => ({ ...c, created: when(c.created_at)!, lastUsed: when(c.last_used_at), revoked: when(c.revoked_at) })),
      revealed,
      edit: permissionsAt(API_CLIENTS_PATH, access.ctx).edit,
    },
    { headers },
  );
}

const INTENTS = { create, revoke };

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const form = await request.formData();
  return dispatch(form, INTENTS, { request, access, form });
}

export default function ClientApi() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("features");
  const id = d.revealed?.client_id ?? "$CLIENT_ID";
  return (
    <>
      <h1>{t("api_clients.heading")}</h1>
      <p className="hint">{t("api_clients.intro")}</p>
      <p className="hint">{t("api_clients.sites_hint")}</p>
      {d.revealed ? <Revealed revealed={d.revealed} /> : null}
      <ActionNotice notice={pageNotice(answer, d.clients.map((c) => c.id))} />
      <section aria-labelledby="connect-heading">
        <h2 id="connect-heading">{t("api_clients.connect")}</h2>
        <dl className="details-list">
          <dt>{t("api_clients.base_url")}</dt>
          <dd>
            <code id="client-api-base">{d.baseUrl}</code>
          </dd>
          <dt>{t("api_clients.token_url")}</dt>
          <dd>
            <code>{d.tokenUrl}</code>
          </dd>
          <dt>{t("api_clients.openapi")}</dt>
          <dd>
            <a href={`${d.baseUrl}/openapi.json`}>
              <code>{`${d.baseUrl}/openapi.json`}</code>
            </a>
          </dd>
        </dl>
        <h3>{t("api_clients.scopes")}</h3>
        <dl className="details-list">
          {API_CLIENT_SCOPES.map((s) => (
            <div key={s}>
              <dt>
                <code>{s}</code>
              </dt>
              <dd>{t(scopeKey(s))}</dd>
            </div>
          ))}
        </dl>
        <h3 id="example-heading">{t("api_clients.example")}</h3>
        <p className="hint">{t("api_clients.example_hint")}</p>
        {/* Scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it. */}
        <pre className="code-block" tabIndex={0} aria-labelledby="example-heading">
          <code>{`curl -s -u "${id}:$CLIENT_SECRET" "${d.baseUrl}/sites"\n\nTOKEN=$(curl -s -u "${id}:$CLIENT_SECRET" -d grant_type=client_credentials "${d.tokenUrl}" | jq -r .access_token)\ncurl -s -H "Authorization: Bearer $TOKEN" "${d.baseUrl}/visits?from=2026-11-01&to=2026-11-30&page=1"`}</code>
        </pre>
      </section>
      {d.edit ? <CreateClientForm lastResult={resultFor(answer, "create")} /> : null}
      <ClientTable clients={d.clients} edit={d.edit} answer={answer} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
