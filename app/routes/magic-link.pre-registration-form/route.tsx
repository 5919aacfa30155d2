/**
 * /magic-link/pre-registration-form?token=… — the visitor completes their details before arriving
 * (company, mobile, a message for the host, the site's custom fields) and sends up to 3 documents,
 * open without signing in (ADR 019). Opening it never uses the link; adding a document does not
 * either; sending the form does, once. A used, expired or revoked link says so. Multipart, so it
 * works without JavaScript.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { PRE_REG_LIMITS } from "@contract";
import { pageNotice, resultFor } from "~/forms/action-result";
import { MagicLinkPage } from "~/features/pre-registrations/magic-link-page";
import { magicLinkAction, magicLinkLoader } from "~/features/pre-registrations/magic-link.server";
import { visitorFormSchema } from "~/features/pre-registrations/magic-schemas";
import type { Locale } from "~/i18n/config";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { VisitorCustomField } from "~/features/pre-registrations/visitor-fields";
import { DOCUMENT_ACCEPT } from "~/features/pre-registrations/magic-schemas";
import { FileField, PhoneField } from "~/ui/fields";
import { FormErrors, SubmitButton, TextAreaField, TextField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";

export const meta: MetaFunction<typeof loader> = pageTitle;

export const loader = ({ request }: LoaderFunctionArgs) => magicLinkLoader(request, "pre-registration-form");
export const action = ({ request }: ActionFunctionArgs) => magicLinkAction(request, "pre-registration-form");

export default function PreRegistrationForm() {
  const { link, locale, action: to } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("pre-registrations");
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
      <ValidatedForm form={form} action={to} encType="multipart/form-data">
        <FormErrors formId={form.id} />
        <TextField field={fields.company} label={t("fields.company")} autoComplete="organization" />
        <PhoneField field={fields.mobile} label={t("magic.mobile")} hint={t("magic.mobile_hint")} />
        <TextAreaField field={fields.message} label={t("magic.message")} rows={3} />
        {link.fields.map((f) => (
          <VisitorCustomField key={f.id} form={form as never} field={f} />
        ))}
        {link.kiosk_fields.length ? <p className="muted">{t("magic.kiosk_fields", { fields: link.kiosk_fields.join(", ") })}</p> : null}
        <h2>{t("magic.documents")}</h2>
        {link.documents.length ? (
          <ul aria-label={t("magic.documents_received")}>
            {link.documents.map((d, i) => (
              <li key={i}>{d.filename}</li>
            ))}
          </ul>
        ) : null}
        {link.documents.length < PRE_REG_LIMITS.documents ? (
          <>
            <FileField field={fields.file} label={t("magic.document")} hint={t("magic.document_rules")} accept={DOCUMENT_ACCEPT} />
            <SubmitButton name="intent" value="upload" variant="secondary" formNoValidate>
              {t("magic.document_add")}
            </SubmitButton>
          </>
        ) : (
          <p className="muted">{t("magic.documents_full")}</p>
        )}
        <div className="actions">
          <SubmitButton name="intent" value="send">{t("magic.form_submit")}</SubmitButton>
        </div>
      </ValidatedForm>
    </MagicLinkPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
