/**
 * The signed-in shell: the areas the user may open (drawn from the access table), the client, the
 * site picker, the language picker and the user menu. Each page below calls `requireAccess`
 * itself, so a page it refuses renders its 403 inside this shell.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { loadAccess } from "~/access/guard.server";
import { shellData } from "~/features/auth/shell.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { Brand } from "~/ui/form";
import { LanguagePicker } from "~/ui/language-picker";

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAccess(request);
  return data(await shellData(access, access.viewer.locale), { headers: access.headers });
}

export default function AppShell() {
  const shell = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const here = location.pathname + location.search;
  // The menu is a native <details> (works without JavaScript); after a client-side navigation
  // the header stays mounted, so close it or its panel would cover the new page.
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);
  return (
    <>
      {navigation.state !== "idle" ? (
        <div className="progress" role="progressbar" aria-label={t("shell.loading")} />
      ) : null}
      <header className="shell-header">
        <div className="shell-header__inner">
          <Link to="/today" className="brand-link" aria-label={t("shell.home")}>
            <Brand />
          </Link>
          <nav aria-label={t("shell.main_nav")} className="shell-nav">
            {shell.nav.map((item) => (
              <NavLink key={item.to} to={item.to}>
                {t(item.labelKey)}
              </NavLink>
            ))}
          </nav>
          <div className="shell-spacer" />
          <span className="badge shell-client" title={t("shell.client")}>
            {shell.client.name}
          </span>
          {shell.client.expired ? <span className="tag tag--warning">{t("shell.trial_ended")}</span> : null}
          {shell.sites.length > 0 ? (
            <Form method="post" action="/select-site" className="inline-form">
              <input type="hidden" name="redirectTo" value={here} />
              <label htmlFor="site-picker">{t("shell.site")}</label>
              <select id="site-picker" name="siteId" defaultValue={shell.siteId ?? undefined} key={shell.siteId}>
                {shell.sites.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
              <button type="submit" className="button button--secondary">
                {t("shell.select_site")}
              </button>
            </Form>
          ) : null}
          <details className="user-menu" ref={menu}>
            <summary>
              <span className="visually-hidden">{t("shell.user_menu")}: </span>
              {shell.user.name}
              {shell.user.isSuper ? <span className="badge badge--super">{t("shell.super_user")}</span> : null}
            </summary>
            <div className="user-menu__panel">
              <span className="muted">{shell.user.email}</span>
              <Link to="/my-profile">{t("shell.my_profile")}</Link>
              <Link to="/support">{t("shell.support")}</Link>
              {shell.multiClient ? <Link to="/client-switcher">{t("shell.switch_client")}</Link> : null}
              <LanguagePicker locale={shell.locale} locales={shell.locales} redirectTo={here} />
              <Form method="post" action="/logout">
                <button type="submit" className="button button--link">
                  {t("shell.logout")}
                </button>
              </Form>
            </div>
          </details>
        </div>
      </header>
      <main id="main" className="shell-main">
        <Outlet />
      </main>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
