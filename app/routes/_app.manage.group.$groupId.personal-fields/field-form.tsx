/** Add or edit one personal field: its label, type, options (one per line) and flags, validated as the server does. */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PERSONAL_FIELD_TYPES } from "@contract";
import { CheckField, FormErrors, SelectField, SubmitButton, TextAreaField, TextField, ValidatedForm } from "~/ui/form";
import { personalFieldSchema, PERSONAL_FIELD_FLAGS, type PersonalFieldValues } from "./schema";

export function FieldForm({
  id,
  path,
  fieldId,
  values,
  lastResult,
  systemType,
}: {
  id: string;
  path: string;
  /** The field edited, or null to add one. */
  fieldId: number | null;
  values?: PersonalFieldValues;
  lastResult: SubmissionResult<string[]> | undefined;
  /** A system field keeps its type (shown, not chosen). */
  systemType?: boolean;
}) {
  const { t } = useTranslation("groups");
  const [form, fields] = useForm<PersonalFieldValues, any>({
    id,
    lastResult,
    defaultValue: values ?? { type: "text" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: personalFieldSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <ValidatedForm form={form} action={path} preventScrollReset>
      {fieldId !== null ? <input type="hidden" name="id" value={fieldId} /> : null}
      <FormErrors formId={form.id} />
      <TextField field={fields.label} label={t("personal_fields.field.label")} autoComplete="off" />
      {systemType ? (
        <>
          <input type="hidden" name="type" value={values?.type} />
          <p className="hint">{t("personal_fields.system_type", { type: t(`personal_fields.type.${values?.type}`) })}</p>
        </>
      ) : (
        <SelectField field={fields.type} label={t("personal_fields.field.type")}>
          {PERSONAL_FIELD_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`personal_fields.type.${type}`)}
            </option>
          ))}
        </SelectField>
      )}
      <TextAreaField field={fields.options} label={t("personal_fields.field.options")} hint={t("personal_fields.field.options_hint")} />
      <fieldset className="plain-fieldset">
        <legend>{t("personal_fields.field.flags")}</legend>
        {PERSONAL_FIELD_FLAGS.map((flag) => (
          <CheckField key={flag} field={fields[flag]} label={t(`personal_fields.flag.${flag}`)} />
        ))}
      </fieldset>
      <div className="actions">
        <SubmitButton name="intent" value={fieldId === null ? "add" : "edit"}>
          {t(fieldId === null ? "personal_fields.add" : "personal_fields.save")}
        </SubmitButton>
        {fieldId !== null ? (
          <Link to={path} preventScrollReset>
            {t("personal_fields.cancel")}
          </Link>
        ) : null}
      </div>
    </ValidatedForm>
  );
}
