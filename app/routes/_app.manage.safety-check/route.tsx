/**
 * /manage/safety-check — the safety check's pages (issue 18; ADR 029): the block list and, for
 * clients with Central Record, the Central Record at sign-in. The tab bar is drawn from the access
 * table; the bare URL is the table's redirect (to the block list). Health certificates are always
 * 403 (the access table's `denied`), with a word on why.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { tabBar } from "~/access/outcome";
import { SAFETY_PATH } from "~/features/safety-check/paths";
import { translator } from "~/i18n/i18n.server";
import { SafetyCheckErrorBoundary } from "~/features/safety-check/health-certificates";
import { pageTitle } from "~/ui/meta";
import { TabbedPage } from "~/ui/tab-bar";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "safety-check")]);
  return data({ title: `${t("title")} · Gatehouse`, tabs: tabBar(SAFETY_PATH, {}, access.ctx) }, { headers: access.headers });
}

export default function SafetyCheck() {
  const { tabs } = useLoaderData<typeof loader>();
  const { t } = useTranslation("safety-check");
  return <TabbedPage back={{ to: "/manage", label: t("back") }} title={t("title")} subtitle={t("intro")} tabsLabel={t("tabs")} tabs={tabs} ns="safety-check" />;
}

export const ErrorBoundary = SafetyCheckErrorBoundary;
