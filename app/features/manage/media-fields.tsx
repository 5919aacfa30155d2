/**
 * Form fields of the branding, evacuation point and message tabs: a labelled file input (its kinds
 * in `accept`, its rules in a hint), the upload form around it, and a labelled number input with
 * bounds (decimals: coordinates).
 */
import { useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { FormErrors, InputField, SubmitButton, ValidatedForm } from "~/ui/form";
import { UPLOAD_RULES, uploadSchema, type UploadKind } from "./media-schemas";

export function FileField({ field, label, hint, accept }: { field: FieldMetadata<unknown>; label: string; hint: string; accept: string }) {
  return <InputField field={field} label={label} hint={hint} type="file" accept={accept} />;
}

/**
 * A form that uploads one file of `kind` (multipart). Its `intent` and the `hidden` fields (which
 * row the file is for) come first, so the server knows what the file is for, and its limit,
 * before the file arrives. The file is checked in the browser with the server's schema.
 */
export function UploadForm({
  id,
  kind,
  action,
  intent,
  hidden = {},
  lastResult,
  label,
  hint,
  submitLabel,
}: {
  id: string;
  kind: UploadKind;
  action: string;
  intent: string;
  hidden?: Record<string, string | number>;
  lastResult: SubmissionResult<string[]> | undefined;
  label: string;
  hint: string;
  submitLabel: string;
}) {
  const [form, fields] = useForm<{ file: unknown }, any>({
    id,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: uploadSchema(kind) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <ValidatedForm form={form} action={action} encType="multipart/form-data" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormErrors formId={form.id} />
      <FileField field={fields.file} label={label} hint={hint} accept={UPLOAD_RULES[kind].accept} />
      <div className="actions">
        <SubmitButton name="intent" value={intent}>
          {submitLabel}
        </SubmitButton>
      </div>
    </ValidatedForm>
  );
}

export function NumberField({
  field,
  label,
  hint,
  min,
  max,
  defaultValue,
}: {
  field: FieldMetadata<number | undefined>;
  label: string;
  hint?: string;
  min: number;
  max: number;
  defaultValue?: string;
}) {
  return (
    <InputField
      field={field}
      label={label}
      hint={hint}
      type="number"
      {...(defaultValue !== undefined ? { defaultValue } : {})}
      min={min}
      max={max}
      step="any"
      inputMode="decimal"
    />
  );
}
