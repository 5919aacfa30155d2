/**
 * "Out now" (ADR 015): for a sign-out-first group shown at the site, its members who are away — who
 * left and when — each with "Signed back in" for users holding Today.signInOut. Kept live by the
 * same site events as the rest of the page.
 */
import { useTranslation } from "react-i18next";
import type { GroupSection } from "~/features/today/state";
import type { Locale } from "~/i18n/config";
import { formatDateTimeAt, formatTimeAt, wallClock } from "~/i18n/format";
import { DataTable } from "~/ui/data-table";
import { RowAction, VisitNameCell } from "./visit-table";

/** The time they left; with the date when it was not today at the site. */
function leftAt(iso: string, timezone: string, locale: Locale): string {
  const day = (d: Date) => d.toDateString();
  return day(wallClock(iso, timezone)) === day(wallClock(new Date(), timezone)) ? formatTimeAt(iso, timezone, locale) : formatDateTimeAt(iso, timezone, locale);
}

export function OutNow({ section, timezone, locale, canReturn }: { section: GroupSection; timezone: string; locale: Locale; canReturn: boolean }) {
  const { t } = useTranslation("today");
  const { group, visits } = section;
  const headingId = `out-now-${group.id}`;
  return (
    <section className="today__section" aria-labelledby={headingId} data-testid="out-now">
      <h3 id={headingId}>
        {t("sign_out_first.out_now", { group: group.name })} <span className="count-badge">{visits.length}</span>
      </h3>
      {visits.length === 0 ? (
        <p className="empty-state">{t("sign_out_first.nobody_out")}</p>
      ) : (
        <DataTable
          caption={t("sign_out_first.out_now", { group: group.name })}
          columns={[t("column.name"), t("sign_out_first.left_at"), canReturn ? <span className="visually-hidden">{t("column.actions")}</span> : null]}
        >
          {visits.map((v) => (
            <tr key={v.id} data-visit-id={v.id}>
              <VisitNameCell visit={v} />
              <td>{leftAt(v.signed_out_at ?? v.created_at, timezone, locale)}</td>
              {canReturn ? (
                <td className="row-actions">
                  <RowAction intent="return" visit={v} label={t("sign_out_first.return", { name: v.name })} text={t("sign_out_first.return_short")} />
                </td>
              ) : null}
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
