/**
 * The visitor forms table (ADR 030): name (opening the form), sites, groups, on or off (in words),
 * visitors who used it, its public link with a copy button, and the row's actions.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { VisitorForm } from "@contract";
import { rowNotice, type ActionResult } from "~/forms/action-result";
import { formPath } from "~/features/visitor-forms/paths";
import { CopyButton } from "~/ui/copy-button";
import { DataTable } from "~/ui/data-table";
import { ActionNotice } from "~/ui/notice";
import { DeleteConfirm } from "~/ui/rows";

export function FormTable({ forms, total, list, siteNames, groupNames, edit, answer }: { forms: VisitorForm[]; total: number; list: string; siteNames: Record<string, string>; groupNames: Record<string, string>; edit: boolean; answer: ActionResult | undefined | unknown }) {
  const { t } = useTranslation("features");
  const columns = [t("forms.column.name"), t("forms.column.sites"), t("forms.column.groups"), t("forms.column.status"), t("forms.column.submissions"), t("forms.column.link"), t("forms.column.actions")];
  const names = (ids: number[], from: Record<string, string>) => ids.map((id) => from[id] ?? `#${id}`).join(", ");
  return (
    <DataTable caption={t("forms.caption", { total })} columns={columns}>
      {forms.map((f) => (
        <tr key={f.id}>
          <th scope="row">
            <Link to={formPath(f.id)} preventScrollReset>
              {f.name}
            </Link>
          </th>
          <td>{names(f.site_ids, siteNames)}</td>
          <td>{names(f.group_ids, groupNames)}</td>
          <td>
            <span className={`status status--${f.enabled ? "on" : "off"}`}>{t(f.enabled ? "forms.enabled" : "forms.disabled")}</span>
          </td>
          <td>{f.submissions}</td>
          <td>
            <code className="copyable" id={`form-link-${f.id}`}>
              {f.link}
            </code>{" "}
            <CopyButton target={`form-link-${f.id}`} label={t("forms.copy_link", { name: f.name })} />
          </td>
          <td>
            <div className="row-actions__group">
              <Link className="button button--secondary" to={formPath(f.id)} preventScrollReset>
                {t(edit ? "forms.edit" : "forms.open")}
                <span className="visually-hidden"> {f.name}</span>
              </Link>
              {edit ? <DeleteConfirm action="/manage/features/forms" id={f.id} name={f.name} question={t("forms.delete_question", { name: f.name })} confirm={t("forms.delete_confirm")} hidden={{ name: f.name, list }} /> : null}
            </div>
            <ActionNotice notice={rowNotice(answer as never, f.id)} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
