/** The frame of every account page (ADR 023): the heading, the account tab bar drawn from the access table, the page. */
import { useTranslation } from "react-i18next";
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
