/**
 * The signed-in shell: header with the client, the site picker and the user menu. Every page
 * under it is for signed-in users; the loader sends anyone else to /login with redirectTo.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loadShell } from "~/features/auth/shell.server";
import { requireViewer } from "~/session/auth.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { Brand } from "~/ui/form";

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const { shell, headers } = await loadShell(request, viewer);
  return data(shell, { headers });
}

export default function AppShell() {
  const shell = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <>
      <header className="shell-header">
        <div className="shell-header__inner">
          <Link to="/today" className="brand-link" aria-label={t("shell.home")}>
            <Brand />
          </Link>
          <nav aria-label={t("shell.main_nav")}>
            <NavLink to="/today">{t("shell.nav.today")}</NavLink>
          </nav>
          <div className="shell-spacer" />
          <span className="badge" title={t("shell.client")}>
            {shell.client.name}
          </span>
          {shell.sites.length > 0 ? (
            <Form method="post" action="/select-site" className="inline-form">
              <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
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
          <details className="user-menu">
            <summary>
              <span className="visually-hidden">{t("shell.user_menu")}: </span>
              {shell.user.name}
            </summary>
            <div className="user-menu__panel">
              <span className="muted">{shell.user.email}</span>
              {shell.multiClient ? <Link to="/client-switcher">{t("shell.switch_client")}</Link> : null}
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
