/**
 * The manage overview of sites or events (platform §2 /manage/overview/{sites,events}): 15 a page,
 * a search by name (a GET form: shareable, works without JavaScript), the site limit, and "Add a
 * site" / "Add an event" for editors of that kind. Shared by the two routes.
 */
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { SiteKind } from "./sites.server";

export interface OverviewData {
  title: string;
  kind: SiteKind;
  search: string;
  page: number;
  pages: number;
  total: number;
  canAdd: boolean;
  canOpen: boolean;
  limit: { limit: number; count: number } | null;
  sites: { id: number; name: string; type: string; address: string | null; dates: string | null; onSite: number; devices: { total: number; offline: number } }[];
}

export function SiteOverview() {
  const d = useLoaderData<OverviewData>();
  const { t } = useTranslation("manage");
  const base = `/manage/overview/${d.kind}`;
  const pageLink = (page: number) => `${base}?${new URLSearchParams({ ...(d.search ? { search: d.search } : {}), page: String(page) })}`;
  return (
    <div className="manage-overview">
      <div className="page-heading">
        <div>
          <h1>{t(`overview.${d.kind}.heading`)}</h1>
          {d.limit ? <p className="muted">{t("overview.limit", { count: d.limit.count, limit: d.limit.limit })}</p> : null}
        </div>
        {d.canAdd ? (
          <div className="page-actions">
            <Link to={`${base}/new`} className="button" preventScrollReset>
              {t(`overview.${d.kind}.add`)}
            </Link>
          </div>
        ) : null}
      </div>
      <nav aria-label={t("overview.sections")} className="tabs">
        <Link to="/manage/overview/sites" aria-current={d.kind === "sites" ? "page" : undefined}>
          {t("overview.sites.tab")}
        </Link>
        <Link to="/manage/overview/events" aria-current={d.kind === "events" ? "page" : undefined}>
          {t("overview.events.tab")}
        </Link>
      </nav>
      <Form method="get" action={base} className="filter-bar" role="search">
        <div className="field field--inline">
          <label htmlFor="overview-search">{t(`overview.${d.kind}.search`)}</label>
          <input id="overview-search" type="search" name="search" defaultValue={d.search} key={d.search} maxLength={100} />
        </div>
        <button type="submit" className="button button--secondary">
          {t("overview.search_submit")}
        </button>
      </Form>
      {d.sites.length === 0 ? (
        <p className="empty-state">{d.search ? t("overview.no_match", { search: d.search }) : t(`overview.${d.kind}.empty`)}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t(`overview.${d.kind}.caption`, { count: d.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("overview.column.name")}</th>
                <th scope="col">{d.kind === "events" ? t("overview.column.dates") : t("overview.column.type")}</th>
                <th scope="col">{t("overview.column.address")}</th>
                <th scope="col">{t("overview.column.on_site")}</th>
                <th scope="col">{t("overview.column.devices")}</th>
              </tr>
            </thead>
            <tbody>
              {d.sites.map((s) => (
                <tr key={s.id} data-site-id={s.id}>
                  <th scope="row">{d.canOpen ? <Link to={`/manage/site/${s.id}/details`}>{s.name}</Link> : s.name}</th>
                  <td>{d.kind === "events" ? (s.dates ?? "") : t(`site_type.${s.type}`)}</td>
                  <td>{s.address ?? ""}</td>
                  <td>{s.onSite}</td>
                  <td>
                    {s.devices.total === 0 ? (
                      t("overview.no_devices")
                    ) : (
                      <>
                        {t("overview.devices", { count: s.devices.total })}
                        {s.devices.offline > 0 ? <span className="tag tag--warning">{t("overview.offline", { count: s.devices.offline })}</span> : null}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {d.pages > 1 ? (
        <nav aria-label={t("overview.pages")} className="pagination">
          {d.page > 1 ? <Link to={pageLink(d.page - 1)}>{t("overview.previous")}</Link> : null}
          <span>{t("overview.page_of", { page: d.page, pages: d.pages })}</span>
          {d.page < d.pages ? <Link to={pageLink(d.page + 1)}>{t("overview.next")}</Link> : null}
        </nav>
      ) : null}
      <Outlet />
    </div>
  );
}
