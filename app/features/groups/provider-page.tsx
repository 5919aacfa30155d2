/** The page of /manage/group/azure-id/{group?} and /manage/group/brivo-id/{group?} (see provider-page.server). */
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageNotice, resultFor } from "~/forms/action-result";
import { DataTable } from "~/ui/data-table";
import { ActionNotice } from "~/ui/notice";
import { Pager } from "~/ui/pager";
import { SearchBar } from "~/ui/search-bar";
import { DirectoryPanel } from "./directory-panel";
import type { providerAction, providerLoader } from "./provider-page.server";
import { providerPath } from "./sync";

export function ProviderPage() {
  const d = useLoaderData<typeof providerLoader>();
  const actionData = useActionData<typeof providerAction>();
  const { t } = useTranslation("groups");
  const name = t(`sync.provider.${d.provider}`);
  const base = providerPath(d.provider);
  if (!d.group || !d.directory || !d.can) {
    return (
      <div className="managed-site">
        <p>
          <Link to="/manage/overview/groups">{t("manage:overview.groups.back")}</Link>
        </p>
        <h1>{name}</h1>
        <p className="hint">{t("sync.choose_group", { provider: name })}</p>
        <SearchBar action={base} id="provider-group-search" label={t("sync.search_groups")} value={d.search} submitLabel={t("members.search_submit")} />
        {d.groups && d.groups.length > 0 ? (
          <DataTable caption={t("sync.groups_caption", { provider: name })} columns={[t("members.column.name"), t("sync.fact.members")]}>
            {d.groups.map((g) => (
              <tr key={g.id}>
                <th scope="row">
                  <Link to={providerPath(d.provider, g.id)}>{g.name}</Link>
                </th>
                <td>{g.members}</td>
              </tr>
            ))}
          </DataTable>
        ) : (
          <p className="empty-state">{t("sync.no_returning_groups")}</p>
        )}
        <Pager label={t("sync.pages")} page={d.page} pages={d.pages} base={base} keep={{ search: d.search }} />
      </div>
    );
  }
  const path = providerPath(d.provider, d.group.id);
  return (
    <div className="managed-site">
      <p>
        <Link to={`/manage/group/${d.group.id}/details`}>{t("sync.back_to_group", { name: d.group.name })}</Link>
      </p>
      <h1>{t("sync.provider_heading", { provider: name, name: d.group.name })}</h1>
      <ActionNotice notice={pageNotice(actionData)} />
      {d.directory.other ? (
        <p className="warning">{t("sync.other_provider", { provider: t(`sync.provider.${d.directory.other}`) })}</p>
      ) : (
        <DirectoryPanel
          sync={d.directory.sync}
          action={path}
          editable={d.can.edit}
          providers={d.directory.providers}
          lastConnect={resultFor(actionData, "connect")}
          lastChoose={resultFor(actionData, "choose")}
            lastImport={resultFor(actionData, "import")}
          lastSyncText={d.directory.lastSync}
          canImport={d.directory.canImport}
        />
      )}
    </div>
  );
}
