/**
 * /manage/site/{id}/settings — the site's kiosk settings (the contract's SiteSettings): sign
 * everyone out at a time of day (or never), the kiosk's idle timeout within its bounds, the
 * language choice, and whether visitors must name their host. Needs ManageSite.viewer and the
 * client's site-settings flag (the access table; the upstream answers 403 without the flag); saving
 * needs the editor right of the site's kind and ManageSite.editor (both in the access table). Viewers see the form read-only.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { KIOSK_IDLE_TIMEOUT, siteSettingsSchema } from "~/features/manage/site-extras";
import { loadManagedSite, siteIdParam } from "~/features/manage/sites.server";
import { siteTabAction } from "~/features/manage/site-tab-action.server";
import { ActionNotice } from "~/ui/notice";
import { pageNotice, resultFor } from "~/forms/action-result";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { EditableFields, NumberField, TimeField } from "~/ui/fields";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { CheckField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { save } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

type Values = { auto_sign_out_at: string | undefined; kiosk_idle_timeout: number | undefined; language_selection: boolean | undefined; require_host: boolean | undefined };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "sites")]);
  const id = siteIdParam(params);
  const { site, can } = await loadManagedSite(access, id);
  const settings = await upstreamLoad(access.viewer.api("siteSettings", { params: { siteId: id } }));
  return data(
    {
      title: `${t("site.tab.settings")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      edit: can.edit,
      values: {
        auto_sign_out_at: settings.auto_sign_out_at ?? "",
        kiosk_idle_timeout: settings.kiosk_idle_timeout,
        language_selection: settings.language_selection,
        require_host: settings.require_host,
      },
    },
    { headers: access.headers },
  );
}

// The editor right of the site's kind and ManageSite.editor (the access table's entry for this tab).
export const action = (args: ActionFunctionArgs) => siteTabAction(args, { save });

export default function SiteSettingsTab() {
  const { site, edit, values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("sites");
  const path = `/manage/site/${site.id}/settings`;
  const [form, fields] = useForm<Values, any>({
    id: "site-settings",
    lastResult: resultFor(actionData, "save"),
    defaultValue: values,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: siteSettingsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <h2>{t("site.tab.settings")}</h2>
      <ActionNotice notice={pageNotice(actionData)} />
      <ValidatedForm form={form} action={path} preventScrollReset>
        <EditableFields editable={edit} legend={t("site.tab.settings")} formId={form.id} saveLabel={t("settings.save")}>
        <TimeField field={fields.auto_sign_out_at} label={t("settings.field.auto_sign_out_at")} hint={t("settings.field.auto_sign_out_at_hint")} />
        <NumberField
          field={fields.kiosk_idle_timeout}
          label={t("settings.field.kiosk_idle_timeout")}
          hint={t("settings.field.kiosk_idle_timeout_hint", KIOSK_IDLE_TIMEOUT)}
          min={KIOSK_IDLE_TIMEOUT.min}
          max={KIOSK_IDLE_TIMEOUT.max}
          number="integer"
        />
        <CheckField field={fields.language_selection} label={t("settings.field.language_selection")} />
        <CheckField field={fields.require_host} label={t("settings.field.require_host")} />
        </EditableFields>
      </ValidatedForm>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
