/**
 * The frame of every member editor form: a conform form validated by the server's schema, read-only
 * (a disabled fieldset, no save button) for a viewer, its own messages first, and its save button
 * posting the form's intent. Works without JavaScript: a refusal comes back with what was typed.
 */
import { FormErrors, SubmitButton, ValidatedForm } from "~/ui/form";
import { useSchemaForm } from "~/ui/schema-form";

/** The member editor's forms (`useSchemaForm`). */
export const useMemberForm = useSchemaForm;

export function MemberForm({
  form,
  action,
  intent,
  editable,
  legend,
  saveLabel,
  children,
  multipart = false,
}: {
  form: Parameters<typeof ValidatedForm>[0]["form"];
  action: string;
  intent: string;
  editable: boolean;
  legend: string;
  saveLabel: string;
  children: React.ReactNode;
  multipart?: boolean;
}) {
  return (
    <ValidatedForm form={form} action={action} preventScrollReset {...(multipart ? { encType: "multipart/form-data" as const } : {})}>
      <fieldset disabled={!editable} className="plain-fieldset">
        <legend className="tab-section__title">{legend}</legend>
        <FormErrors formId={form.id} />
        {children}
        {editable ? (
          <div className="actions">
            <SubmitButton name="intent" value={intent}>
              {saveLabel}
            </SubmitButton>
          </div>
        ) : null}
      </fieldset>
    </ValidatedForm>
  );
}
