/** The subscriptions page's two forms: the billing contact, and cancellation (platform §5's rules, checked in the browser too). */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { CANCEL_REASONS } from "@contract";
import { EditableFields, PhoneField } from "~/ui/fields";
import { ChoiceList, FormErrors, SelectField, SubmitButton, TextAreaField, TextField, ValidatedForm, initialValues } from "~/ui/form";
import { cancelSchema, contactSchema, type CancelValues, type ContactValues } from "./schema";

const PATH = "/manage/account/subscriptions";

export function ContactForm({ values, lastResult }: { values: ContactValues; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("account");
  const [form, fields] = useForm<ContactValues, any>({
    id: "billing-contact",
    lastResult,
    defaultValue: values,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <ValidatedForm form={form} action={PATH} preventScrollReset>
      <EditableFields editable legend={t("billing.contact")} formId={form.id} saveLabel={t("billing.save_contact")}>
        <TextField field={fields.name} label={t("billing.contact_name")} autoComplete="name" />
        <TextField field={fields.email} label={t("billing.contact_email")} type="email" autoComplete="email" />
        <PhoneField field={fields.phone} label={t("billing.contact_phone")} />
      </EditableFields>
    </ValidatedForm>
  );
}

export function CancelForm({ subscriptions, lastResult }: { subscriptions: { id: number; plan: string }[]; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("account");
  const [form, fields] = useForm<CancelValues, any>({
    id: "cancel-subscriptions",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cancelSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const ids = fields.subscription_ids as unknown as { initialValue?: unknown; errorId: string; errors?: string[] };
  return (
    <ValidatedForm form={form} action={PATH} preventScrollReset>
      <p className="hint">{t("billing.cancel_intro")}</p>
      <FormErrors formId={form.id} />
      <ChoiceList
        legend={t("billing.cancel_which")}
        name="subscription_ids"
        type="checkbox"
        choices={subscriptions.map((s) => ({ value: String(s.id), label: s.plan }))}
        checked={initialValues(ids.initialValue)}
        errorId={ids.errorId}
        errors={ids.errors}
        idPrefix="cancel-subscription"
      />
      <TextAreaField field={fields.details} label={t("billing.cancel_details")} rows={3} />
      <SelectField field={fields.reason} label={t("billing.cancel_reason")}>
        <option value="">{t("billing.choose_reason")}</option>
        {CANCEL_REASONS.map((r) => (
          <option key={r} value={r}>
            {t(`billing.reason.${r}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField field={fields.more_details} label={t("billing.cancel_more")} hint={t("billing.cancel_more_hint")} rows={2} />
      <TextAreaField field={fields.alternative} label={t("billing.cancel_alternative")} hint={t("billing.cancel_alternative_hint")} rows={2} />
      <div className="actions">
        <SubmitButton name="intent" value="cancel" variant="secondary">
          {t("billing.cancel_submit")}
        </SubmitButton>
      </div>
    </ValidatedForm>
  );
}
