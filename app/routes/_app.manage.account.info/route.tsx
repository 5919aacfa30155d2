/**
 * /manage/account/info — the client's information (platform §2, §3, §5; ManageClient.editor):
 * company name (required), logo (an image upload, shown from the portal's /files), country,
 * address, phone (stored E.164, read for the country), and the default language and time zone new
 * users and sites start from. Every form works without JavaScript.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { resultFor } from "~/forms/action-result";
import { AccountPage } from "~/features/account/account-page";
import { accountAction, accountPage } from "~/features/account/account.server";
import { countryOptions } from "~/features/account/countries.server";
import { UPLOAD_RULES, uploadSchema } from "~/features/manage/media-schemas";
import { timezones } from "~/features/manage/schemas";
import { LOCALE_NAMES } from "~/i18n/config";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { EditableFields, PhoneField, UploadForm } from "~/ui/fields";
import { SelectField, SubmitButton, TextAreaField, TextField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { removeLogo, save, uploadLogo } from "./actions.server";
import { infoSchema, type InfoValues } from "./schema";

export const meta: MetaFunction<typeof loader> = pageTitle;
const PATH = "/manage/account/info";

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ access, tabs }, { t, locale }] = await Promise.all([accountPage(request), translator(request, "account")]);
  const info = await upstreamLoad(access.viewer.api("accountInfo"));
  return data(
    {
      title: `${t("tab.info")} · Gatehouse`,
      tabs,
      logo: info.logo,
      values: {
        name: info.name,
        country: info.country,
        address: info.address ?? "",
        phone: info.phone ?? "",
        default_locale: info.default_locale ?? "",
        default_timezone: info.default_timezone ?? "",
      },
      countries: countryOptions(locale),
      locales: Object.entries(LOCALE_NAMES).map(([value, label]) => ({ value, label })),
      timezones: timezones(),
    },
    { headers: access.headers },
  );
}

export const action = ({ request }: ActionFunctionArgs) =>
  accountAction(request, { save, "upload-logo": uploadLogo, "remove-logo": removeLogo }, (fields) =>
    fields.get("intent") === "upload-logo" ? { form: { intent: "upload-logo" }, kind: "image" } : null,
  );

export default function AccountInfoPage() {
  const { tabs, logo, values, countries, locales, timezones } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const [form, fields] = useForm<InfoValues, any>({
    id: "account-info",
    lastResult: resultFor(actionData, "save"),
    defaultValue: values,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: infoSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AccountPage tabs={tabs} title={t("tab.info")}>
      <ValidatedForm form={form} action={PATH} preventScrollReset>
        <EditableFields editable legend={t("tab.info")} formId={form.id} saveLabel={t("info.save")}>
          <TextField field={fields.name} label={t("info.name")} autoComplete="organization" />
          <SelectField field={fields.country} label={t("info.country")}>
            {countries.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </SelectField>
          <TextAreaField field={fields.address} label={t("info.address")} rows={3} />
          <PhoneField field={fields.phone} label={t("info.phone")} hint={t("info.phone_hint")} />
          <SelectField field={fields.default_locale} label={t("info.default_locale")}>
            <option value="">{t("info.none")}</option>
            {locales.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </SelectField>
          <SelectField field={fields.default_timezone} label={t("info.default_timezone")}>
            <option value="">{t("info.none")}</option>
            {timezones.map((tz) => (
              <option key={tz} value={tz}>
                {tz}
              </option>
            ))}
          </SelectField>
        </EditableFields>
      </ValidatedForm>

      <section className="tab-section" aria-labelledby="logo-heading">
        <h3 id="logo-heading">{t("info.logo")}</h3>
        {logo ? (
          <>
            <img className="media-preview" src={`/files/${logo}`} alt={t("info.logo_alt")} />
            <Form method="post" action={PATH}>
              <SubmitButton name="intent" value="remove-logo" variant="secondary">
                {t("info.remove_logo")}
              </SubmitButton>
            </Form>
          </>
        ) : (
          <p className="muted">{t("info.no_logo")}</p>
        )}
        <UploadForm
          id="account-logo"
          schema={uploadSchema("image")}
          accept={UPLOAD_RULES.image.accept}
          action={PATH}
          intent="upload-logo"
          lastResult={resultFor(actionData, "upload-logo")}
          label={t("info.logo_file")}
          hint={t("sites:media.image_hint")}
          submitLabel={t("info.upload_logo")}
        />
      </section>
    </AccountPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
