/**
 * /reports/evacuations — past and current evacuations at the user's sites, newest first, 15 a
 * page, with a site filter (a GET form: works without JavaScript, and the URL can be shared).
 * An evacuation in progress at a site the page lists makes the list reload when it completes or
 * another starts (the sites' channels), so nobody works from a stale list during a fire.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageParam } from "~/forms/list-state.server";
import { pageCount } from "~/forms/paging";
import { requireAccess } from "~/access/guard.server";
import { postedId } from "~/forms/action-result.server";
import { reportPath } from "~/features/evacuations/paths";
import { siteChannel } from "~/features/today/today.server";
import type { Locale } from "~/i18n/config";
import { formatDateTimeAt } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { useRealtime } from "~/realtime/use-realtime";
import { Pager } from "~/ui/pager";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { upstreamLoad } from "~/upstream/load.server";
import { pageTitle } from "~/ui/meta";
import { SiteFilter } from "~/ui/site-filter";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "evacuations")]);
  const { viewer, config } = access;
  const url = new URL(request.url);
  // Evacuations happen at physical sites: remote sites have nobody to evacuate.
  const sites = config.sites.filter((s) => s.type !== "remote").map((s) => ({ id: s.id, name: s.name, timezone: s.timezone }));
  const site = sites.find((s) => s.id === postedId(url.searchParams.get("site"))) ?? null;
  const page = pageParam(url);
  const list = await upstreamLoad(viewer.api("evacuations", { query: { site_id: site?.id, page } }));
  const locale = viewer.locale as Locale;
  const zone = (siteId: number) => sites.find((s) => s.id === siteId)?.timezone ?? "UTC";
  return data(
    {
      title: `${t("evacuations:list.title")} · Gatehouse`,
      sites,
      site: site?.id ?? null,
      page: list.page,
      pages: pageCount(list.total, list.per_page),
      total: list.total,
      channels: (site ? [site] : sites).map((s) => siteChannel(s.id)),
      evacuations: list.evacuations.map((e) => ({
        id: e.id,
        site: e.site_name,
        status: e.status,
        started: formatDateTimeAt(e.started_at, zone(e.site_id), locale),
        startedBy: e.started_by,
        completed: e.completed_at ? formatDateTimeAt(e.completed_at, zone(e.site_id), locale) : null,
        accounted: e.accounted_count,
        evacuees: e.evacuee_count,
      })),
    },
    { headers: access.headers },
  );
}

/** The list's own words for its pager (the evacuations namespace has them). */
const PAGER_WORDS = { previous: "evacuations:list.previous", next: "evacuations:list.next", pageOf: "evacuations:list.page_of" };

export default function EvacuationList() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("evacuations");
  const revalidator = useRevalidator();
  const reload = () => revalidator.state === "idle" && revalidator.revalidate();
  useRealtime(d.channels, (m) => (m.event === "EvacuationCreatedEvent" || m.event === "EvacuationCompleteEvent") && reload(), reload);
  return (
    <div className="evacuation-list">
      <div className="page-heading">
        <h1>{t("list.heading")}</h1>
      </div>
      <Form method="get" action="/reports/evacuations" className="filter-bar">
        <SiteFilter id="evacuation-site" label={t("list.site")} allLabel={t("list.all_sites")} sites={d.sites} value={d.site == null ? "" : String(d.site)} />
        <button type="submit" className="button button--secondary">
          {t("list.filter")}
        </button>
      </Form>
      {d.evacuations.length === 0 ? (
        <p className="empty-state">{t("list.empty")}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t("list.caption", { count: d.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("list.column.started")}</th>
                <th scope="col">{t("list.column.site")}</th>
                <th scope="col">{t("list.column.status")}</th>
                <th scope="col">{t("list.column.accounted")}</th>
                <th scope="col">{t("list.column.started_by")}</th>
                <th scope="col">{t("list.column.completed")}</th>
              </tr>
            </thead>
            <tbody>
              {d.evacuations.map((e) => (
                <tr key={e.id} data-evacuation-id={e.id}>
                  <th scope="row">
                    <Link to={reportPath(e.id)}>{e.started}</Link>
                  </th>
                  <td>{e.site}</td>
                  <td>
                    <span className={`evacuation-status evacuation-status--${e.status}`}>
                      <span aria-hidden="true">{e.status === "completed" ? "■ " : "● "}</span>
                      {t(`status.${e.status}`)}
                    </span>
                  </td>
                  <td>{t("report.of", { accounted: e.accounted, total: e.evacuees })}</td>
                  <td>{e.startedBy}</td>
                  <td>{e.completed ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager label={t("list.pages")} page={d.page} pages={d.pages} base="/reports/evacuations" keep={{ site: d.site ? String(d.site) : "" }} words={PAGER_WORDS} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
