/**
 * /manage/group/{id} — one group, with its tabs as child routes (groups spec §2: administrators,
 * active accounts, ManageVisitorGroup.viewer). The bare URL goes to the details tab (the access
 * table's redirect). The tab bar is drawn from the access table: tabs the user may not open, or not
 * built yet, are not offered.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { tabBar } from "~/access/outcome";
import { groupIdParam, loadGroup } from "~/features/groups/group.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { TabbedPage } from "~/ui/tab-bar";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const access = await requireAccess(request);
  const id = groupIdParam(params);
  const { group, can } = await loadGroup(access, id, `/manage/group/${id}`);
  // Members are for returning groups (groups spec §1).
  const tabs = tabBar("/manage/group/:id", { id }, access.ctx).filter((tab) => tab.name !== "members" || group.type === "returning");
  return data({ title: `${group.name} · Gatehouse`, group: { id: group.id, name: group.name, type: group.type }, can, tabs }, { headers: access.headers });
}

export default function ManagedGroup() {
  const { group, tabs, can } = useLoaderData<typeof loader>();
  const { t } = useTranslation("groups");
  return (
    <TabbedPage
      back={{ to: "/manage/overview/groups", label: t("manage:overview.groups.back") }}
      title={group.name}
      subtitle={t(`type.${group.type}.label`)}
      readOnly={!can.edit}
      tabsLabel={t("tabs")}
      tabs={tabs}
      ns="groups"
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
