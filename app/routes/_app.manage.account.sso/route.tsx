/**
 * /manage/account/sso — single sign-on self-service (platform §2; issue 16 §5; ADR 024). The bare
 * URL sends the user to the first tab they may open; the tab bar is drawn from the access table
 * (users, configuration, access requests, settings), and nobody with no tab gets a page (403).
 */
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { resolve } from "~/access/match";
import { tabBar } from "~/access/outcome";
import { SSO_PATH } from "~/features/sso/paths";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { TabbedPage } from "~/ui/tab-bar";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "sso")]);
  const tabs = tabBar(SSO_PATH, {}, access.ctx);
  // The bare URL (as the table resolves it: any case or encoding) goes to the first tab.
  if (resolve(new URL(request.url).pathname).target?.path === SSO_PATH) {
    if (!tabs[0]) throw new Response("Forbidden", { status: 403, statusText: "Forbidden", headers: access.headers });
    throw redirect(tabs[0].to, { headers: access.headers });
  }
  return data({ title: `${t("title")} · Gatehouse`, tabs }, { headers: access.headers });
}

export default function SsoSelfService() {
  const { tabs } = useLoaderData<typeof loader>();
  const { t } = useTranslation("sso");
  return <TabbedPage back={{ to: "/manage", label: t("back") }} title={t("title")} subtitle={t("intro")} tabsLabel={t("tabs")} tabs={tabs} ns="sso" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
