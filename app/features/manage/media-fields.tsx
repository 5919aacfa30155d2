/**
 * Form fields of the branding and evacuation point tabs: a labelled file input (its kinds in
 * `accept`, its rules in a hint) and a labelled number input with bounds. Like the fields of
 * `~/ui/form`, each subscribes to its own state (see docs/decisions/004).
 */
import { getInputProps, useField, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "~/ui/form";

export function FileField({ field, label, hint, accept }: { field: FieldMetadata<unknown>; label: string; hint: string; accept: string }) {
  const [meta] = useField(field.name, { formId: field.formId });
  const hintId = `${meta.id}-hint`;
  const { key, ...props } = getInputProps(meta, { type: "file", ariaDescribedBy: hintId });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <p className="hint" id={hintId}>
        {hint}
      </p>
      <input key={key} {...props} accept={accept} />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
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
  const [meta] = useField<number | undefined>(field.name, { formId: field.formId });
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...props } = getInputProps(meta, { type: "number", ariaDescribedBy: hintId });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input key={key} {...props} defaultValue={defaultValue ?? props.defaultValue} min={min} max={max} step="any" inputMode="decimal" />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
