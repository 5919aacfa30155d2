/**
 * The block-list entry form (ADR 029): add and edit. Name, reason, site, up to FIELD_ROWS custom
 * field values (a label and a value each), and the match rule. Without JavaScript a plain form.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { FormErrors, SelectField, SubmitButton, TextAreaField, TextField, ValidatedForm, InputField } from "~/ui/form";
import { useSchemaForm } from "~/ui/schema-form";
import { FIELD_ROWS } from "./paths";
import { entrySchema } from "./schema";

export function EntryForm({
  id,
  action,
  intent,
  values,
  sites,
  lastResult,
  saveLabel,
}: {
  id: string;
  action: string;
  intent: string;
  values: Record<string, unknown>;
  sites: { id: number; name: string }[];
  lastResult: SubmissionResult<string[]> | undefined;
  saveLabel: string;
}) {
  const { t } = useTranslation("safety-check");
  const [form, fields] = useSchemaForm(id, entrySchema, values, lastResult);
  const f = (name: string) => (fields as unknown as Record<string, unknown>)[name] as never;
  return (
    <ValidatedForm form={form} action={action} preventScrollReset>
      <FormErrors formId={form.id} />
      <TextField field={f("name")} label={t("entry.name")} autoComplete="off" />
      <TextAreaField field={f("reason")} label={t("entry.reason")} hint={t("entry.reason_hint")} rows={2} />
      <SelectField field={f("site_id")} label={t("entry.site")}>
        <option value="">{t("entry.every_site")}</option>
        {sites.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <fieldset className="plain-fieldset">
        <legend>{t("entry.fields")}</legend>
        <p className="hint">{t("entry.fields_hint")}</p>
        {Array.from({ length: FIELD_ROWS }, (_, i) => (
          <div className="field-row" key={i}>
            <TextField field={f(`label_${i}`)} label={t("entry.field_label", { n: i + 1 })} autoComplete="off" />
            <TextField field={f(`value_${i}`)} label={t("entry.field_value", { n: i + 1 })} autoComplete="off" />
          </div>
        ))}
      </fieldset>
      <SelectField field={f("match_rule")} label={t("entry.match_rule")} hint={t("entry.match_hint")}>
        <option value="all">{t("match.all")}</option>
        <option value="count">{t("match.count_option")}</option>
      </SelectField>
      <InputField field={f("match_count")} label={t("entry.match_count")} type="number" min={1} max={FIELD_ROWS} inputMode="numeric" />
      <div className="actions">
        <SubmitButton name="intent" value={intent}>
          {saveLabel}
        </SubmitButton>
      </div>
    </ValidatedForm>
  );
}
