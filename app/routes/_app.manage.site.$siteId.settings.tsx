/**
 * /manage/site/{id}/settings — the site's kiosk settings (the contract's SiteSettings): sign
 * everyone out at a time of day (or never), the kiosk's idle timeout within its bounds, the
 * language choice, and whether visitors must name their host. Needs ManageSite.viewer and the
 * client's site-settings flag (the access table; the upstream answers 403 without the flag); saving
 * needs the editor right of the site's kind and ManageSite.editor. Viewers see the form read-only.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { parseSubmission } from "~/forms/submission";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Config } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { redirectWithNotice } from "~/features/action-outcome.server";
import { KIOSK_IDLE_TIMEOUT, siteSettingsSchema } from "~/features/manage/site-extras";
import { NumberField, TimeField } from "~/features/manage/site-extras-fields";
import { loadManagedSite, siteIdParam, type SitePermissions } from "~/features/manage/sites.server";
import { invalid, refused } from "~/features/manage/tab-actions.server";
import { TabNotice } from "~/features/manage/tab-notice";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { TabFormFields } from "~/features/manage/site-tab-ui";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { CheckField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

const FIELDS = ["auto_sign_out_at", "kiosk_idle_timeout", "language_selection", "require_host"] as const;
type Values = { auto_sign_out_at: string | undefined; kiosk_idle_timeout: number | undefined; language_selection: boolean | undefined; require_host: boolean | undefined };

/** Saving needs the site kind's editor right and, as the upstream says, ManageSite.editor. */
const canSave = (config: Pick<Config, "abilities">, can: SitePermissions) => can.edit && config.abilities.includes("ManageSite.editor");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const id = siteIdParam(params);
  const { site, can } = await loadManagedSite(access, id);
  const settings = await upstreamLoad(access.viewer.api("siteSettings", { params: { siteId: id } }));
  return data(
    {
      title: `${t("manage:site.tab.settings")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      edit: canSave(access.config, can),
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

export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  const { viewer } = access;
  const id = siteIdParam(params);
  const { site, can } = await loadManagedSite(access, id);
  if (!canSave(access.config, can)) throw new Response("Forbidden", { status: 403 });
  const form = await request.formData();
  if (form.get("intent") !== "save") throw new Response("Bad request", { status: 400 });
  const submission = parseSubmission(form, { schema: siteSettingsSchema });
  if (submission.status !== "success") return invalid("save", null, submission);
  const v = submission.value;
  try {
    await viewer.api("updateSiteSettings", {
      params: { siteId: id },
      body: {
        auto_sign_out_at: v.auto_sign_out_at ?? null,
        kiosk_idle_timeout: v.kiosk_idle_timeout,
        language_selection: v.language_selection === true,
        require_host: v.require_host === true,
      },
    });
  } catch (err) {
    return refused(err, "save", null, submission, FIELDS);
  }
  return redirectWithNotice(request, viewer, `/manage/site/${id}/settings`, { key: "manage:settings.saved", values: { name: site.name }, tone: "success" });
}

export default function SiteSettingsTab() {
  const { site, edit, values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("manage");
  const path = `/manage/site/${site.id}/settings`;
  const [form, fields] = useForm<Values, any>({
    id: "site-settings",
    lastResult: actionData?.intent === "save" ? actionData.result : undefined,
    defaultValue: values,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: siteSettingsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <h2>{t("site.tab.settings")}</h2>
      <TabNotice notice={actionData?.notice} />
      <ValidatedForm form={form} action={path} preventScrollReset>
        <TabFormFields editable={edit} legend={t("site.tab.settings")} formId={form.id} saveLabel={t("settings.save")}>
        <TimeField field={fields.auto_sign_out_at} label={t("settings.field.auto_sign_out_at")} hint={t("settings.field.auto_sign_out_at_hint")} />
        <NumberField
          field={fields.kiosk_idle_timeout}
          label={t("settings.field.kiosk_idle_timeout")}
          hint={t("settings.field.kiosk_idle_timeout_hint", KIOSK_IDLE_TIMEOUT)}
          min={KIOSK_IDLE_TIMEOUT.min}
          max={KIOSK_IDLE_TIMEOUT.max}
        />
        <CheckField field={fields.language_selection} label={t("settings.field.language_selection")} />
        <CheckField field={fields.require_host} label={t("settings.field.require_host")} />
        </TabFormFields>
      </ValidatedForm>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
