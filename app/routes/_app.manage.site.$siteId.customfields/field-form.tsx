/**
 * Step two of adding or editing a field: the attributes of the chosen type (options, default and
 * reject options only where the type has them), required, the evacuation list and PDF agreements,
 * and the groups it is shown for (when the site's groups can be listed). Works without JavaScript.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CheckField, ChoiceList, FieldErrors, FormErrors, initialValues, SelectField, SubmitButton, TextAreaField, TextField, ValidatedForm } from "~/ui/form";
import type { CustomField } from "./field-row";
import { canReject, canShowOnEvacuationList, customFieldSchema, hasDefaultOption, isChoiceType, type CustomFieldType } from "./schema";

type FieldValues = {
  type: string | undefined;
  label: string | undefined;
  options: string | undefined;
  default_option: string | undefined;
  reject_options: string | undefined;
  reject_message: string | undefined;
  required: boolean | undefined;
  show_on_evacuation_list: boolean | undefined;
  show_on_pdf_agreements: boolean | undefined;
  group_ids: string[] | undefined;
};

export function FieldForm({
  path,
  type,
  editing,
  groups,
  lastResult,
}: {
  path: string;
  type: CustomFieldType;
  editing: CustomField | null;
  groups: { id: number; name: string }[] | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("sites");
  const intent = editing ? "update" : "create";
  const sameType = editing?.type === type;
  const [form, fields] = useForm<FieldValues, any>({
    id: `custom-field-${editing?.id ?? "new"}-${type}`,
    lastResult,
    defaultValue: editing
      ? {
          type,
          label: editing.label,
          options: isChoiceType(type) ? editing.options.join("\n") : "",
          default_option: sameType ? (editing.default_option ?? "") : "",
          reject_options: sameType ? editing.reject_options.join("\n") : "",
          reject_message: sameType ? (editing.reject_message ?? "") : "",
          required: editing.required,
          show_on_evacuation_list: canShowOnEvacuationList(type) && editing.show_on_evacuation_list,
          show_on_pdf_agreements: editing.show_on_pdf_agreements,
          group_ids: (editing.group_ids ?? []).map(String),
        }
      : { type },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: customFieldSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Groups a stored field names that are not shown at this site stay listed, so saving keeps them.
  const groupChoices = groups ? [...groups, ...(editing?.group_ids ?? []).filter((id) => !groups.some((g) => g.id === id)).map((id) => ({ id, name: t("customfields.group_elsewhere", { id }) }))] : null;
  const yesNo = type === "yes_no";
  return (
    <ValidatedForm form={form} action={path} preventScrollReset>
      <FormErrors formId={form.id} />
      <input type="hidden" name={fields.type.name} value={type} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <FieldErrors id={fields.type.errorId} errors={fields.type.errors} />
      <TextField field={fields.label} label={t("customfields.field.label")} autoComplete="off" />
      {isChoiceType(type) ? <TextAreaField field={fields.options} label={t("customfields.field.options")} hint={t("customfields.field.options_hint")} rows={5} /> : null}
      {hasDefaultOption(type) ? (
        yesNo ? (
          <SelectField field={fields.default_option} label={t("customfields.field.default_option")}>
            <option value="">{t("customfields.no_default")}</option>
            <option value="Yes">{t("customfields.yes")}</option>
            <option value="No">{t("customfields.no")}</option>
          </SelectField>
        ) : (
          <TextField field={fields.default_option} label={t("customfields.field.default_option")} hint={t("customfields.field.default_option_hint")} autoComplete="off" />
        )
      ) : null}
      {canReject(type) ? (
        <>
          {yesNo ? (
            <SelectField field={fields.reject_options} label={t("customfields.field.reject_yes_no")} hint={t("customfields.field.reject_hint")}>
              <option value="">{t("customfields.reject_none")}</option>
              <option value="Yes">{t("customfields.yes")}</option>
              <option value="No">{t("customfields.no")}</option>
            </SelectField>
          ) : (
            <TextAreaField field={fields.reject_options} label={t("customfields.field.reject_options")} hint={t("customfields.field.reject_options_hint")} rows={3} />
          )}
          <TextAreaField field={fields.reject_message} label={t("customfields.field.reject_message")} hint={t("customfields.field.reject_message_hint")} rows={2} />
        </>
      ) : null}
      <CheckField field={fields.required} label={t("customfields.field.required")} />
      {canShowOnEvacuationList(type) ? <CheckField field={fields.show_on_evacuation_list} label={t("customfields.field.show_on_evacuation_list")} /> : null}
      <CheckField field={fields.show_on_pdf_agreements} label={t("customfields.field.show_on_pdf_agreements")} />
      {groupChoices ? (
        <ChoiceList
          legend={t("customfields.field.groups")}
          name={fields.group_ids.name}
          type="checkbox"
          idPrefix="field-group"
          choices={groupChoices.map((g) => ({ value: String(g.id), label: g.name }))}
          checked={initialValues(fields.group_ids.initialValue)}
          errorId={fields.group_ids.errorId}
          errors={fields.group_ids.errors}
          before={
            <>
              <p className="hint">{t("customfields.field.groups_hint")}</p>
              {groupChoices.length === 0 ? <p className="muted">{t("customfields.no_groups")}</p> : null}
            </>
          }
        />
      ) : null}
      <div className="actions">
        <SubmitButton name="intent" value={intent}>
          {editing ? t("customfields.save") : t("customfields.add")}
        </SubmitButton>
        <Link to={path} preventScrollReset>
          {t("common:fields.cancel")}
        </Link>
      </div>
    </ValidatedForm>
  );
}
