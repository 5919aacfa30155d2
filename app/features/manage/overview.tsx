/**
 * The manage overview (platform §2 /manage/overview/{sites,groups,events}): 15 a page, a search by
 * name (a GET form: shareable, works without JavaScript), the client's limit, and "Add …" for
 * editors. Sites and events share `SiteOverview`; groups have `GroupOverview`; both sit in one
 * `OverviewFrame` (heading, sections, search, pages).
 */
import type { ReactNode } from "react";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { SiteKind } from "./sites.server";

export type OverviewSection = SiteKind | "groups";
/** The sections in the order of platform §2. */
export const OVERVIEW_SECTIONS: readonly OverviewSection[] = ["sites", "groups", "events"];

interface OverviewCommon {
  title: string;
  /** The sections this user may open (each its viewer right). */
  sections: OverviewSection[];
  search: string;
  page: number;
  pages: number;
  total: number;
  canAdd: boolean;
  canOpen: boolean;
  limit: { limit: number; count: number } | null;
}

export interface OverviewData extends OverviewCommon {
  kind: SiteKind;
  sites: { id: number; name: string; type: string; address: string | null; dates: string | null; onSite: number; devices: { total: number; offline: number } }[];
}

export interface GroupOverviewData extends OverviewCommon {
  kind: "groups";
  groups: { id: number; name: string; type: "standard" | "returning" | "delivery"; approvalRequired: boolean; everySite: boolean; siteCount: number; memberCount: number }[];
}

function OverviewFrame({ d, kind, addTo, children }: { d: OverviewCommon; kind: OverviewSection; addTo: string; children: ReactNode }) {
  const { t } = useTranslation("manage");
  const base = `/manage/overview/${kind}`;
  const pageLink = (page: number) => `${base}?${new URLSearchParams({ ...(d.search ? { search: d.search } : {}), page: String(page) })}`;
  return (
    <div className="manage-overview">
      <div className="page-heading">
        <div>
          <h1>{t(`overview.${kind}.heading`)}</h1>
          {d.limit ? <p className="muted">{t(`overview.${kind}.limit`, { count: d.limit.count, limit: d.limit.limit })}</p> : null}
        </div>
        {d.canAdd ? (
          <div className="page-actions">
            <Link to={addTo} className="button" preventScrollReset>
              {t(`overview.${kind}.add`)}
            </Link>
          </div>
        ) : null}
      </div>
      {d.sections.length > 1 ? (
        <nav aria-label={t("overview.sections")} className="tabs">
          {d.sections.map((s) => (
            <Link key={s} to={`/manage/overview/${s}`} aria-current={s === kind ? "page" : undefined}>
              {t(`overview.${s}.tab`)}
            </Link>
          ))}
        </nav>
      ) : null}
      <Form method="get" action={base} className="filter-bar" role="search">
        <div className="field field--inline">
          <label htmlFor="overview-search">{t(`overview.${kind}.search`)}</label>
          <input id="overview-search" type="search" name="search" defaultValue={d.search} key={d.search} maxLength={100} />
        </div>
        <button type="submit" className="button button--secondary">
          {t("overview.search_submit")}
        </button>
      </Form>
      {d.total === 0 ? <p className="empty-state">{d.search ? t("overview.no_match", { search: d.search }) : t(`overview.${kind}.empty`)}</p> : children}
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

export function SiteOverview() {
  const d = useLoaderData<OverviewData>();
  const { t } = useTranslation("manage");
  return (
    <OverviewFrame d={d} kind={d.kind} addTo={`/manage/overview/${d.kind}/new`}>
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
    </OverviewFrame>
  );
}

/**
 * The client's groups: name, type, where they are shown, members. A group's own screens
 * (/manage/group/{id}) are the groups area's; until they exist the names are not links.
 */
export function GroupOverview() {
  const d = useLoaderData<GroupOverviewData>();
  const { t } = useTranslation("manage");
  return (
    <OverviewFrame d={d} kind="groups" addTo="/manage/group/add">
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">{t("overview.groups.caption", { count: d.total })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("overview.column.name")}</th>
              <th scope="col">{t("overview.column.type")}</th>
              <th scope="col">{t("overview.column.shown_at")}</th>
              <th scope="col">{t("overview.column.members")}</th>
            </tr>
          </thead>
          <tbody>
            {d.groups.map((g) => (
              <tr key={g.id} data-group-id={g.id}>
                <th scope="row">{d.canOpen ? <Link to={`/manage/group/${g.id}`}>{g.name}</Link> : g.name}</th>
                <td>
                  {t(`group_type.${g.type}.label`)}
                  {g.approvalRequired ? <span className="tag">{t("overview.groups.approval")}</span> : null}
                </td>
                <td>{g.everySite ? t("overview.groups.every_site") : t("overview.groups.sites", { count: g.siteCount })}</td>
                <td>{g.type === "returning" ? g.memberCount : <span className="muted">{t("overview.groups.no_members")}</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </OverviewFrame>
  );
}
