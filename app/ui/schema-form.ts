/**
 * A conform form over loaded values, checked by the server's own schema in the browser: on blur,
 * then on every input once a field has been refused. (A module of its own: the sign-in pages use
 * the ui kit's fields but no schema in the browser, and stay within their page budget.)
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ZodType } from "zod";

/** `T`: the form's shape, when a caller wants its fields typed (a list field's rows, say). */
export function useSchemaForm<T extends Record<string, any> = Record<string, any>>(id: string, schema: ZodType, values: object, lastResult: SubmissionResult<string[]> | undefined) {
  return useForm<T, any>({
    id,
    lastResult,
    defaultValue: values as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}
