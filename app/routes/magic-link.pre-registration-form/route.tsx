/**
 * /magic-link/pre-registration-form?token=… — the visitor completes their details before arriving
 * (company, mobile, a message for the host), open without signing in (ADR 019). Opening it never
 * uses the link; sending the form does, once. A used, expired or revoked link says so.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { pageNotice, resultFor } from "~/forms/action-result";
import { MagicLinkPage } from "~/features/prereg/magic-link-page";
import { magicLinkAction, magicLinkLoader } from "~/features/prereg/magic-link.server";
import { visitorFormSchema } from "~/features/prereg/magic-schemas";
import type { Locale } from "~/i18n/config";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { PhoneField } from "~/ui/fields";
import { FormErrors, SubmitButton, TextAreaField, TextField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";

export const meta: MetaFunction<typeof loader> = pageTitle;

export const loader = ({ request }: LoaderFunctionArgs) => magicLinkLoader(request, "pre-registration-form");
export const action = ({ request }: ActionFunctionArgs) => magicLinkAction(request, "pre-registration-form");

export default function PreRegistrationForm() {
  const { link, locale, action: to } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("prereg");
  const sent = !!actionData && "sent" in actionData;
  const [form, fields] = useForm<z.input<typeof visitorFormSchema>, z.output<typeof visitorFormSchema>>({
    id: "pre-registration-form",
    lastResult: resultFor(actionData, "pre-registration-form"),
    defaultValue: { company: link.company ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: visitorFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <MagicLinkPage heading={t("magic.form_heading")} link={link} locale={locale as Locale} sent={sent}>
      <ActionNotice notice={pageNotice(actionData)} />
      <ValidatedForm form={form} action={to}>
        <FormErrors formId={form.id} />
        <TextField field={fields.company} label={t("fields.company")} autoComplete="organization" />
        <PhoneField field={fields.mobile} label={t("magic.mobile")} hint={t("magic.mobile_hint")} />
        <TextAreaField field={fields.message} label={t("magic.message")} rows={3} />
        <div className="actions">
          <SubmitButton>{t("magic.form_submit")}</SubmitButton>
        </div>
      </ValidatedForm>
    </MagicLinkPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
