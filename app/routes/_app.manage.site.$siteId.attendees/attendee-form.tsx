/** The form that adds an attendee or edits one (with a hidden row id): name, email, phone, company. */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { attendeeSchema, phoneCheckFor, usePhoneReader } from "~/features/manage/attendees";
import { PhoneField } from "~/ui/fields";
import { FormErrors, SubmitButton, TextField, ValidatedForm } from "~/ui/form";

export type Row = { id: number; name: string; email: string | null; phone: string | null; phoneShown: string | null; company: string | null };
type Values = Record<"name" | "email" | "phone" | "company", string | undefined>;

export function AttendeeForm({
  id,
  intent,
  row,
  action,
  country,
  countryName,
  lastResult,
  children,
}: {
  id: string;
  intent: "add" | "edit";
  row?: Row;
  action: string;
  country: string | null;
  countryName: string;
  lastResult: SubmissionResult<string[]> | undefined;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation("sites");
  const readPhone = usePhoneReader();
  const [form, fields] = useForm<Values, any>({
    id,
    lastResult,
    defaultValue: row ? { name: row.name, email: row.email ?? "", phone: row.phoneShown ?? "", company: row.company ?? "" } : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: attendeeSchema(country ?? undefined, phoneCheckFor(readPhone, formData)) }),
    // Platform §5: a phone number is checked as soon as the field loses focus.
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <ValidatedForm form={form} action={action} preventScrollReset>
      {row ? <input type="hidden" name="id" value={row.id} /> : null}
      <FormErrors formId={form.id} />
      <TextField field={fields.name} label={t("attendees.field.name")} autoComplete="off" />
      <TextField field={fields.email} label={t("attendees.field.email")} type="email" autoComplete="off" />
      <PhoneField field={fields.phone} label={t("attendees.field.phone")} hint={country ? t("attendees.field.phone_hint", { country: countryName }) : undefined} />
      <TextField field={fields.company} label={t("attendees.field.company")} autoComplete="off" />
      <div className="actions">
        <SubmitButton name="intent" value={intent}>
          {t(intent === "add" ? "sites:attendees.add.submit" : "sites:attendees.edit.submit")}
        </SubmitButton>
        {children}
      </div>
    </ValidatedForm>
  );
}
