/**
 * The row controls of every ordered list: move up or down (one rule at the ends: the first row has
 * no "up", the last no "down"; the server sends the full new order) and delete after saying what
 * goes (a disclosure with the confirming form: works without JavaScript). Labels name the row for
 * screen readers.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "./form";

/** Move a row up or down (a form each; the server sends the full new order). */
export function MoveButtons({ action, id, name, first, last }: { action: string; id: number; name: string; first: boolean; last: boolean }) {
  const { t } = useTranslation("common");
  return (
    <>
      {first ? null : (
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="direction" value="up" />
          <SubmitButton name="intent" value="move" variant="secondary">
            <span aria-hidden="true">↑</span> {t("fields.move_up")}
            <span className="visually-hidden"> “{name}”</span>
          </SubmitButton>
        </Form>
      )}
      {last ? null : (
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="direction" value="down" />
          <SubmitButton name="intent" value="move" variant="secondary">
            <span aria-hidden="true">↓</span> {t("fields.move_down")}
            <span className="visually-hidden"> “{name}”</span>
          </SubmitButton>
        </Form>
      )}
    </>
  );
}

/**
 * Delete a row after saying what goes: a disclosure with the confirming form (works without
 * JavaScript). The one confirm-delete of the portal: every list's rows use it. `hidden` adds fields
 * the action reads besides the id (the list's search and page to come back to, a name for the notice).
 */
export function DeleteConfirm({
  action,
  id,
  name,
  question,
  confirm,
  hidden,
  intent = "delete",
  summary,
}: {
  action: string;
  id: number;
  name: string;
  question: string;
  confirm: string;
  hidden?: Record<string, string>;
  /** Another irreversible row action confirmed the same way (its intent and its disclosure's label). */
  intent?: string;
  summary?: string;
}) {
  const { t } = useTranslation("common");
  return (
    <details className="row-delete">
      <summary>
        {summary ?? t("fields.delete")}
        <span className="visually-hidden"> “{name}”</span>
      </summary>
      <Form method="post" action={action} preventScrollReset className="row-delete__panel">
        <p>{question}</p>
        <input type="hidden" name="id" value={id} />
        {Object.entries(hidden ?? {}).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <SubmitButton name="intent" value={intent} variant="secondary">
          {confirm}
        </SubmitButton>
      </Form>
    </details>
  );
}

/**
 * A row's controls, grouped: edit (a link to the row's edit view, `editTo`), move up or down, delete
 * after confirming (not for a row that cannot be deleted: `deletable` false).
 */
export function RowControls({ action, editTo, id, name, first, last, question, confirm, deletable = true }: { action: string; editTo: string; id: number; name: string; first: boolean; last: boolean; question: string; confirm: string; deletable?: boolean }) {
  const { t } = useTranslation("common");
  return (
    <div className="row-actions__group">
      <Link className="button button--secondary" to={editTo} preventScrollReset>
        {t("fields.edit")}
        <span className="visually-hidden"> “{name}”</span>
      </Link>
      <MoveButtons action={action} id={id} name={name} first={first} last={last} />
      {deletable ? <DeleteConfirm action={action} id={id} name={name} question={question} confirm={confirm} /> : null}
    </div>
  );
}
