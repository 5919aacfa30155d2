/**
 * One settings tab of a group, drawn from its declared fields (`SECTION_FIELDS`): the kit's fields
 * inside `EditableFields` (read-only for a viewer), validated in the browser by the same schema the
 * server uses. Works without JavaScript: the server answers a refusal with the form as typed.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import type { GroupDetail, GroupSection } from "@contract";
import { EditableFields, NumberField, TimeField } from "~/ui/fields";
import { CheckField, ChoiceList, initialValues, SelectField, TextAreaField, TextField, ValidatedForm } from "~/ui/form";
import { fieldsFor, sectionSchema, type FieldDef, type FormValue, type SectionChoices } from "./sections";

export function SectionForm({
  section,
  type,
  values,
  editable,
  action,
  lastResult,
  legend,
  choiceNames = {},
  choices = {},
  extraHints = {},
}: {
  section: GroupSection;
  type: GroupDetail["type"];
  values: Record<string, FormValue>;
  editable: boolean;
  action: string;
  lastResult: SubmissionResult<string[]> | undefined;
  legend: string;
  /** Choices named by the loader rather than translated here (the languages, each in its own). */
  choiceNames?: Record<string, string>;
  /** What the `pick` and `picks` fields choose among (listed by the loader). */
  choices?: SectionChoices;
  /** A further hint of a field, as a translation key (what the group's state makes of it). */
  extraHints?: Record<string, string>;
}) {
  const { t } = useTranslation("groups");
  const [form, fields] = useForm<Record<string, any>, any>({
    id: `group-${section}`,
    lastResult,
    defaultValue: values,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sectionSchema(section, type) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const label = (f: FieldDef) => t(`field.${f.name}`);
  const hint = (f: FieldDef) => [f.hint ? t(`field.${f.name}_hint`) : "", extraHints[f.name] ? t(extraHints[f.name]!) : ""].filter(Boolean).join(" ") || undefined;
  return (
    <ValidatedForm form={form} action={action} preventScrollReset>
      <EditableFields editable={editable} legend={legend} formId={form.id} saveLabel={t("save_settings")}>
        {fieldsFor(section, type).map((f) => {
          // One form of fields of several kinds: each control reads its own field by name.
          const field = fields[f.name] as never;
          switch (f.kind) {
            case "check":
              return <CheckField key={f.name} field={field} label={label(f)} hint={hint(f)} />;
            case "select":
              return (
                <SelectField key={f.name} field={field} label={label(f)} hint={hint(f)}>
                  {f.optional ? <option value="">{t("choice.none")}</option> : null}
                  {f.choices.map((c) => (
                    <option key={c} value={c}>
                      {choiceNames[c] ?? t(`choice.${f.name}.${c}`)}
                    </option>
                  ))}
                </SelectField>
              );
            case "pick":
              return (
                <SelectField key={f.name} field={field} label={label(f)} hint={hint(f)}>
                  {f.optional ? <option value="">{t("choice.none")}</option> : null}
                  {(choices[f.name] ?? []).map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </SelectField>
              );
            case "picks": {
              const meta = fields[f.name] as { initialValue?: unknown; errorId: string; errors?: string[] };
              return (
                <ChoiceList
                  key={f.name}
                  legend={label(f)}
                  before={f.hint ? <p className="hint">{hint(f)}</p> : null}
                  name={f.name}
                  type="checkbox"
                  choices={choices[f.name] ?? []}
                  checked={initialValues(meta.initialValue)}
                  errorId={meta.errorId}
                  errors={meta.errors}
                  idPrefix={`${form.id}-${f.name}`}
                />
              );
            }
            case "textarea":
              return <TextAreaField key={f.name} field={field} label={label(f)} hint={hint(f)} />;
            case "time":
              return <TimeField key={f.name} field={field} label={label(f)} hint={hint(f)} />;
            case "hours":
              return <NumberField key={f.name} field={field} label={label(f)} hint={hint(f)} min={f.min} max={f.max} number="integer" />;
            case "email":
              return <TextField key={f.name} field={field} label={label(f)} hint={hint(f)} type="email" autoComplete="off" />;
            case "pin":
              return <TextField key={f.name} field={field} label={label(f)} hint={hint(f)} autoComplete="off" inputMode="numeric" />;
            default:
              return <TextField key={f.name} field={field} label={label(f)} hint={hint(f)} autoComplete="off" />;
          }
        })}
      </EditableFields>
    </ValidatedForm>
  );
}
