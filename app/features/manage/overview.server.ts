/** The manage overview's loader (sites or events), shared by the two routes. */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { outcomeFor } from "~/access/outcome";
import { postedId } from "~/features/action-outcome.server";
import type { Locale } from "~/i18n/config";
import { formatDateTimeAt } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import type { OverviewData } from "./overview";
import { kindPermissions, type SiteKind } from "./sites.server";

export async function overviewLoader({ request }: LoaderFunctionArgs, kind: SiteKind) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 100);
  const page = postedId(url.searchParams.get("page")) ?? 1;
  const list = await upstreamLoad(access.viewer.api("manageSites", { query: { kind, search: search || undefined, page } }));
  const locale = access.viewer.locale as Locale;
  const body: OverviewData = {
    title: `${t(`manage:overview.${kind}.heading`)} · Gatehouse`,
    kind,
    search,
    page: list.page,
    pages: Math.max(1, Math.ceil(list.total / list.per_page)),
    total: list.total,
    canAdd: kindPermissions(access.config, kind).edit,
    canOpen: outcomeFor("/manage/site/1/details", access.ctx).kind === "view",
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
