/**
 * /manage/site/{id}/groups — which of the organisation's groups this site offers at sign-in
 * (platform §2 the site's groups tab; groups spec §1 group types). One checkbox per group, in the
 * organisation's order, saved together (POST sites/{id}/groups). A group shown at every site says
 * so: leaving it out here keeps it at the other sites. Works without JavaScript; viewers see the
 * same list read-only.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { parseSubmission } from "~/forms/submission";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { opensScreen } from "~/access/outcome";
import { redirectWithNotice } from "~/features/action-outcome.server";
import { siteGroupsSchema } from "~/features/manage/groups";
import { EditableFields } from "~/ui/fields";
import { ActionNotice } from "~/ui/notice";
import { asNotice } from "~/forms/action-result";
import { tabFailure, withMessagesShown } from "~/features/manage/site-tabs.server";
import { loadManagedSite, requireSiteEditor, siteIdParam } from "~/features/manage/sites.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { ChoiceList, initialValues, ValidatedForm } from "~/ui/form";
import { UpstreamError } from "~/upstream/errors";
import { upstreamLoad } from "~/upstream/load.server";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const { site, can } = await loadManagedSite(access, siteIdParam(params));
  const { groups } = await upstreamLoad(access.viewer.api("siteGroups", { params: { siteId: site.id } }));
  return data(
    {
      title: `${t("manage:site.tab.groups")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      can,
      groups,
      canAddGroup: opensScreen("/manage/group/add", access.ctx),
    },
    { headers: access.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, id, site } = await requireSiteEditor(request, params);
  const form = await request.formData();
  if (form.get("intent") !== "save") throw new Response("Bad request", { status: 400 });
  const submission = parseSubmission(form, { schema: siteGroupsSchema });
  // A message about one element (`group_ids[0]`) goes on the list.
  if (submission.status !== "success") return data({ result: withMessagesShown(submission.reply(), ["group_ids"]), error: null }, { status: 400 });
  const groupIds = [...new Set((submission.value.group_ids ?? []).map(Number))];
  try {
    await viewer.api("setSiteGroups", { params: { siteId: id }, body: { group_ids: groupIds } });
  } catch (err) {
    // A group that is not the organisation's (a stale page after a deletion, or a forged post).
    if (err instanceof UpstreamError && err.status === 422 && Object.keys(err.body.errors ?? {}).some((k) => k.startsWith("group_ids"))) {
      return data({ result: submission.reply({ fieldErrors: { group_ids: ["manage:groups.validation.unknown_group"] } }), error: null }, { status: 422 });
    }
    const failure = tabFailure(err, "common:errors.not_found_body");
    return data({ result: submission.reply(), error: failure.message }, { status: failure.status });
  }
  return redirectWithNotice(request, viewer, `/manage/site/${id}/groups`, { key: "manage:groups.saved", values: { name: site.name, count: groupIds.length }, tone: "success" });
}

export default function GroupsTab() {
  const { site, can, groups, canAddGroup } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("manage");
  const [form, fields] = useForm<{ group_ids: string[] | undefined }, any>({
    id: "site-groups",
    lastResult: actionData?.result,
    defaultValue: { group_ids: groups.filter((g) => g.shown).map((g) => String(g.id)) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: siteGroupsSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <>
      <h2>{t("site.tab.groups")}</h2>
      <p className="hint">{t("groups.intro")}</p>
      <ActionNotice notice={asNotice(actionData?.error)} />
      {groups.length === 0 ? (
        <p className="empty-state">
          {t("groups.empty")} {canAddGroup ? <Link to="/manage/group/add">{t("overview.groups.add")}</Link> : null}
        </p>
      ) : (
        <ValidatedForm form={form} action={`/manage/site/${site.id}/groups`} preventScrollReset>
          <EditableFields editable={can.edit} legend={t("site.tab.groups")} formId={form.id} saveLabel={t("groups.save")}>
          <ChoiceList
            legend={t("groups.choose", { name: site.name })}
            name={fields.group_ids.name}
            type="checkbox"
            idPrefix="group"
            choices={groups.map((g) => ({ value: String(g.id), label: g.name, hint: `${t(`group_type.${g.type}.label`)} · ${g.every_site ? t("groups.every_site") : t("groups.some_sites")}` }))}
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
