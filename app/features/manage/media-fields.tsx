/**
 * Form fields of the branding and evacuation point tabs: a labelled file input (its kinds in
 * `accept`, its rules in a hint) and a labelled number input with bounds (decimals: coordinates).
 */
import type { FieldMetadata } from "@conform-to/react";
import { InputField } from "~/ui/form";

export function FileField({ field, label, hint, accept }: { field: FieldMetadata<unknown>; label: string; hint: string; accept: string }) {
  return <InputField field={field} label={label} hint={hint} type="file" accept={accept} />;
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
