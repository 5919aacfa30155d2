/**
 * /manage/site/{id} — one site or event, with its tabs as child routes (platform §2: admin only,
 * and the viewer right of its kind). The bare URL goes to the details tab (the access table's
 * redirect). Tabs the user may not open, or not built yet, are not offered.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { tabBar } from "~/access/outcome";
import { kindOf, loadManagedSite, siteIdParam } from "~/features/manage/sites.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { TabbedPage } from "~/ui/tab-bar";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const access = await requireAccess(request);
  const id = siteIdParam(params);
  // The site's own rights (a tab may ask more to change things: the layout says what the site allows).
  const { site, can } = await loadManagedSite(access, id, `/manage/site/${id}`);
  // The tab bar from the access table; attendees belong to events only.
  const tabs = tabBar("/manage/site/:id", { id }, access.ctx).filter((tab) => tab.name !== "attendees" || site.type === "event");
  return data(
    { title: `${site.name} · Gatehouse`, site: { id: site.id, name: site.name, type: site.type }, kind: kindOf(site.type), can, tabs },
    { headers: access.headers },
  );
}

export default function ManagedSite() {
  const { site, kind, tabs, can } = useLoaderData<typeof loader>();
  const { t } = useTranslation("sites");
  return (
    <TabbedPage
      back={{ to: `/manage/overview/${kind}`, label: t(`manage:overview.${kind}.back`) }}
      title={site.name}
      subtitle={t(`site_type.${site.type}`)}
      readOnly={!can.edit}
      tabsLabel={t("site.tabs")}
      tabs={tabs}
      ns="sites"
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
