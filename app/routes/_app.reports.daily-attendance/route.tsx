/**
 * /reports/daily-attendance — who was in on a day (issue 17 §4; ADR 027; DailyAttendanceReport.view
 * to open, .edit to change): every current member of the returning groups shown at the user's
 * sites, present or absent as their visits say, first in and last out, filtered by site and group
 * (a GET form). Where allowed, a day's record is overridden (present, absent, remote, on leave,
 * with a note; who and when kept) beside what the visits say, and cleared again. Exported as CSV
 * or XLSX for a range of at most 31 days.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { dispatch } from "~/forms/intents.server";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { ExportButtons, FilterDate, FilterSelect } from "~/features/attendance/filter-fields";
import { dayFilter, groupFilter, reportSites, siteFilter } from "~/features/attendance/filters.server";
import { pageNotice } from "~/forms/action-result";
import type { Locale } from "~/i18n/config";
import { formatDateTimeAt, formatDay, formatTimeAt } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { upstreamLoad } from "~/upstream/load.server";
import { clearDay, setDay, type DayAction } from "./actions.server";
import { DayRow, type DayRowData } from "./day-row";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "attendance")]);
  const url = new URL(request.url);
  const { day, problem: dayProblem } = dayFilter(url);
  const site = siteFilter(url, access);
  const group = groupFilter(url);
  const sites = reportSites(access);
  const problems = [dayProblem, site.problem, group.problem].filter((p) => p !== null);
  const base = { title: `${t("daily.title")} · Gatehouse`, sites, day, site: site.site, group: group.group, errors: Object.fromEntries(problems.map((p) => [p.field, p.key])) };
  if (problems.length) return data({ ...base, groups: [], rows: null, dayLabel: day, canEdit: false }, { status: 400, headers: access.headers });
  const report = await upstreamLoad(access.viewer.api("dailyAttendance", { query: { day, site_id: site.site ?? undefined, group_id: group.group ?? undefined } }));
  const locale = access.viewer.locale as Locale;
  const zone = (siteId: number | null) => sites.find((s) => s.id === siteId)?.timezone ?? "UTC";
  const rows: DayRowData[] = report.rows.map((r) => ({
    member_id: r.member_id,
    name: r.name,
    group_name: r.group_name,
    drawn: r.drawn,
    firstIn: r.first_in ? formatTimeAt(r.first_in, zone(r.site_id), locale) : null,
    lastOut: r.last_out ? formatTimeAt(r.last_out, zone(r.site_id), locale) : null,
    override: r.override ? { status: r.override.status, note: r.override.note, set_by: r.override.set_by, setAt: formatDateTimeAt(r.override.set_at, zone(r.site_id), locale) } : null,
    editable: r.editable,
  }));
  return data({ ...base, groups: report.groups, rows, dayLabel: formatDay(day, locale), canEdit: report.can_edit }, { headers: access.headers });
}

const INTENTS = { set: setDay, clear: clearDay };

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const form = await request.formData();
  return dispatch(form, INTENTS, { request, access, form });
}

/** The week up to the day, for the export's range. */
const weekBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);

export default function DailyAttendance() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("attendance");
  const here = `/reports/daily-attendance?${new URLSearchParams({ day: d.day, ...(d.site ? { site: String(d.site) } : {}), ...(d.group ? { group: String(d.group) } : {}) })}`;
  return (
    <div className="attendance-report">
      <div className="page-heading">
        <h1>{t("daily.heading")}</h1>
      </div>
      <p>{t("daily.intro")}</p>
      <Form method="get" action="/reports/daily-attendance" className="filter-bar">
        <FilterDate id="daily-attendance-day" name="day" label={t("filter.day")} value={d.day} error={d.errors.day} />
        <FilterSelect id="daily-attendance-site" name="site" label={t("filter.site")} allLabel={t("filter.all_sites")} options={d.sites} value={d.site} error={d.errors.site} />
        <FilterSelect id="daily-attendance-group" name="group" label={t("filter.group")} allLabel={t("filter.all_groups")} options={d.groups} value={d.group} error={d.errors.group} />
        <button type="submit" className="button button--secondary">
          {t("filter.show")}
        </button>
      </Form>
      <ActionNotice notice={pageNotice(answer, d.rows?.map((r) => r.member_id) ?? [])} />
      {d.rows === null ? null : (
        <>
          <details className="attendance-export">
            <summary>{t("export.range_heading")}</summary>
            <p>{t("export.range_hint")}</p>
            <Form method="get" action="/reports/daily-attendance/export" className="filter-bar" reloadDocument>
              <FilterDate id="daily-export-from" name="from" label={t("filter.from")} value={weekBefore(d.day)} />
              <FilterDate id="daily-export-to" name="to" label={t("filter.to")} value={d.day} />
              {d.site ? <input type="hidden" name="site" value={d.site} /> : null}
              {d.group ? <input type="hidden" name="group" value={d.group} /> : null}
              <button type="submit" name="format" value="csv" className="button button--secondary">
                {t("export.csv")}
              </button>
              <button type="submit" name="format" value="xlsx" className="button button--secondary">
                {t("export.xlsx")}
              </button>
            </Form>
          </details>
          {d.rows.length === 0 ? (
            <p className="empty-state">{t("daily.empty")}</p>
          ) : (
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">{t("daily.caption", { day: d.dayLabel })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("column.member")}</th>
                    <th scope="col">{t("column.group")}</th>
                    <th scope="col">{t("column.drawn")}</th>
                    <th scope="col">{t("column.first_in")}</th>
                    <th scope="col">{t("column.last_out")}</th>
                    <th scope="col">{t("column.override")}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t("column.actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.rows.map((r) => (
                    <DayRow key={`${r.member_id}-${d.day}`} row={r} day={d.day} action={here} answer={answer} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}

