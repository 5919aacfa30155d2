/** The frame of every account page (ADR 023): the heading, the account tab bar drawn from the access table, the page. */
import { useTranslation } from "react-i18next";
import { DataTable } from "~/ui/data-table";
import { TabBar } from "~/ui/tab-bar";

export function AccountPage({ tabs, title, children }: { tabs: { to: string; labelKey: string; name: string }[]; title: string; children: React.ReactNode }) {
  const { t } = useTranslation("account");
  return (
    <div className="manage">
      <h1>{t("title")}</h1>
      <TabBar label={t("tabs")} tabs={tabs} ns="account" />
      <div className="tab-panel">
        <h2>{title}</h2>
        {children}
      </div>
    </div>
  );
}

/** A list of the page under its own heading: a table, or a line saying there is nothing yet. */
export function ListSection({ id, heading, emptyText, columns, empty, children }: { id: string; heading: string; emptyText: string; columns: string[]; empty: boolean; children: React.ReactNode }) {
  return (
    <section className="tab-section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{heading}</h3>
      {empty ? (
        <p className="muted">{emptyText}</p>
      ) : (
        <DataTable caption={heading} columns={columns}>
          {children}
        </DataTable>
      )}
    </section>
  );
}
