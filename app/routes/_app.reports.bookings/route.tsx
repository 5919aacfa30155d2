/**
 * /reports/bookings — the bookings report (issue 26 item 7; ADR 036; BookingsReport.viewer, active
 * accounts): one row per booking per day it covers at the sites the user may see, with how the day
 * went (used: its person signed in; released unused; cancelled; not used), the totals, and the
 * filters of a GET form (no JavaScript; the URL can be shared): a range of at most 31 days, a site
 * and then one of its zones, a category, an outcome and a person's name. Exported as CSV or XLSX for
 * the same filter; 50 rows a page.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BOOKING_OUTCOMES, SPACE_CATEGORIES, type SpaceNode } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { can } from "~/access/rights";
import { ExportButtons, FilterDate, FilterSelect } from "~/features/attendance/filter-fields";
import { reportSites } from "~/features/attendance/filters.server";
import { bookingsFilters, bookingsKeep, bookingsQuery } from "~/features/spaces/report-filters.server";
import { pageParam } from "~/forms/list-state.server";
import { pageCount } from "~/forms/paging";
import type { Locale } from "~/i18n/config";
import { formatDay } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { FieldErrors } from "~/ui/form";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { Pager } from "~/ui/pager";
import { upstreamLoad } from "~/upstream/load.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

/** A site's zones with their paths ("Floor 1 › North wing"), for the zone filter. */
function zonesOf(nodes: SpaceNode[], path: string[] = []): { id: number; name: string }[] {
  return nodes.flatMap((n) => (n.type === "zone" ? [{ id: n.id, name: [...path, n.name].join(" › ") }, ...zonesOf(n.children, [...path, n.name])] : []));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "spaces")]);
  const url = new URL(request.url);
  const { filters, problems } = bookingsFilters(url, access);
  const page = pageParam(url);
  // A site's zones, when the user may read its spaces (a report viewer without a spaces right filters by site only).
  const readsSpaces = can(access, "Spaces.viewer") || can(access, "Spaces.book");
  const zones = filters.site !== null && readsSpaces ? await access.viewer.api("spacesOfSite", { params: { siteId: filters.site } }).then((s) => zonesOf(s.layout), () => null) : null;
  const base = { title: `${t("report.title")} · Gatehouse`, sites: reportSites(access), zones, filters, keep: bookingsKeep(filters), errors: Object.fromEntries(problems.map((p) => [p.field, p.key])) };
  if (problems.length) return data({ ...base, report: null, page: 1, pages: 1 }, { status: 400, headers: access.headers });
  const report = await upstreamLoad(access.viewer.api("bookingsReport", { query: { ...bookingsQuery(filters), page } }));
  const locale = access.viewer.locale as Locale;
  const rows = report.rows.map((r) => ({ ...r, date: formatDay(r.day, locale), time: `${r.start.slice(11, 16)}–${r.end.slice(0, 10) === r.day ? r.end.slice(11, 16) : `${formatDay(r.end.slice(0, 10), locale)} ${r.end.slice(11, 16)}`}` }));
  return data({ ...base, report: { ...report, rows }, page: report.page, pages: pageCount(report.total, report.per_page) }, { headers: access.headers });
}

export default function BookingsReport() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("spaces");
  const f = d.filters;
  return (
    <div className="attendance-report">
      <div className="page-heading">
        <h1>{t("report.heading")}</h1>
      </div>
      <p>{t("report.intro")}</p>
      <Form method="get" action="/reports/bookings" className="filter-bar">
        <FilterDate id="bookings-from" name="from" label={t("attendance:filter.from")} value={f.from} error={d.errors.from} />
        <FilterDate id="bookings-to" name="to" label={t("attendance:filter.to")} value={f.to} error={d.errors.to} />
        <FilterSelect id="bookings-site" name="site" label={t("attendance:filter.site")} allLabel={t("attendance:filter.all_sites")} options={d.sites} value={f.site} error={d.errors.site} />
        {d.zones || d.errors.zone ? <FilterSelect id="bookings-zone" name="zone" label={t("report.filter.zone")} allLabel={t("report.filter.all_zones")} options={d.zones ?? []} value={f.zone} error={d.errors.zone} /> : null}
        <Choice id="bookings-category" name="category" label={t("report.filter.category")} all={t("report.filter.all_categories")} value={f.category} error={d.errors.category} options={SPACE_CATEGORIES.map((c) => [c, t(`report.category.${c}`)])} />
        <Choice id="bookings-outcome" name="outcome" label={t("report.filter.outcome")} all={t("report.filter.all_outcomes")} value={f.outcome} error={d.errors.outcome} options={BOOKING_OUTCOMES.map((o) => [o, t(`report.outcome.${o}`)])} />
        <div className="field field--inline">
          <label htmlFor="bookings-person">{t("report.filter.person")}</label>
          <input id="bookings-person" name="person" type="search" maxLength={100} defaultValue={f.person} key={f.person} />
        </div>
        <button type="submit" className="button button--secondary">
          {t("attendance:filter.show")}
        </button>
      </Form>
      {d.report === null ? null : (
        <>
          <ExportButtons action="/reports/bookings/export" label={t("attendance:export.label")} values={d.keep} />
          <dl className="summary-counts" aria-label={t("report.totals")}>
            {(["days", ...BOOKING_OUTCOMES] as const).map((k) => (
              <div key={k}>
                <dt>{t(`report.total.${k}`)}</dt>
                <dd data-total={k}>{d.report!.totals[k]}</dd>
              </div>
            ))}
          </dl>
          {d.report.total === 0 ? <p className="empty-state">{t("report.empty")}</p> : null}
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t("report.caption", { from: f.from, to: f.to })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("report.column.date")}</th>
                  <th scope="col">{t("report.column.site")}</th>
                  <th scope="col">{t("report.column.zone")}</th>
                  <th scope="col">{t("report.column.space")}</th>
                  <th scope="col">{t("report.column.category")}</th>
                  <th scope="col">{t("report.column.person")}</th>
                  <th scope="col">{t("report.column.time")}</th>
                  <th scope="col">{t("report.column.outcome")}</th>
                </tr>
              </thead>
              <tbody>
                {d.report.rows.map((r) => (
                  <tr key={`${r.day}-${r.booking_id}`} data-day={r.day} data-booking-id={r.booking_id}>
                    <th scope="row">{r.date}</th>
                    <td>{r.site_name}</td>
                    <td>{r.zone}</td>
                    <td>{r.space}</td>
                    <td>{t(`report.category.${r.category}`)}</td>
                    <td>{r.person}</td>
                    <td>{r.time}</td>
                    <td data-outcome={r.outcome}>{t(`report.outcome.${r.outcome}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager label={t("report.pages")} page={d.page} pages={d.pages} base="/reports/bookings" keep={d.keep} />
        </>
      )}
    </div>
  );
}

/** A select of fixed options (a category, an outcome) with its message. */
function Choice({ id, name, label, all, value, error, options }: { id: string; name: string; label: string; all: string; value: string | null; error?: string | null; options: [string, string][] }) {
  return (
    <div className="field field--inline">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value ?? ""} key={value ?? ""} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">{all}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      <FieldErrors id={`${id}-error`} errors={error ? [error] : undefined} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
