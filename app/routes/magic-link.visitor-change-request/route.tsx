/**
 * /magic-link/visitor-change-request?token=… — the visitor asks to change the time of their visit or
 * to cancel it, with a message; the host sees the request on the pre-registrations list (ADR 019:
 * shown, not applied). Open without signing in; opening never uses the link, sending does, once.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { pageNotice, resultFor } from "~/forms/action-result";
import { MagicLinkPage } from "~/features/pre-registrations/magic-link-page";
import { magicLinkAction, magicLinkLoader } from "~/features/pre-registrations/magic-link.server";
import { changeRequestSchema } from "~/features/pre-registrations/magic-schemas";
import type { Locale } from "~/i18n/config";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { DateTimeField } from "~/ui/fields";
import { FormErrors, SelectField, SubmitButton, TextAreaField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";

export const meta: MetaFunction<typeof loader> = pageTitle;

export const loader = ({ request }: LoaderFunctionArgs) => magicLinkLoader(request, "visitor-change-request");
export const action = ({ request }: ActionFunctionArgs) => magicLinkAction(request, "visitor-change-request");

export default function VisitorChangeRequest() {
  const { link, locale, action: to } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("pre-registrations");
  const sent = !!actionData && "sent" in actionData;
  const [form, fields] = useForm<z.input<typeof changeRequestSchema>, z.output<typeof changeRequestSchema>>({
    id: "visitor-change-request",
    lastResult: resultFor(actionData, "visitor-change-request"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeRequestSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <MagicLinkPage heading={t("magic.change_heading")} link={link} locale={locale as Locale} sent={sent}>
      <ActionNotice notice={pageNotice(actionData)} />
      <ValidatedForm form={form} action={to}>
        <FormErrors formId={form.id} />
        <SelectField field={fields.change} label={t("magic.change_what")}>
          <option value="">{t("magic.change_choose")}</option>
          <option value="change">{t("magic.change_time")}</option>
          <option value="cancel">{t("magic.change_cancel")}</option>
        </SelectField>
        <DateTimeField field={fields.arrive_at} label={t("magic.change_new_time")} hint={t("magic.change_new_time_hint")} max="2037-12-31T23:59" />
        <TextAreaField field={fields.message} label={t("magic.message")} rows={3} />
        <div className="actions">
          <SubmitButton>{t("magic.change_submit")}</SubmitButton>
        </div>
      </ValidatedForm>
    </MagicLinkPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
