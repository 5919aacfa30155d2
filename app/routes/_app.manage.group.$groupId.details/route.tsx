/**
 * /manage/group/{id}/details — the group's details (groups spec §3, §5): name, default language,
 * reply-to name and email ("A valid email is required"), the 4-digit group PIN ("Pin must be 4
 * digits"), and for a returning group whether members sign out first. Its type is fixed at creation.
 * Delete the group by typing its name (ManageVisitorGroup.delete). A returning group's directory
 * sync (Azure AD, Google, Brivo with its flag) is shown and managed here too. Works without JavaScript.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { resultFor } from "~/forms/action-result";
import { groupTabAction } from "~/features/groups/group.server";
import { SectionTab } from "~/features/groups/section-tab";
import { DirectoryPanel } from "~/features/groups/directory-panel";
import { sectionData } from "~/features/groups/section.server";
import { loadSync, syncPageData } from "~/features/groups/sync.server";
import { DeleteByName } from "~/ui/delete-by-name";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { directory, remove, save } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;
export async function loader(args: LoaderFunctionArgs) {
  // The directory integration is read beside the group (a group with none answers at once, without asking a directory).
  const { access, locale, page, extra: sync } = await sectionData(args, "details", loadSync);
  return data({ ...page, directory: page.group.type === "returning" ? syncPageData(access, sync, locale) : null }, { headers: access.headers });
}

export const action = (args: ActionFunctionArgs) => groupTabAction(args, { save, delete: { right: "ManageVisitorGroup.delete", handler: remove }, ...directory });

export default function GroupDetailsTab() {
  const { group, can, directory } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("groups");
  return (
    <SectionTab section="details">
      {directory ? (
        <section className="tab-section" aria-labelledby="directory-heading" id="directory">
          <h3 id="directory-heading">{t("sync.heading")}</h3>
          <p className="hint">{t("sync.intro")}</p>
          <DirectoryPanel
            sync={directory.sync}
            action={`/manage/group/${group.id}/details`}
            editable={can.edit}
            providers={directory.providers}
            lastConnect={resultFor(actionData, "connect")}
            lastChoose={resultFor(actionData, "choose")}
            lastImport={resultFor(actionData, "import")}
            lastSyncText={directory.lastSync}
            canImport={directory.canImport}
          />
        </section>
      ) : null}
      {can.delete ? (
        <DeleteByName
          id="group-delete"
          name={group.name}
          action={`/manage/group/${group.id}/details`}
          lastResult={resultFor(actionData, "delete")}
          heading={t("delete.heading")}
          warning={`${t("delete.warning", { name: group.name })} ${t("delete.warning_visits")}`}
          confirmLabel={t("delete.confirm", { name: group.name })}
        />
      ) : null}
    </SectionTab>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
