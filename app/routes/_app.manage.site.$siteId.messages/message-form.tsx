/**
 * Add a message, or edit one (`?edit=<id>`): icon, title, content (the small rich-text syntax), what
 * it asks (read, acknowledge, sign) with its checkbox label, whom it is for (every group or those
 * ticked, when the site's groups can be listed) and when it shows again. Works without JavaScript.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChoiceList, FormErrors, initialValues, SelectField, SubmitButton, TextAreaField, TextField, ValidatedForm } from "~/ui/form";
import type { Attachment } from "./attachment";
import { MESSAGE_ACTIONS, messageSchema, REDISPLAY_ORDER } from "./schema";

type MessageValues = {
  icon: string | undefined;
  title: string | undefined;
  content: string | undefined;
  action: string | undefined;
  checkbox_label: string | undefined;
  redisplay: string | undefined;
  recipients: string | undefined;
  recipient_group_ids: string[] | undefined;
};

/** The message being edited, as its form starts (its content back in the rich-text syntax). */
export type Editing = {
  id: number;
  title: string;
  recipient_group_ids: string[];
  attachment: Attachment | null;
} & Omit<MessageValues, "recipient_group_ids" | "title">;

export function MessageForm({
  path,
  editing,
  groups,
  lastResult,
}: {
  path: string;
  editing: Editing | null;
  groups: { id: number; name: string }[] | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("sites");
  const intent = editing ? "update" : "create";
  const [form, fields] = useForm<MessageValues, any>({
    id: `site-message-${editing?.id ?? "new"}`,
    lastResult,
    defaultValue: editing
      ? {
          icon: editing.icon,
          title: editing.title,
          content: editing.content,
          action: editing.action,
          checkbox_label: editing.checkbox_label,
          redisplay: editing.redisplay,
          recipients: editing.recipients,
          recipient_group_ids: editing.recipient_group_ids,
        }
      : { redisplay: "when_updated", action: "acknowledge", recipients: "every" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: messageSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Groups a stored message names that are not shown at this site stay listed, so saving keeps them.
  const groupChoices = groups
    ? [...groups, ...(editing?.recipient_group_ids ?? []).map(Number).filter((id) => !groups.some((g) => g.id === id)).map((id) => ({ id, name: t("customfields.group_elsewhere", { id }) }))]
    : null;
  return (
    <section className="tab-section" aria-labelledby="message-form-heading">
      <h3 id="message-form-heading">{editing ? t("messages.edit_heading", { title: editing.title }) : t("messages.add_heading")}</h3>
      {/* An edit posts to its own URL, so a refused one (also without JavaScript) comes back to it. */}
      <ValidatedForm form={form} action={editing ? `${path}?edit=${editing.id}` : path} preventScrollReset>
        <FormErrors formId={form.id} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <TextField field={fields.icon} label={t("messages.field.icon")} hint={t("messages.field.icon_hint")} autoComplete="off" />
        <TextField field={fields.title} label={t("messages.field.title")} autoComplete="off" />
        <TextAreaField field={fields.content} label={t("messages.field.content")} hint={t("messages.field.content_hint")} rows={8} />
        <ChoiceList
          legend={t("messages.field.action")}
          name={fields.action.name}
          type="radio"
          idPrefix={`${form.id}-action`}
          choices={MESSAGE_ACTIONS.map((a) => ({ value: a, label: t(`messages.action.${a}`), hint: t(`messages.action_hint.${a}`) }))}
          checked={initialValues(fields.action.initialValue)}
          errorId={fields.action.errorId}
          errors={fields.action.errors}
        />
        <TextField field={fields.checkbox_label} label={t("messages.field.checkbox_label")} hint={t("messages.field.checkbox_label_hint")} autoComplete="off" />
        {groupChoices ? (
          <>
            <ChoiceList
              legend={t("messages.field.recipients")}
              name={fields.recipients.name}
              type="radio"
              idPrefix={`${form.id}-recipients`}
              choices={[
                { value: "every", label: t("messages.recipients_choice.every") },
                { value: "chosen", label: t("messages.recipients_choice.chosen") },
              ]}
              checked={initialValues(fields.recipients.initialValue)}
              errorId={fields.recipients.errorId}
              errors={fields.recipients.errors}
            />
            <ChoiceList
              legend={t("messages.field.recipient_groups")}
              name={fields.recipient_group_ids.name}
              type="checkbox"
              idPrefix={`${form.id}-group`}
              choices={groupChoices.map((g) => ({ value: String(g.id), label: g.name }))}
              checked={initialValues(fields.recipient_group_ids.initialValue)}
              errorId={fields.recipient_group_ids.errorId}
              errors={fields.recipient_group_ids.errors}
              before={<p className="hint">{groupChoices.length === 0 ? t("customfields.no_groups") : t("messages.field.recipient_groups_hint")}</p>}
            />
          </>
        ) : null}
        <SelectField field={fields.redisplay} label={t("messages.field.redisplay")}>
          {REDISPLAY_ORDER.map((r) => (
            <option key={r} value={r}>
              {t(`messages.redisplay_option.${r}`)}
            </option>
          ))}
        </SelectField>
        <div className="actions">
          <SubmitButton name="intent" value={intent}>
            {editing ? t("messages.save") : t("messages.add")}
          </SubmitButton>
          {editing ? (
            <Link to={path} preventScrollReset>
              {t("common:fields.cancel")}
            </Link>
          ) : null}
        </div>
      </ValidatedForm>
    </section>
  );
}
