/**
 * /client-switcher — for users with more than one client. Switching fetches a new token for the
 * chosen client (auth/access-token with client_id and update_last_client), reloads config, and
 * selects the last used site there, or the first (spec platform §4).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { translator } from "~/i18n/i18n.server";
import { requireAccess } from "~/access/guard.server";
import { tokensFrom } from "~/session/auth.server";
import { commitSession, saveTokens } from "~/session/session.server";
import { upstreamContext } from "~/session/request-context.server";
import { callUpstream, decodeAccessToken } from "~/upstream/client.server";
import { UpstreamError, UpstreamUnavailableError } from "~/upstream/errors";
import { refusalOf } from "~/upstream/refusal.server";
import { SubmitButton } from "~/ui/form";
import { NoticeBanner } from "~/ui/notice";
import { pageTitle } from "~/ui/meta";

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

const SwitchSchema = z.object({ client_id: z.string().regex(/^[a-z]{2}:\d+$/) });

export async function action({ request }: ActionFunctionArgs) {
  const { viewer } = await requireAccess(request);
  const parsed = SwitchSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ failed: true }, { status: 400 });
  try {
    const pair = await callUpstream("accessToken", {
      ...(await upstreamContext(request)),
      body: { refresh_token: viewer.tokens.refreshToken, client_id: parsed.data.client_id, update_last_client: true },
    });
    if (decodeAccessToken(pair.access_token).aud !== parsed.data.client_id) throw new Error("token for another client");
    await saveTokens(request, viewer.session, tokensFrom(pair, viewer.tokens));
  } catch (err) {
    if (err instanceof Error) {
      // Spec §8: 'Failed to load client', with the refusal's status (a token for another client is a broken upstream).
      const status = err instanceof UpstreamError || err instanceof UpstreamUnavailableError ? refusalOf(err).status : 502;
      return data({ failed: true }, { status });
    }
    throw err;
  }
  viewer.session.flash("notice", { key: "common:client_switcher.switched", tone: "success" });
  return redirect("/today", { headers: { "Set-Cookie": await commitSession(request, viewer.session) } });
}

export default function ClientSwitcher() {
  const { clients, current } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("client_switcher.heading")}</h1>
      {actionData?.failed ? <NoticeBanner notice={{ key: "common:client_switcher.failed", tone: "error" }} /> : null}
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
