/**
 * /client-switcher — for users with more than one client. Switching fetches a new token for the
 * chosen client (auth/access-token with client_id and update_last_client), reloads config, and
 * selects the last used site there, or the first (spec platform §4).
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { pageNotice } from "~/forms/action-result";
import { translator } from "~/i18n/i18n.server";
import { SubmitButton } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { switchClient } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const { viewer } = await requireAccess(request);
  const [clients, { t }] = await Promise.all([viewer.api("clients"), translator(request)]);
  return {
    title: `${t("client_switcher.title")} · Gatehouse`,
    current: viewer.claims.aud,
    clients: clients.map((c) => ({ id: c.id, name: c.name, sites: c.sites.length })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { viewer } = await requireAccess(request);
  const form = await request.formData();
  return switchClient({ request, viewer, form });
}

export default function ClientSwitcher() {
  const { clients, current } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("client_switcher.heading")}</h1>
      <ActionNotice notice={pageNotice(actionData)} />
      <ul className="list">
        {clients.map((c) => (
          <li key={c.id} className="list-item">
            <span>
              <strong>{c.name}</strong> <span className="muted">{t("client_switcher.sites", { count: c.sites })}</span>
            </span>
            {c.id === current ? (
              <span className="badge">{t("client_switcher.current")}</span>
            ) : (
              <Form method="post">
                <SubmitButton name="client_id" value={c.id} variant="secondary">
                  {t("client_switcher.switch_to", { name: c.name })}
                </SubmitButton>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
