/**
 * A message's attachment: what it is (a link at the portal's `/files/{name}`, its kind and size in
 * the user's language), and on the message's edit view a new one to upload (replacing it).
 */
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { UPLOAD_RULES, uploadSchema } from "~/features/manage/media-schemas";
import { fileSize } from "~/i18n/file-size";
import { UploadForm } from "~/ui/fields";

export type Attachment = { url: string | null; kind: string; size: number };

/** The attachment's link (named for screen readers by `title` when given), its kind and size. */
export function AttachmentSummary({ attachment: a, title }: { attachment: Attachment; title?: string }) {
  const { t, i18n } = useTranslation("sites");
  return (
    <>
      {a.url ? (
        <a href={a.url} target="_blank" rel="noopener noreferrer">
          {t("messages.attachment_open")}
          {title === undefined ? null : <span className="visually-hidden"> “{title}”</span>}
        </a>
      ) : (
        t("messages.attachment_not_shown")
      )}{" "}
      <span className="muted">({t("messages.attachment_about", { kind: t(`messages.attachment_kind.${a.kind}`), size: fileSize(a.size, i18n.language) })})</span>
    </>
  );
}

/** The message's attachment on its edit view: what it has, and a new one to upload (replacing it). */
export function AttachmentForm({ path, message, result }: { path: string; message: { id: number; title: string; attachment: Attachment | null }; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("sites");
  const a = message.attachment;
  return (
    <section className="tab-section media-section" aria-labelledby="message-attachment-heading">
      <h3 id="message-attachment-heading">{t("messages.attachment_heading", { title: message.title })}</h3>
      <p className={a ? undefined : "muted"}>{a ? <AttachmentSummary attachment={a} /> : t("messages.attachment_none")}</p>
      <UploadForm
        id={`message-attachment-${message.id}`}
        schema={uploadSchema("attachment")}
        accept={UPLOAD_RULES.attachment.accept}
        action={`${path}?edit=${message.id}`}
        intent="upload-attachment"
        hidden={{ id: message.id }}
        lastResult={result}
        label={t("messages.attachment_field")}
        hint={t("media.attachment_hint")}
        submitLabel={t("messages.attachment_upload")}
      />
    </section>
  );
}
