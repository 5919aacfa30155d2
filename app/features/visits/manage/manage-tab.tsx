/**
 * The visit details dialog's "Manage" tab (ADR 026): the edit form (times, group, host, field
 * answers), notes, protect or unprotect, anonymise after a confirmation that says it cannot be
 * undone, delete after the ui kit's confirmation. Each part shows only to users holding its right;
 * every form works without JavaScript.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageNotice, resultFor, type ActionResult } from "~/forms/action-result";
import { DateTimeField } from "~/ui/fields";
import { FormErrors, SelectField, SubmitButton, TextAreaField, TextField, ValidatedForm } from "~/ui/form";
import { useSchemaForm } from "~/ui/schema-form";
import { ActionNotice } from "~/ui/notice";
import { DeleteConfirm } from "~/ui/rows";
import type { ManageLoader } from "./manage.server";
import { editSchema, notesSchema } from "./schemas";

type Loaded = ReturnType<typeof useLoaderData<ManageLoader>>;

export function VisitManageTab() {
  const loaded = useLoaderData<ManageLoader>();
  const answer = useActionData<ActionResult>();
  const { t } = useTranslation("visits");
  const { visit, can, action } = loaded;
  const anonymised = visit.anonymised_at !== null;
  return (
    <div className="stack visit-manage">
      <ActionNotice notice={pageNotice(answer)} />
      {visit.rejection_reason ? <p className="status status--rejected">{t("rejection.label", { reason: t(`rejection.${visit.rejection_reason}`) })}</p> : null}
      {anonymised ? <p className="hint">{t("manage.anonymised_note")}</p> : null}
      {can.edit && !anonymised ? <EditForm loaded={loaded} lastResult={resultFor(answer, "edit")} /> : null}
      {can.notes && !anonymised ? <NotesForm action={action} notes={visit.notes} lastResult={resultFor(answer, "notes")} /> : null}
      {can.protect ? (
        <section aria-labelledby="visit-protection-heading">
          <h3 id="visit-protection-heading">{t("manage.protection")}</h3>
          <p className="hint">{visit.protected ? t("manage.protected_hint") : t("manage.unprotected_hint")}</p>
          <Form method="post" action={action} preventScrollReset>
            <SubmitButton name="intent" value={visit.protected ? "unprotect" : "protect"} variant="secondary">
              {visit.protected ? t("manage.unprotect") : t("manage.protect")}
            </SubmitButton>
          </Form>
        </section>
      ) : null}
      {can.delete ? (
        <section aria-labelledby="visit-remove-heading" className="actions">
          <h3 id="visit-remove-heading" className="visually-hidden">
            {t("manage.remove")}
          </h3>
          {visit.anonymise_enabled && !anonymised ? (
            <DeleteConfirm action={action} id={visit.id} name={visit.name} intent="anonymise" summary={t("manage.anonymise")} question={t("manage.anonymise_question", { name: visit.name })} confirm={t("manage.anonymise_confirm")} />
          ) : null}
          <DeleteConfirm action={action} id={visit.id} name={visit.name} question={t("manage.delete_question", { name: visit.name })} confirm={t("manage.delete_confirm")} />
        </section>
      ) : null}
    </div>
  );
}

function EditForm({ loaded, lastResult }: { loaded: Loaded; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("visits");
  const { visit, local, action } = loaded;
  const values = {
    signed_in_at: local.signed_in_at ?? "",
    signed_out_at: local.signed_out_at ?? "",
    group_id: String(visit.group_id),
    host: visit.host ?? "",
    answers: visit.fields.map((f) => f.value),
  };
  const [form, fields] = useSchemaForm("visit-edit", editSchema, values, lastResult);
  const answers = (fields.answers as never as { getFieldList(): unknown[] }).getFieldList();
  return (
    <section aria-labelledby="visit-edit-heading">
      <h3 id="visit-edit-heading">{t("manage.edit")}</h3>
      <ValidatedForm form={form} action={action} preventScrollReset>
        <FormErrors formId={form.id} />
        {local.signed_in_at !== null ? <DateTimeField field={fields.signed_in_at as never} label={t("field.signed_in_at")} max="2037-12-31T23:59" /> : null}
        {local.signed_out_at !== null ? <DateTimeField field={fields.signed_out_at as never} label={t("field.signed_out_at")} max="2037-12-31T23:59" /> : null}
        <SelectField field={fields.group_id as never} label={t("field.group")} hint={visit.member_id !== null ? t("field.group_member_hint") : undefined}>
          {visit.groups.map((g) => (
            <option key={g.id} value={String(g.id)}>
              {g.name}
            </option>
          ))}
        </SelectField>
        <TextField field={fields.host as never} label={t("field.host")} autoComplete="off" />
        {visit.fields.map((f, i) => (answers[i] ? <TextField key={f.label} field={answers[i] as never} label={f.label} autoComplete="off" /> : null))}
        <div className="actions">
          <SubmitButton name="intent" value="edit">
            {t("manage.save")}
          </SubmitButton>
        </div>
      </ValidatedForm>
    </section>
  );
}

function NotesForm({ action, notes, lastResult }: { action: string; notes: string | null; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("visits");
  const [form, fields] = useSchemaForm("visit-notes", notesSchema, { notes: notes ?? "" }, lastResult);
  return (
    <section aria-labelledby="visit-notes-heading">
      <h3 id="visit-notes-heading">{t("manage.notes")}</h3>
      <ValidatedForm form={form} action={action} preventScrollReset>
        <FormErrors formId={form.id} />
        <TextAreaField field={fields.notes as never} label={t("field.notes")} hint={t("field.notes_hint")} />
        <div className="actions">
          <SubmitButton name="intent" value="notes">
            {t("manage.save_notes")}
          </SubmitButton>
        </div>
      </ValidatedForm>
    </section>
  );
}
