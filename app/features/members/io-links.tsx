/**
 * The members tab's spreadsheet links (issue 15 §1, §3; ADR 018): export the members as CSV or
 * XLSX, download the import template, and import. Plain links (downloads and a page): no
 * JavaScript needed. `can` hides what the user may not do (the routes refuse it all the same);
 * without it every link shows. `ioPermissions` (io-links.server.ts) computes it in a loader.
 */
import { useTranslation } from "react-i18next";

export interface MemberIoCan {
  export: boolean;
  import: boolean;
}

export function MemberIoLinks({ groupId, can = { export: true, import: true } }: { groupId: number; can?: MemberIoCan }) {
  const { t } = useTranslation("members");
  const base = `/manage/group/${groupId}/members`;
  return (
    <nav className="member-io" aria-label={t("export.links")}>
      <ul className="inline-list">
        {can.export ? (
          <li>
            {t("export.label")} <a href={`${base}/export?format=csv`} download>{t("export.csv")}</a> · <a href={`${base}/export?format=xlsx`} download>{t("export.xlsx")}</a>
          </li>
        ) : null}
        <li>
          {t("export.template")} <a href={`${base}/import/template?format=csv`} download>{t("export.template_csv")}</a> · <a href={`${base}/import/template?format=xlsx`} download>{t("export.template_xlsx")}</a>
        </li>
        {can.import ? (
          <li>
            <a href={`${base}/import`} className="button">
              {t("import.open")}
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
