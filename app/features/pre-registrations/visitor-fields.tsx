/**
 * The site's custom fields on the visitor's pre-registration form (ADR 019 "Fields and
 * documents"), one input each by type, named `field_{id}`; the upstream checks the answers (its
 * messages come back on each field). Labels are the client's data, shown as stored.
 */
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import type { MagicLinkView } from "@contract";
import { useTranslation } from "react-i18next";
import { PhoneField } from "~/ui/fields";
import { ChoiceList, InputField, SelectField, initialValues } from "~/ui/form";

type Field = MagicLinkView["fields"][number];

export function VisitorCustomField({ form, field }: { form: FormMetadata<Record<string, unknown>, string[]>; field: Field }) {
  const { t } = useTranslation("pre-registrations");
  const meta = (form.getFieldset() as Record<string, FieldMetadata<string | undefined>>)[`field_${field.id}`]!;
  const label = field.required ? t("magic.required_field", { label: field.label }) : field.label;
  switch (field.type) {
    case "phone":
      return <PhoneField field={meta} label={label} />;
    case "yes_no":
    case "dropdown":
      return (
        <SelectField field={meta} label={label}>
          <option value="">{t("magic.choose")}</option>
          {field.options.map((o) => (
            <option key={o} value={o}>
              {field.type === "yes_no" ? t(`magic.${o === "Yes" ? "yes" : "no"}`) : o}
            </option>
          ))}
        </SelectField>
      );
    case "dropdown_other":
      return (
        <>
          <InputField field={meta} label={label} hint={t("magic.other_hint")} type="text" list={`${meta.id}-options`} />
          <datalist id={`${meta.id}-options`}>
            {field.options.map((o) => (
              <option key={o} value={o} />
            ))}
          </datalist>
        </>
      );
    case "checkboxes":
      return (
        <ChoiceList
          legend={label}
          name={meta.name}
          type="checkbox"
          idPrefix={`field-${field.id}`}
          choices={field.options.map((o) => ({ value: o, label: o }))}
          checked={initialValues(meta.initialValue)}
          errorId={meta.errorId}
          errors={meta.errors}
        />
      );
    default:
      return (
        <InputField
          field={meta}
          label={label}
          type={field.type === "email" ? "email" : field.type === "url" ? "url" : field.type === "date" ? "date" : "text"}
          inputMode={field.type === "number" ? "decimal" : undefined}
          autoCapitalize={field.type === "uppercase" ? "characters" : undefined}
        />
      );
  }
}
