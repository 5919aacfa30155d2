/**
 * The sign-in forms' browser checks (`./checks`, without zod: ADR 010) as conform's `onValidate`,
 * for /forgot and /reset. /login uses the checks without conform (`~/ui/plain-form`).
 */
import { parse, type Submission } from "@conform-to/react";
import { validate, type FormValidator } from "./checks";

export * from "./checks";

/** conform's `onValidate` for a sign-in form: the browser-side twin of `parseSubmission(…, { schema })`. */
export function parseWith<Shape extends Record<string, unknown>>(formData: FormData, validator: FormValidator): Submission<Shape, string[]> {
  return parse(formData, { resolve: (payload) => validate(validator, payload) }) as Submission<Shape, string[]>;
}
