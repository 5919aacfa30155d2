/**
 * The files a group's emails carry (groups spec §3 "attachments"): each one's name (a download
 * link at the portal's `/files/{name}`), kind and size, removed after a confirmation; and a new one
 * to upload while there is room (at most 5, each a PDF or an image of at most 30 MB).
 */
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { GROUP_ATTACHMENT_LIMITS, type GroupAttachment } from "@contract";
import { UPLOAD_RULES, uploadSchema } from "~/features/manage/media-schemas";
import { fileSize } from "~/i18n/file-size";
import { DataTable } from "~/ui/data-table";
import { UploadForm } from "~/ui/fields";
import { DeleteConfirm } from "~/ui/rows";

export function Attachments({ path, attachments, editable, lastUpload }: { path: string; attachments: GroupAttachment[]; editable: boolean; lastUpload: SubmissionResult<string[]> | undefined }) {
  const { t, i18n } = useTranslation("groups");
  return (
    <section className="tab-section media-section" aria-labelledby="attachments-heading">
      <h3 id="attachments-heading">{t("attachments.heading")}</h3>
      <p className="hint">{t("attachments.intro", { max: GROUP_ATTACHMENT_LIMITS.perGroup })}</p>
      {attachments.length === 0 ? (
        <p className="muted">{t("attachments.none")}</p>
      ) : (
        <DataTable caption={t("attachments.heading")} columns={[t("attachments.column.name"), t("attachments.column.about"), editable ? t("attachments.column.actions") : null]}>
          {attachments.map((a) => (
            <tr key={a.id}>
              <th scope="row">
                <a href={`/files/${a.file}`} download={a.filename}>
                  {a.filename}
                </a>
              </th>
              <td>{t("attachments.about", { kind: t(`sites:messages.attachment_kind.${a.kind}`), size: fileSize(a.size, i18n.language) })}</td>
              {editable ? (
                <td>
                  <DeleteConfirm action={path} id={a.id} name={a.filename} question={t("attachments.remove_question", { name: a.filename })} confirm={t("attachments.remove")} hidden={{ name: a.filename }} />
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      )}
      {editable && attachments.length < GROUP_ATTACHMENT_LIMITS.perGroup ? (
        <UploadForm
          id="group-attachment"
          schema={uploadSchema("document")}
          accept={UPLOAD_RULES.document.accept}
          action={path}
          intent="attach"
          lastResult={lastUpload}
          label={t("attachments.field")}
          hint={t("attachments.rules")}
          submitLabel={t("attachments.upload")}
        />
      ) : editable ? (
        <p className="hint">{t("attachments.full", { max: GROUP_ATTACHMENT_LIMITS.perGroup })}</p>
      ) : null}
    </section>
  );
}
