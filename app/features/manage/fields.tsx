/** Form fields of the manage area beyond the shared ones in ~/ui/form. */
import { getInputProps, useField, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "~/ui/form";
import { DATES_BEFORE } from "./schemas";

/** A date and time in the site's zone (native `datetime-local`, limited to before 2038). */
export function DateTimeField({ field, label, hint, disabled }: { field: FieldMetadata<string | undefined>; label: string; hint?: string; disabled?: boolean }) {
  const [meta] = useField<string | undefined>(field.name, { formId: field.formId });
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...props } = getInputProps(meta, { type: "datetime-local", ariaDescribedBy: hintId });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input key={key} {...props} max={DATES_BEFORE} disabled={disabled} />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
