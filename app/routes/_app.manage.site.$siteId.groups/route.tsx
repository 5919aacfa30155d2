/**
 * /manage/site/{id}/groups — which of the organisation's groups this site offers at sign-in
 * (platform §2 the site's groups tab; groups spec §1 group types). One checkbox per group, in the
 * organisation's order, saved together (POST sites/{id}/groups). A group shown at every site says
 * so: leaving it out here keeps it at the other sites. Works without JavaScript; viewers see the
 * same list read-only.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { opensScreen } from "~/access/outcome";
import { pageNotice, resultFor } from "~/forms/action-result";
import { siteGroupsSchema } from "~/features/manage/groups";
import { siteTabAction } from "~/features/manage/site-tab-action.server";
import { loadManagedSite, siteIdParam } from "~/features/manage/sites.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { EditableFields } from "~/ui/fields";
import { ChoiceList, initialValues, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { upstreamLoad } from "~/upstream/load.server";
import { save } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "groups")]);
  const { site, can } = await loadManagedSite(access, siteIdParam(params));
  const { groups } = await upstreamLoad(access.viewer.api("siteGroups", { params: { siteId: site.id } }));
  return data(
    {
      title: `${t("sites:site.tab.groups")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      can,
      groups,
      canAddGroup: opensScreen("/manage/group/add", access.ctx),
    },
    { headers: access.headers },
  );
}

export const action = (args: ActionFunctionArgs) => siteTabAction(args, { save });

export default function GroupsTab() {
  const { site, can, groups, canAddGroup } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("groups");
  const [form, fields] = useForm<{ group_ids: string[] | undefined }, any>({
    id: "site-groups",
    lastResult: resultFor(actionData, "save"),
    defaultValue: { group_ids: groups.filter((g) => g.shown).map((g) => String(g.id)) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: siteGroupsSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <>
      <h2>{t("sites:site.tab.groups")}</h2>
      <p className="hint">{t("intro")}</p>
      <ActionNotice notice={pageNotice(actionData)} />
      {groups.length === 0 ? (
        <p className="empty-state">
          {t("empty")} {canAddGroup ? <Link to="/manage/group/add">{t("manage:overview.groups.add")}</Link> : null}
        </p>
      ) : (
        <ValidatedForm form={form} action={`/manage/site/${site.id}/groups`} preventScrollReset>
          <EditableFields editable={can.edit} legend={t("sites:site.tab.groups")} formId={form.id} saveLabel={t("save")}>
          <ChoiceList
            legend={t("choose", { name: site.name })}
            name={fields.group_ids.name}
            type="checkbox"
            idPrefix="group"
            choices={groups.map((g) => ({ value: String(g.id), label: g.name, hint: `${t(`type.${g.type}.label`)} · ${g.every_site ? t("every_site") : t("some_sites")}` }))}
            checked={initialValues(fields.group_ids.initialValue)}
            errorId={fields.group_ids.errorId}
            errors={fields.group_ids.errors}
          />
          </EditableFields>
        </ValidatedForm>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
