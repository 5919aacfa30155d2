/** A tab bar: the tabs the access table draws for this user (`tabBar`), labelled, the current one marked by the router. */
import { Link, NavLink, Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function TabBar({ label, tabs, ns }: { label: string; tabs: { to: string; labelKey: string; name: string }[]; ns: string }) {
  const { t } = useTranslation(ns);
  return (
    <nav aria-label={label} className="tabs">
      {tabs.map((tab) => (
        <NavLink key={tab.name} to={tab.to} preventScrollReset>
          {t(tab.labelKey)}
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * A page with tabs (a site, a group, an area such as SSO or the safety check): the way back, its
 * title, a line under it (what kind of thing it is, or what the area is for; and "read only" for a
 * user who may not change it), its tab bar, and the open tab (the child route).
 */
export function TabbedPage({
  back,
  title,
  subtitle,
  readOnly = false,
  tabsLabel,
  tabs,
  ns,
}: {
  back: { to: string; label: string };
  title: string;
  subtitle: string;
  readOnly?: boolean;
  tabsLabel: string;
  tabs: { to: string; labelKey: string; name: string }[];
  ns: string;
}) {
  const { t } = useTranslation("common");
  return (
    <div className="managed-site">
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
      <div className="page-heading">
        <div>
          <h1>{title}</h1>
          <p className="muted">
            {subtitle}
            {readOnly ? ` · ${t("read_only")}` : null}
          </p>
        </div>
      </div>
      <TabBar label={tabsLabel} tabs={tabs} ns={ns} />
      <div className="tab-panel">
        <Outlet />
      </div>
    </div>
  );
}
