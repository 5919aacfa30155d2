/** Today's rejected sign-ins at the site (the safety check, ADR 029): who, in which group, when, and why. */
import { useTranslation } from "react-i18next";
import type { Visit } from "@contract";
import { SafetyFlag } from "~/features/safety-check/flag";
import type { Locale } from "~/i18n/config";
import { formatTimeAt } from "~/i18n/format";
import { VisitNameCell } from "./visit-table";

export function RejectedToday({ visits, timezone, locale }: { visits: Visit[]; timezone: string; locale: Locale }) {
  const { t } = useTranslation("today");
  if (visits.length === 0) return null;
  return (
    <section className="today__section" aria-labelledby="rejected-heading">
      <h3 id="rejected-heading">
        {t("safety-check:today.rejected_heading")} <span className="count-badge">{visits.length}</span>
      </h3>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("column.name")}</th>
              <th scope="col">{t("column.company")}</th>
              <th scope="col">{t("safety-check:today.group")}</th>
              <th scope="col">{t("safety-check:today.at")}</th>
              <th scope="col">{t("safety-check:today.reason")}</th>
            </tr>
          </thead>
          <tbody>
            {visits.map((v) => (
              <tr key={v.id} data-visit-id={v.id}>
                <VisitNameCell visit={v} />
                <td>{v.company ?? ""}</td>
                <td>{v.group.name}</td>
                <td>{formatTimeAt(v.created_at, timezone, locale)}</td>
                <td>
                  <SafetyFlag visit={v} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
