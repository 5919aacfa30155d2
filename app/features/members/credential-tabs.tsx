/**
 * The member editor's list tabs: documents (title, expiry, download through the portal's
 * /files/:name, delete; upload a PDF or an image), QR/RFID (issue, print and revoke a QR code;
 * register and revoke RFID tags; the credential warning) and companion (invite; a member needs an
 * email).
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { MemberDetail } from "@contract";
import { ActionNotice } from "~/ui/notice";
import { InputField, SubmitButton, TextField } from "~/ui/form";
import { FileField } from "~/ui/fields";
import { DeleteConfirm } from "~/ui/rows";
import { DataTable } from "~/ui/data-table";
import { UPLOAD_RULES } from "~/features/manage/media-schemas";
import type { Notice } from "~/forms/action-result";
import { MemberForm, useMemberForm } from "./member-form";
import { documentSchema, rfidSchema } from "./schemas";
import type { TabProps } from "./setting-tabs";

type ListTabProps = TabProps & { rowNotice: (row: number) => Notice | null };

export function DocumentsTab({ member, action, editable, lastResult, rowNotice }: ListTabProps) {
  const { t } = useTranslation("members");
  const [form, fields] = useMemberForm("member-document", documentSchema, { title: "", expires_on: "" }, lastResult("upload-document"));
  return (
    <>
      {member.documents.length === 0 ? (
        <p className="empty-state">{t("documents.none")}</p>
      ) : (
        <DataTable caption={t("documents.caption")} columns={[t("documents.title"), t("documents.expires_on"), t("documents.file"), ...(editable ? [t("documents.actions")] : [])]}>
          {member.documents.map((d) => (
            <tr key={d.id}>
              <th scope="row">{d.title}</th>
              <td>{d.expires_on ?? t("documents.no_expiry")}</td>
              <td>{d.file ? <a href={`/files/${d.file}`} download={d.filename ?? undefined}>{t("documents.download", { name: d.filename ?? d.title })}</a> : <span className="status status--error">{t("documents.file_gone")}</span>}</td>
              {editable ? (
                <td>
                  <DeleteConfirm action={action} id={d.id} name={d.title} question={t("documents.delete_question", { title: d.title })} confirm={t("documents.delete_confirm")} />
                  <ActionNotice notice={rowNotice(d.id)} />
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      )}
      {editable ? (
        <MemberForm form={form} action={action} intent="upload-document" editable={editable} legend={t("documents.add")} saveLabel={t("documents.upload")} multipart>
          <input type="hidden" name="intent" value="upload-document" />
          <TextField field={fields.title as never} label={t("documents.title")} autoComplete="off" />
          <InputField field={fields.expires_on as never} label={t("documents.expires_on")} type="date" max="2037-12-31" />
          <FileField field={fields.file as never} label={t("documents.file")} hint={t("documents.file_hint")} accept={UPLOAD_RULES.document.accept} />
        </MemberForm>
      ) : null}
    </>
  );
}

export function CredentialsTab({ member, action, editable, lastResult, rowNotice, qr, printing }: ListTabProps & { qr: Record<number, string>; printing: number | null }) {
  const { t } = useTranslation("members");
  const [form, fields] = useMemberForm("member-rfid", rfidSchema, { value: "" }, lastResult("add-rfid"));
  const printed = printing !== null ? member.credentials.find((c) => c.id === printing && c.kind === "qr") : undefined;
  if (printed && qr[printed.id]) {
    return (
      <figure className="qr-print" data-print>
        <img src={qr[printed.id]} alt={t("credentials.qr_alt", { name: member.name })} width={240} height={240} />
        <figcaption>
          <strong>{member.name}</strong>
          <br />
          <code>{printed.value}</code>
        </figcaption>
        <p className="hint">{t("credentials.print_hint")}</p>
        <Link to={action}>{t("credentials.back")}</Link>
      </figure>
    );
  }
  return (
    <>
      {member.credential_warnings.length > 0 ? (
        <div className="notice notice--warning" role="status">
          <p>{t("credentials.warning", { sites: member.credential_warnings.map((w) => w.site_name).join(", ") })}</p>
        </div>
      ) : null}
      {member.state === "archived" ? <p className="hint">{t("credentials.archived")}</p> : null}
      {member.credentials.length === 0 ? (
        <p className="empty-state">{t("credentials.none")}</p>
      ) : (
        <DataTable caption={t("credentials.caption")} columns={[t("credentials.kind"), t("credentials.value"), t("credentials.issued"), ...(editable ? [t("credentials.actions")] : [])]}>
          {member.credentials.map((c) => (
            <tr key={c.id}>
              <th scope="row">{t(`credentials.kind_${c.kind}`)}</th>
              <td>
                {c.kind === "qr" && qr[c.id] ? <img src={qr[c.id]} alt={t("credentials.qr_alt", { name: member.name })} width={96} height={96} /> : null}
                <code>{c.value}</code>
                {c.kind === "qr" ? (
                  <>
                    {" "}
                    <Link to={`${action}?print=${c.id}`}>{t("credentials.print")}</Link>
                  </>
                ) : null}
              </td>
              <td>{c.created_at.slice(0, 10)}</td>
              {editable ? (
                <td>
                  <DeleteConfirm action={action} id={c.id} name={c.value} question={t("credentials.revoke_question")} confirm={t("credentials.revoke")} />
                  <ActionNotice notice={rowNotice(c.id)} />
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      )}
      {editable && member.state !== "archived" ? (
        <>
          <Form method="post" action={action} preventScrollReset className="actions">
            <SubmitButton name="intent" value="issue-qr">
              {t("credentials.issue_qr")}
            </SubmitButton>
          </Form>
          <MemberForm form={form} action={action} intent="add-rfid" editable={editable} legend={t("credentials.add_rfid")} saveLabel={t("credentials.add_rfid_submit")}>
            <TextField field={fields.value as never} label={t("credentials.rfid")} hint={t("credentials.rfid_hint")} autoComplete="off" />
          </MemberForm>
        </>
      ) : null}
    </>
  );
}

export function CompanionTab({ member, action, editable }: TabProps) {
  const { t } = useTranslation("members");
  return (
    <section className="tab-section">
      <h3 className="tab-section__title">{t("tab.companion")}</h3>
      <p>{member.companion.connected_at ? t("companion.connected", { date: member.companion.connected_at.slice(0, 10) }) : t("companion.not_connected")}</p>
      <p>{member.companion.invited_at ? t("companion.invited", { date: member.companion.invited_at.slice(0, 10) }) : t("companion.never_invited")}</p>
      {!member.email ? <p className="hint">{t("validation.inviteNeedsEmail")}</p> : null}
      {editable && member.email && member.state !== "archived" ? (
        <Form method="post" action={action} preventScrollReset className="actions">
          <SubmitButton name="intent" value="invite">
            {t("companion.invite")}
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
