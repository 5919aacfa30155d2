/** A tab bar: the tabs the access table draws for this user (`tabBar`), labelled, the current one marked by the router. */
import { NavLink } from "@remix-run/react";
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
