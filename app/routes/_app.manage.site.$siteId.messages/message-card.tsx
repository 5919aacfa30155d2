/**
 * One message of the list as the kiosk shows it (its content the saved HTML, sanitised once more by
 * the loader), with what it asks, whom it is for, its attachment and when it shows again; for
 * editors the row's controls: edit, move up or down, delete after confirming, remove the attachment.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/ui/form";
import { RowControls } from "~/ui/rows";
import { AttachmentSummary, type Attachment } from "./attachment";

/** A message as the list shows it. */
export interface ShownMessage {
  id: number;
  icon: string;
  title: string;
  /** The content, sanitised HTML. */
  html: string;
  action: string;
  checkbox_label: string | null;
  recipient_group_ids: number[] | null;
  attachment: Attachment | null;
  redisplay: string;
}

export function MessageCard({
  message: m,
  path,
  editable,
  editing,
  first,
  last,
  groupName,
}: {
  message: ShownMessage;
  path: string;
  editable: boolean;
  editing: boolean;
  first: boolean;
  last: boolean;
  groupName: Map<number, string>;
}) {
  const { t } = useTranslation("sites");
  return (
    <li className="message-card" aria-current={editing ? "true" : undefined}>
      <h3>
        <span className="message-card__icon" aria-hidden="true">
          {m.icon}
        </span>{" "}
        {m.title}
      </h3>
      <div className="message-card__content rich-text" dangerouslySetInnerHTML={{ __html: m.html }} />
      {m.action === "acknowledge" ? (
        <p className="message-card__checkbox">
          <span aria-hidden="true">☐ </span>
          <span className="visually-hidden">{t("messages.checkbox_shown")} </span>
          {m.checkbox_label}
        </p>
      ) : m.action === "sign" ? (
        <p className="message-card__checkbox">
          <span aria-hidden="true">✍ </span>
          <span className="visually-hidden">{t("messages.signature_shown")} </span>
          {m.checkbox_label}
        </p>
      ) : null}
      <dl className="message-card__details">
        <div>
          <dt>{t("messages.action_shown")}</dt>
          <dd>{t(`messages.action.${m.action}`)}</dd>
        </div>
        <div>
          <dt>{t("messages.recipients_shown")}</dt>
          <dd>
            {m.recipient_group_ids === null
              ? t("messages.recipients_every")
              : m.recipient_group_ids.map((gid) => groupName.get(gid) ?? t("customfields.group_elsewhere", { id: gid })).join(", ")}
          </dd>
        </div>
        <div>
          <dt>{t("messages.attachment_shown")}</dt>
          <dd>
            {m.attachment ? (
              <>
                <AttachmentSummary attachment={m.attachment} title={m.title} />
                {editable ? (
                  <Form method="post" action={path} preventScrollReset className="message-card__remove">
                    <input type="hidden" name="id" value={m.id} />
                    <SubmitButton name="intent" value="remove-attachment" variant="secondary">
                      {t("messages.attachment_remove")}
                      <span className="visually-hidden"> “{m.title}”</span>
                    </SubmitButton>
                  </Form>
                ) : null}
              </>
            ) : (
              t("messages.attachment_none")
            )}
          </dd>
        </div>
      </dl>
      <p className="muted">{t("messages.redisplay_shown", { when: t(`messages.redisplay.${m.redisplay}`) })}</p>
      {editable ? (
        <RowControls
          action={path}
          editTo={`${path}?edit=${m.id}`}
          id={m.id}
          name={m.title}
          first={first}
          last={last}
          question={t("messages.delete_question", { title: m.title })}
          confirm={t("messages.delete_confirm")}
        />
      ) : null}
    </li>
  );
}
