/**
 * Pieces the custom fields, messages, privacy, features and badges tabs share in the browser: the
 * tab's own message after a refused row action, and the row controls (move up or down, delete after a confirmation that needs no JavaScript).
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldErrors, FormErrors, SubmitButton, useErrorText } from "~/ui/form";

/** The message of a refused row action (a row of another site, a rule), announced. */
export function TabError({ message }: { message?: string | null }) {
  const text = useErrorText();
  if (!message) return null;
  return (
    <div className="tab-error" role="alert">
      <p className="error">{text(message)}</p>
    </div>
  );
}

/** Move a row up or down (a form each; the server sends the full new order). */
export function MoveButtons({ action, id, name, first, last }: { action: string; id: number; name: string; first: boolean; last: boolean }) {
  const { t } = useTranslation("manage");
  return (
    <>
      {first ? null : (
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="direction" value="up" />
          <SubmitButton name="intent" value="move" variant="secondary">
            <span aria-hidden="true">↑</span> {t("fields_common.move_up")}
            <span className="visually-hidden"> “{name}”</span>
          </SubmitButton>
        </Form>
      )}
      {last ? null : (
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="direction" value="down" />
          <SubmitButton name="intent" value="move" variant="secondary">
            <span aria-hidden="true">↓</span> {t("fields_common.move_down")}
            <span className="visually-hidden"> “{name}”</span>
          </SubmitButton>
        </Form>
      )}
    </>
  );
}

/** Delete a row after saying what goes: a disclosure with the confirming form (works without JavaScript). */
export function DeleteConfirm({ action, id, name, question, confirm }: { action: string; id: number; name: string; question: string; confirm: string }) {
  const { t } = useTranslation("manage");
  return (
    <details className="row-delete">
      <summary>
        {t("fields_common.delete")}
        <span className="visually-hidden"> “{name}”</span>
      </summary>
      <Form method="post" action={action} preventScrollReset className="row-delete__panel">
        <p>{question}</p>
        <input type="hidden" name="id" value={id} />
        <SubmitButton name="intent" value="delete" variant="secondary">
          {confirm}
        </SubmitButton>
      </Form>
    </details>
  );
}

/**
 * The inside of a tab's one form: disabled (read-only) for viewers, the form's own messages first,
 * and the save button (`intent=save`) for editors only.
 */
export function TabFormFields({ editable, legend, formId, saveLabel, children }: { editable: boolean; legend: string; formId: string; saveLabel: string; children: React.ReactNode }) {
  return (
    <fieldset disabled={!editable} className="plain-fieldset">
      <legend className="visually-hidden">{legend}</legend>
      <FormErrors formId={formId} />
      {children}
      {editable ? (
        <div className="actions">
          <SubmitButton name="intent" value="save">
            {saveLabel}
          </SubmitButton>
        </div>
      ) : null}
    </fieldset>
  );
}
