/**
 * /manage/site/{id}/badges — the organisation's badge templates (groups spec §3 badge elements) and
 * the one this site prints: one of them, or none (PATCH sites/{id} `badge_id`). A radio group that
 * works without JavaScript; viewers see it read-only.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { EditableFields } from "~/ui/fields";
import { ActionNotice } from "~/ui/notice";
import { pageNotice, resultFor } from "~/forms/action-result";
import { badgeSchema } from "~/features/manage/site-tabs";
import { siteTabAction } from "~/features/manage/site-tab-action.server";
import { loadManagedSite, siteIdParam } from "~/features/manage/sites.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { ChoiceList, initialValues, ValidatedForm } from "~/ui/form";
import { upstreamLoad } from "~/upstream/load.server";
import { pageTitle } from "~/ui/meta";
import { save } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "sites")]);
  const { site, can } = await loadManagedSite(access, siteIdParam(params));
  const badges = await upstreamLoad(access.viewer.api("siteBadges", { params: { siteId: site.id } }));
  return data(
    { title: `${t("site.tab.badges")} · ${site.name} · Gatehouse`, site: { id: site.id, name: site.name }, can, badges },
    { headers: access.headers },
  );
}

export const action = (args: ActionFunctionArgs) => siteTabAction(args, { save });

export default function BadgesTab() {
  const { site, can, badges } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("sites");
  const [form, fields] = useForm<{ badge_id: string | undefined }, any>({
    id: "site-badge",
    lastResult: resultFor(actionData, "save"),
    defaultValue: { badge_id: badges.badge_id === null ? "none" : String(badges.badge_id) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: badgeSchema }),
    shouldValidate: "onSubmit",
  });
  const choices = [{ value: "none", label: t("badges.none"), hint: t("badges.none_hint") }, ...badges.badges.map((b) => ({ value: String(b.id), label: b.name, hint: t("badges.shows", { elements: b.elements.map((e) => t(`badges.element.${e}`)).join(", ") }) }))];
  return (
    <>
      <h2>{t("site.tab.badges")}</h2>
      <p className="hint">
        {t(badges.store_badges ? "sites:badges.stored" : "sites:badges.not_stored")} <Link to={`/manage/site/${site.id}/privacy`}>{t("badges.privacy_link")}</Link>
      </p>
      <ActionNotice notice={pageNotice(actionData)} />
      <ValidatedForm form={form} action={`/manage/site/${site.id}/badges`} preventScrollReset>
        <EditableFields editable={can.edit} legend={t("site.tab.badges")} formId={form.id} saveLabel={t("badges.save")}>
        <ChoiceList
          legend={t("badges.choose")}
          before={badges.badges.length === 0 ? <p className="muted">{t("badges.empty")}</p> : null}
          name={fields.badge_id.name}
          type="radio"
          idPrefix="badge"
          choices={choices}
          checked={initialValues(fields.badge_id.initialValue ?? "none")}
          errorId={fields.badge_id.errorId}
          errors={fields.badge_id.errors}
        />
        </EditableFields>
      </ValidatedForm>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
