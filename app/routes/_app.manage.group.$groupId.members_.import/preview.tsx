/**
 * The kept preview (nothing written yet): what the file would do, every refused row with its line
 * and reasons, a page of the changes, and the apply form (with "also archive the members not in
 * the file" when there are some).
 */
import { Form } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { ImportReason, MemberImportPreview } from "@contract";
import { pageCount } from "~/forms/paging";
import type { Notice } from "~/forms/action-result";
import { DataTable } from "~/ui/data-table";
import { ActionNotice } from "~/ui/notice";
import { Pager } from "~/ui/pager";

function Reason({ reason }: { reason: ImportReason }) {
  const { t } = useTranslation("members");
  const text = t(`import.reason.${reason.code}`, { defaultValue: reason.message });
  return (
    <li>
      {reason.column ? <strong>{t(`import.column.${reason.column}`)}: </strong> : null}
      {text}
      {reason.value ? ` (“${reason.value}”)` : ""}
    </li>
  );
}

export function ImportPreview({ preview: p, base, editable, lastApply, notice }: { preview: MemberImportPreview; base: string; editable: boolean; lastApply: SubmissionResult<string[]> | undefined; notice: Notice | null }) {
  const { t } = useTranslation("members");
  const c = p.counts;
  const pages = pageCount(p.total, p.per_page);
  const writes = c.create + c.update + c.archive;
  return (
    <>
      <p>{t("import.preview.intro", { filename: p.filename, time: p.expires_at.slice(11, 16) })}</p>
      <div data-import-answer>
        <ActionNotice notice={notice} />
        {lastApply?.error?.[""]?.length ? <ActionNotice notice={{ key: lastApply.error[""][0], tone: "error" }} /> : null}
      </div>
      <ul className="import-counts" aria-label={t("import.preview.counts")}>
        <li>{t("import.preview.rows", { n: c.rows })}</li>
        <li>{t("import.preview.create", { n: c.create })}</li>
        <li>{t("import.preview.update", { n: c.update })}</li>
        <li>{t("import.preview.archive", { n: c.archive })}</li>
        <li>{t("import.preview.unchanged", { n: c.unchanged })}</li>
        <li>{t("import.preview.refused", { n: c.refused })}</li>
        <li>{t("import.preview.missing", { n: c.missing })}</li>
      </ul>
      {c.refused > 0 ? (
        <>
          <h3>{t("import.preview.refused_title", { n: c.refused })}</h3>
          {c.refused > p.refused.length ? <p>{t("import.preview.refused_first", { n: p.refused.length })}</p> : null}
          <DataTable caption={t("import.preview.refused_title", { n: c.refused })} columns={[t("import.preview.line"), t("import.column.name"), t("import.preview.reasons")]}>
            {p.refused.map((r) => (
              <tr key={r.line}>
                <th scope="row">{r.line}</th>
                <td>{r.name ?? ""}</td>
                <td>
                  <ul>
                    {r.reasons.map((reason, i) => (
                      <Reason key={i} reason={reason} />
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      ) : null}
      {p.total > 0 ? (
        <>
          <h3>{t("import.preview.changes_title", { n: p.total })}</h3>
          <DataTable caption={t("import.preview.changes_title", { n: p.total })} columns={[t("import.preview.line"), t("import.preview.action"), t("import.column.name"), t("import.column.email"), t("import.preview.changed")]}>
            {p.changes.map((ch, i) => (
              <tr key={`${ch.line ?? "m"}-${ch.member_id ?? i}`}>
                <th scope="row">{ch.line ?? t("import.preview.not_in_file")}</th>
                <td>{t(`import.action.${ch.action}`)}</td>
                <td>{ch.name}</td>
                <td>{ch.email ?? ""}</td>
                <td>{ch.columns.map((col) => t(`import.column.${col}`)).join(", ")}</td>
              </tr>
            ))}
          </DataTable>
          <Pager label={t("import.preview.pages")} page={p.page} pages={pages} base={`${base}/import`} keep={{ preview: p.id }} />
        </>
      ) : null}
      {editable && (writes > 0 || c.missing > 0) ? (
        <Form method="post" action={`${base}/import?preview=${encodeURIComponent(p.id)}`} className="stack">
          <input type="hidden" name="preview" value={p.id} />
          {c.missing > 0 ? (
            <div className="field field--check">
              <input id="archive-missing" type="checkbox" name="archive_missing" />
              <label htmlFor="archive-missing">{t("import.preview.archive_missing", { n: c.missing })}</label>
            </div>
          ) : null}
          <div className="actions">
            <button type="submit" name="intent" value="apply" className="button button--primary">
              {t("import.preview.apply", { create: c.create, update: c.update, archive: c.archive })}
            </button>
            <a href={`${base}/import`}>{t("import.preview.another")}</a>
          </div>
        </Form>
      ) : (
        <p>
          <a href={`${base}/import`}>{t("import.preview.another")}</a>
        </p>
      )}
    </>
  );
}
