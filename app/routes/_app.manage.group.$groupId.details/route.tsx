/**
 * /manage/group/{id}/details — the group's details (groups spec §3, §5): name, default language,
 * reply-to name and email ("A valid email is required"), the 4-digit group PIN ("Pin must be 4
 * digits"), and for a returning group whether members sign out first. Its type is fixed at creation.
 * Delete the group by typing its name (ManageVisitorGroup.delete). Works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { resultFor } from "~/forms/action-result";
import { groupTabAction } from "~/features/groups/group.server";
import { SectionTab } from "~/features/groups/section-tab";
import { sectionLoader } from "~/features/groups/section.server";
import { DeleteByName } from "~/ui/delete-by-name";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { remove, save } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;
export const loader = (args: LoaderFunctionArgs) => sectionLoader(args, "details");
export const action = (args: ActionFunctionArgs) => groupTabAction(args, { save, delete: remove });

export default function GroupDetailsTab() {
  const { group, can } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("groups");
  return (
    <SectionTab section="details">
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
