/**
 * The visitor form editor (ADR 030): name, the sites and the (standard) groups it offers, an
 * introduction (a few formatting tags are kept, anything else is removed on save), enabled. Used by
 * the new and edit dialogs; read-only (a disabled fieldset) for whoever may not change forms.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { VisitorFormOptions } from "@contract";
import { CheckField, ChoiceList, FormErrors, initialValues, SubmitButton, TextAreaField, TextField, ValidatedForm } from "~/ui/form";
import { useSchemaForm } from "~/ui/schema-form";
import { visitorFormSchema } from "./schema";

export function VisitorFormEditor({
  id,
  action,
  intent,
  values,
  options,
  editable,
  lastResult,
  saveLabel,
}: {
  id: string;
  action: string;
  intent: string;
  values: Record<string, unknown>;
  options: VisitorFormOptions;
  editable: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
  saveLabel: string;
}) {
  const { t } = useTranslation("features");
  const [form, fields] = useSchemaForm(id, visitorFormSchema, values, lastResult);
  const list = (name: "site_ids" | "group_ids") => fields[name] as unknown as { initialValue?: unknown; errorId: string; errors?: string[] };
  const siteNames = new Map(options.sites.map((s) => [s.id, s.name]));
  return (
    <ValidatedForm form={form} action={action} preventScrollReset>
      <fieldset disabled={!editable} className="plain-fieldset">
        <FormErrors formId={form.id} />
        <TextField field={fields.name as never} label={t("forms.field.name")} autoComplete="off" />
        <ChoiceList
          legend={t("forms.field.sites")}
          name="site_ids"
          type="checkbox"
          choices={options.sites.map((s) => ({ value: String(s.id), label: s.name }))}
          checked={initialValues(list("site_ids").initialValue)}
          errorId={list("site_ids").errorId}
          errors={list("site_ids").errors}
          idPrefix={`${id}-site`}
        />
        <ChoiceList
          legend={t("forms.field.groups")}
          before={<p className="hint">{t("forms.field.groups_hint")}</p>}
          name="group_ids"
          type="checkbox"
          choices={options.groups.map((g) => ({
            value: String(g.id),
            label: g.name,
            hint: g.site_ids === null ? t("forms.field.every_site") : t("forms.field.offered_at", { sites: g.site_ids.map((s) => siteNames.get(s)).filter(Boolean).join(", ") }),
          }))}
          checked={initialValues(list("group_ids").initialValue)}
          errorId={list("group_ids").errorId}
          errors={list("group_ids").errors}
          idPrefix={`${id}-group`}
        />
        <TextAreaField field={fields.intro as never} label={t("forms.field.intro")} hint={t("forms.field.intro_hint")} rows={4} />
        <CheckField field={fields.enabled as never} label={t("forms.field.enabled")} hint={t("forms.field.enabled_hint")} />
        {editable ? (
          <div className="actions">
            <SubmitButton name="intent" value={intent}>
              {saveLabel}
            </SubmitButton>
          </div>
        ) : null}
      </fieldset>
    </ValidatedForm>
  );
}
