/** Form fields of the manage area beyond the shared ones in ~/ui/form. */
import type { FieldMetadata } from "@conform-to/react";
import { InputField } from "~/ui/form";
import { DATES_BEFORE } from "./schemas";

/** A date and time in the site's zone (native `datetime-local`, limited to before 2038). */
export function DateTimeField({ field, label, hint, disabled }: { field: FieldMetadata<string | undefined>; label: string; hint?: string; disabled?: boolean }) {
  return <InputField field={field} label={label} hint={hint} type="datetime-local" max={DATES_BEFORE} disabled={disabled} />;
}
