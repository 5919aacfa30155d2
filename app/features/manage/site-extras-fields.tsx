/**
 * Form fields of the attendees and settings tabs beyond the shared ones in ~/ui/form: a phone
 * number, a number within bounds (platform §5 number input: never below its minimum, never above
 * its maximum), a time (HH:mm) and a checkbox that starts as stored.
 */
import { getInputProps, useField, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "~/ui/form";

function Hint({ id, hint }: { id?: string; hint?: string }) {
  return hint ? (
    <p className="hint" id={id}>
      {hint}
    </p>
  ) : null;
}

/** A phone number (`type="tel"`), read for the client's country on the server and in the browser. */
export function PhoneField({ field, label, hint }: { field: FieldMetadata<string | undefined>; label: string; hint?: string }) {
  const [meta] = useField<string | undefined>(field.name, { formId: field.formId });
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...props } = getInputProps(meta, { type: "tel", ariaDescribedBy: hintId });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <Hint id={hintId} hint={hint} />
      <input key={key} {...props} autoComplete="off" maxLength={40} />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A whole number between `min` and `max` (the browser keeps to them; the schema checks them again). */
export function NumberField({ field, label, hint, min, max }: { field: FieldMetadata<number | undefined>; label: string; hint?: string; min: number; max: number }) {
  const [meta] = useField<number | undefined>(field.name, { formId: field.formId });
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...props } = getInputProps(meta, { type: "number", ariaDescribedBy: hintId });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <Hint id={hintId} hint={hint} />
      <input key={key} {...props} className="number-input" min={min} max={max} step={1} inputMode="numeric" />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A time of day, HH:mm (native `type="time"`); empty when not set. */
export function TimeField({ field, label, hint }: { field: FieldMetadata<string | undefined>; label: string; hint?: string }) {
  const [meta] = useField<string | undefined>(field.name, { formId: field.formId });
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...props } = getInputProps(meta, { type: "time", ariaDescribedBy: hintId });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <Hint id={hintId} hint={hint} />
      <input key={key} {...props} step={60} />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A checkbox that starts checked when its stored value is true. */
export function CheckField({ field, label, hint }: { field: FieldMetadata<boolean | undefined>; label: string; hint?: string }) {
  const [meta] = useField<boolean | undefined>(field.name, { formId: field.formId });
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...props } = getInputProps(meta, { type: "checkbox", ariaDescribedBy: hintId });
  return (
    <div className="field">
      <div className="checkbox">
        <input key={key} {...props} />
        <label htmlFor={meta.id}>{label}</label>
      </div>
      <Hint id={hintId} hint={hint} />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
