/**
 * /reports/site-attendance — people on site per site per day (issue 17 §4; ADR 027; the client's
 * site-attendance-report flag, active accounts): distinct people signed in that day, visitors and
 * members apart, and the most on site at once, at the sites the user may see, over a range of at
 * most 31 days. The filter is a GET form (no JavaScript; the URL can be shared); a bad range or
 * site answers 400 with the message on its field. Exported as CSV or XLSX for the same filter.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { ExportButtons, FilterDate, FilterSelect } from "~/features/attendance/filter-fields";
import { rangeFilter, reportSites, siteFilter } from "~/features/attendance/filters.server";
import type { Locale } from "~/i18n/config";
import { formatDay } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { upstreamLoad } from "~/upstream/load.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "attendance")]);
  const url = new URL(request.url);
  const range = rangeFilter(url);
  const site = siteFilter(url, access);
  const problems = [range.problem, site.problem].filter((p) => p !== null);
  const base = { title: `${t("site.title")} · Gatehouse`, sites: reportSites(access), from: range.from, to: range.to, site: site.site, errors: Object.fromEntries(problems.map((p) => [p.field, p.key])) };
  if (problems.length) return data({ ...base, rows: null }, { status: 400, headers: access.headers });
  const report = await upstreamLoad(access.viewer.api("siteAttendance", { query: { from: range.from, to: range.to, site_id: site.site ?? undefined } }));
  const locale = access.viewer.locale as Locale;
  const rows = report.rows.map((r) => ({ ...r, date: formatDay(r.day, locale) }));
  return data({ ...base, rows }, { headers: access.headers });
}

export default function SiteAttendance() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("attendance");
  const totals = d.rows?.reduce((sum, r) => sum + r.people, 0) ?? 0;
  return (
    <div className="attendance-report">
      <div className="page-heading">
        <h1>{t("site.heading")}</h1>
      </div>
      <p>{t("site.intro")}</p>
      <Form method="get" action="/reports/site-attendance" className="filter-bar">
        <FilterDate id="site-attendance-from" name="from" label={t("filter.from")} value={d.from} error={d.errors.from} />
        <FilterDate id="site-attendance-to" name="to" label={t("filter.to")} value={d.to} error={d.errors.to} />
        <FilterSelect id="site-attendance-site" name="site" label={t("filter.site")} allLabel={t("filter.all_sites")} options={d.sites} value={d.site} error={d.errors.site} />
        <button type="submit" className="button button--secondary">
          {t("filter.show")}
        </button>
      </Form>
      {d.rows === null ? null : (
        <>
          <ExportButtons action="/reports/site-attendance/export" label={t("export.label")} values={{ from: d.from, to: d.to, site: d.site }} />
          {totals === 0 ? <p className="empty-state">{t("site.empty")}</p> : null}
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t("site.caption", { from: d.from, to: d.to })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("column.date")}</th>
                  <th scope="col">{t("column.site")}</th>
                  <th scope="col">{t("column.people")}</th>
                  <th scope="col">{t("column.visitors")}</th>
                  <th scope="col">{t("column.members")}</th>
                  <th scope="col">{t("column.peak")}</th>
                </tr>
              </thead>
              <tbody>
                {d.rows.map((r) => (
                  <tr key={`${r.day}-${r.site_id}`} data-day={r.day} data-site-id={r.site_id}>
                    <th scope="row">{r.date}</th>
                    <td>{r.site_name}</td>
                    <td>{r.people}</td>
                    <td>{r.visitors}</td>
                    <td>{r.members}</td>
                    <td>{r.peak}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
