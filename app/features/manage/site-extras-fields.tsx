/**
 * Form fields of the attendees and settings tabs beyond the shared ones in ~/ui/form: a phone
 * number, a whole number within bounds (platform §5 number input: never below its minimum, never
 * above its maximum) and a time (HH:mm).
 */
import type { FieldMetadata } from "@conform-to/react";
import { InputField } from "~/ui/form";

/** A phone number (`type="tel"`), read for the client's country on the server and in the browser. */
export function PhoneField({ field, label, hint }: { field: FieldMetadata<string | undefined>; label: string; hint?: string }) {
  return <InputField field={field} label={label} hint={hint} type="tel" autoComplete="off" maxLength={40} />;
}

/** A whole number between `min` and `max` (the browser keeps to them; the schema checks them again). */
export function NumberField({ field, label, hint, min, max }: { field: FieldMetadata<number | undefined>; label: string; hint?: string; min: number; max: number }) {
  return <InputField field={field} label={label} hint={hint} type="number" className="number-input" min={min} max={max} step={1} inputMode="numeric" />;
}

/** A time of day, HH:mm (native `type="time"`); empty when not set. */
export function TimeField({ field, label, hint }: { field: FieldMetadata<string | undefined>; label: string; hint?: string }) {
  return <InputField field={field} label={label} hint={hint} type="time" step={60} />;
}
