/** The manage overview's loaders: sites or events (shared by the two routes), and groups. */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { pageCount } from "~/forms/paging";
import { requireAccess, type Access } from "~/access/guard.server";
import { opensScreen } from "~/access/outcome";
import type { Locale } from "~/i18n/config";
import { formatDateTimeAt } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { listState } from "~/forms/list-state.server";
import { OVERVIEW_SECTIONS, type GroupOverviewData, type OverviewData } from "./overview";
import type { SiteKind } from "./sites.server";

/** The search and page of the URL (a page that is not a positive number is the first). */
const listQuery = (request: Request) => listState(new URL(request.url));

const sectionsFor = (access: Access) => OVERVIEW_SECTIONS.filter((s) => opensScreen(`/manage/overview/${s}`, access.ctx));

export async function overviewLoader({ request }: LoaderFunctionArgs, kind: SiteKind) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const { search, page } = listQuery(request);
  const list = await upstreamLoad(access.viewer.api("manageSites", { query: { kind, search: search || undefined, page } }));
  const locale = access.viewer.locale as Locale;
  const body: OverviewData = {
    title: `${t(`manage:overview.${kind}.heading`)} · Gatehouse`,
    kind,
    sections: sectionsFor(access),
    search,
    page: list.page,
    pages: pageCount(list.total, list.per_page),
    total: list.total,
    canAdd: opensScreen(`/manage/overview/${kind}/new`, access.ctx),
    canOpen: opensScreen("/manage/site/1/details", access.ctx),
    limit: kind === "sites" && list.site_limit !== null ? { limit: list.site_limit, count: list.site_count } : null,
    sites: list.sites.map((s) => ({
      id: s.id,
      name: s.name,
      type: s.type,
      address: s.address,
      dates: s.active_from && s.active_until ? `${formatDateTimeAt(s.active_from, s.timezone, locale)} – ${formatDateTimeAt(s.active_until, s.timezone, locale)}` : null,
      onSite: s.visitors_signed_in_count,
      devices: s.devices,
    })),
  };
  return data(body, { headers: access.headers });
}

export async function groupOverviewLoader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const { search, page } = listQuery(request);
  const list = await upstreamLoad(access.viewer.api("manageGroups", { query: { search: search || undefined, page } }));
  const body: GroupOverviewData = {
    title: `${t("manage:overview.groups.heading")} · Gatehouse`,
    kind: "groups",
    sections: sectionsFor(access),
    search,
    page: list.page,
    pages: pageCount(list.total, list.per_page),
    total: list.total,
    canAdd: opensScreen("/manage/group/add", access.ctx),
    canOpen: opensScreen("/manage/group/1/details", access.ctx),
    limit: list.group_limit !== null ? { limit: list.group_limit, count: list.group_count } : null,
    groups: list.groups.map((g) => ({
      id: g.id,
      name: g.name,
      type: g.type,
      approvalRequired: g.approval_required,
      everySite: g.every_site,
      siteCount: g.site_count,
      memberCount: g.member_count,
    })),
  };
  return data(body, { headers: access.headers });
}
