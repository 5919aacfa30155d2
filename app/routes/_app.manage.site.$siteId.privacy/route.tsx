/**
 * /manage/site/{id}/privacy — the site's privacy flags (platform §3 site entity: SitePrivacy), each
 * a labelled checkbox with what it does; saved together (PATCH sites/{id} with `privacy`). Works
 * without JavaScript; viewers see the same form read-only.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { EditableFields } from "~/ui/fields";
import { ActionNotice } from "~/ui/notice";
import { pageNotice, resultFor } from "~/forms/action-result";
import { PRIVACY_FLAGS, privacySchema } from "~/features/manage/site-tabs";
import { siteTabAction } from "~/features/manage/site-tab-action.server";
import { loadManagedSite, siteIdParam } from "~/features/manage/sites.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { CheckField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { save } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "sites")]);
  const { site, can } = await loadManagedSite(access, siteIdParam(params));
  return data(
    { title: `${t("site.tab.privacy")} · ${site.name} · Gatehouse`, site: { id: site.id, name: site.name }, can, privacy: site.privacy },
    { headers: access.headers },
  );
}

export const action = (args: ActionFunctionArgs) => siteTabAction(args, { save });

export default function PrivacyTab() {
  const { site, can, privacy } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("sites");
  const [form, fields] = useForm<Record<(typeof PRIVACY_FLAGS)[number], boolean | undefined>, any>({
    id: "site-privacy",
    lastResult: resultFor(actionData, "save"),
    defaultValue: privacy,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: privacySchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <>
      <h2>{t("site.tab.privacy")}</h2>
      <p className="hint">{t("privacy.intro")}</p>
      <ActionNotice notice={pageNotice(actionData)} />
      <ValidatedForm form={form} action={`/manage/site/${site.id}/privacy`} preventScrollReset>
        <EditableFields editable={can.edit} legend={t("site.tab.privacy")} formId={form.id} saveLabel={t("privacy.save")}>
        {PRIVACY_FLAGS.map((flag) => (
          <CheckField key={flag} field={fields[flag]} label={t(`privacy.flag.${flag}.label`)} hint={t(`privacy.flag.${flag}.hint`)} />
        ))}
        </EditableFields>
      </ValidatedForm>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
