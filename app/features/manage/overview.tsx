/**
 * The manage overview (platform §2 /manage/overview/{sites,groups,events}): 15 a page, a search by
 * name (a GET form: shareable, works without JavaScript), the client's limit, and "Add …" for
 * editors. Sites and events share `SiteOverview`; groups have `GroupOverview`; both sit in one
 * `OverviewFrame` (heading, sections, search, pages).
 */
import type { ReactNode } from "react";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataTable } from "~/ui/data-table";
import { Pager } from "~/ui/pager";
import { SearchBar } from "~/ui/search-bar";
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

/** The frame of every overview: its heading, the add button for editors, the sections, the search, the list and its pages. */
function OverviewFrame({ d, kind, addTo, children }: { d: OverviewCommon; kind: OverviewSection; addTo: string; children: ReactNode }) {
  const { t } = useTranslation("manage");
  const base = `/manage/overview/${kind}`;
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
      <SearchBar action={base} id="overview-search" label={t(`overview.${kind}.search`)} value={d.search} submitLabel={t("overview.search_submit")} />
      {d.total === 0 ? <p className="empty-state">{d.search ? t("overview.no_match", { search: d.search }) : t(`overview.${kind}.empty`)}</p> : children}
      <Pager label={t("overview.pages")} page={d.page} pages={d.pages} base={base} keep={{ search: d.search }} />
      <Outlet />
    </div>
  );
}

export function SiteOverview() {
  const d = useLoaderData<OverviewData>();
  const { t } = useTranslation("manage");
  return (
    <OverviewFrame d={d} kind={d.kind} addTo={`/manage/overview/${d.kind}/new`}>
      <DataTable
        caption={t(`overview.${d.kind}.caption`, { count: d.total })}
        columns={[t("overview.column.name"), d.kind === "events" ? t("overview.column.dates") : t("overview.column.type"), t("overview.column.address"), t("overview.column.on_site"), t("overview.column.devices")]}
      >
        {d.sites.map((s) => (
          <tr key={s.id} data-site-id={s.id}>
            <th scope="row">{d.canOpen ? <Link to={`/manage/site/${s.id}/details`}>{s.name}</Link> : s.name}</th>
            <td>{d.kind === "events" ? (s.dates ?? "") : t(`sites:site_type.${s.type}`)}</td>
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
      </DataTable>
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
      <DataTable caption={t("overview.groups.caption", { count: d.total })} columns={[t("overview.column.name"), t("overview.column.type"), t("overview.column.shown_at"), t("overview.column.members")]}>
        {d.groups.map((g) => (
          <tr key={g.id} data-group-id={g.id}>
            <th scope="row">{d.canOpen ? <Link to={`/manage/group/${g.id}/details`}>{g.name}</Link> : g.name}</th>
            <td>
              {t(`groups:type.${g.type}.label`)}
              {g.approvalRequired ? <span className="tag">{t("overview.groups.approval")}</span> : null}
            </td>
            <td>{g.everySite ? t("overview.groups.every_site") : t("overview.groups.sites", { count: g.siteCount })}</td>
            <td>{g.type === "returning" ? g.memberCount : <span className="muted">{t("overview.groups.no_members")}</span>}</td>
          </tr>
        ))}
      </DataTable>
    </OverviewFrame>
  );
}
