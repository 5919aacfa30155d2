/**
 * Delete a whole thing (a site, an event, a group) by typing its name: a danger zone with what goes,
 * the name field and the button, validated in the browser by the schema the server uses. Works
 * without JavaScript (the server answers a wrong name with the form as typed).
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { typedNameSchema } from "~/forms/typed-name";
import { FormErrors, SubmitButton, TextField, ValidatedForm } from "./form";

export function DeleteByName({
  id,
  name,
  action,
  lastResult,
  heading,
  warning,
  confirmLabel,
}: {
  id: string;
  name: string;
  action: string;
  lastResult: SubmissionResult<string[]> | undefined;
  heading: string;
  warning: string;
  confirmLabel: string;
}) {
  const [form, fields] = useForm<{ confirm: string | undefined }, any>({
    id,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: typedNameSchema(name) }),
    shouldValidate: "onSubmit",
  });
  return (
    <section className="danger-zone" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p>{warning}</p>
      <ValidatedForm form={form} action={action}>
        <FormErrors formId={form.id} />
        <TextField field={fields.confirm} label={confirmLabel} autoComplete="off" />
        <div className="actions">
          <SubmitButton name="intent" value="delete" variant="secondary">
            {heading}
          </SubmitButton>
        </div>
      </ValidatedForm>
    </section>
  );
}
