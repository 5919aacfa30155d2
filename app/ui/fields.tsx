/**
 * The fields of every form beyond text, textarea, select and checkboxes (those are in ./form): a
 * number (whole or decimal, within bounds: platform §5, never below its minimum or above its
 * maximum), a phone number, a time of day, a date and time, a file; the upload form around a file;
 * and the read-only frame of a form that viewers see and editors save. One of each: an area uses
 * these, never a field of its own.
 */
import { useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ZodType } from "zod";
import { FormErrors, InputField, SubmitButton, ValidatedForm } from "./form";

/**
 * A number between `min` and `max` (the browser keeps to them; the schema checks them again):
 * `integer` steps by one with a numeric keypad, `decimal` takes any step (coordinates).
 */
export function NumberField({
  field,
  label,
  hint,
  min,
  max,
  number,
  defaultValue,
}: {
  field: FieldMetadata<number | undefined>;
  label: React.ReactNode;
  hint?: string;
  min: number;
  max: number;
  number: "integer" | "decimal";
  defaultValue?: string;
}) {
  const integer = number === "integer";
  return (
    <InputField
      field={field}
      label={label}
      hint={hint}
      type="number"
      {...(defaultValue !== undefined ? { defaultValue } : {})}
      {...(integer ? { className: "number-input" } : {})}
      min={min}
      max={max}
      step={integer ? 1 : "any"}
      inputMode={integer ? "numeric" : "decimal"}
    />
  );
}

/** A phone number (`type="tel"`), read for the client's country on the server and in the browser. */
export function PhoneField({ field, label, hint }: { field: FieldMetadata<string | undefined>; label: string; hint?: string }) {
  return <InputField field={field} label={label} hint={hint} type="tel" autoComplete="off" maxLength={40} />;
}

/** A time of day, HH:mm (native `type="time"`); empty when not set. */
export function TimeField({ field, label, hint }: { field: FieldMetadata<string | undefined>; label: string; hint?: string }) {
  return <InputField field={field} label={label} hint={hint} type="time" step={60} />;
}

/** A date and time (native `datetime-local`), before `max` (e.g. 2038 for dates the upstream stores). */
export function DateTimeField({ field, label, hint, disabled, max }: { field: FieldMetadata<string | undefined>; label: string; hint?: string; disabled?: boolean; max?: string }) {
  return <InputField field={field} label={label} hint={hint} type="datetime-local" max={max} disabled={disabled} />;
}

/** A labelled file input: its kinds in `accept`, its rules in the hint. */
export function FileField({ field, label, hint, accept }: { field: FieldMetadata<unknown>; label: string; hint: string; accept: string }) {
  return <InputField field={field} label={label} hint={hint} type="file" accept={accept} />;
}

/**
 * A form that uploads one file (multipart). Its `intent` and the `hidden` fields (which row the
 * file is for) come first, so the server knows what the file is for, and its limit, before the
 * file arrives. The file is checked in the browser with the server's `schema`.
 */
export function UploadForm({
  id,
  schema,
  accept,
  action,
  intent,
  hidden = {},
  lastResult,
  label,
  hint,
  submitLabel,
}: {
  id: string;
  schema: ZodType;
  accept: string;
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
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
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
      <FileField field={fields.file} label={label} hint={hint} accept={accept} />
      <div className="actions">
        <SubmitButton name="intent" value={intent}>
          {submitLabel}
        </SubmitButton>
      </div>
    </ValidatedForm>
  );
}

/**
 * The inside of a page's one form: disabled (read-only) for viewers, the form's own messages first,
 * and the save button (`intent=save`) for editors only.
 */
export function EditableFields({ editable, legend, formId, saveLabel, children }: { editable: boolean; legend: string; formId: string; saveLabel: string; children: React.ReactNode }) {
  return (
    <fieldset disabled={!editable} className="plain-fieldset">
      <legend className="visually-hidden">{legend}</legend>
      <FormErrors formId={formId} />
      {children}
      {editable ? (
        <div className="actions">
          <SubmitButton name="intent" value="save">
            {saveLabel}
          </SubmitButton>
        </div>
      ) : null}
    </fieldset>
  );
}
