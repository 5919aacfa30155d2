/**
 * /reports/history — every visit at the sites the user may see (History.viewer; ADR 025): a GET
 * filter form (site, group, days, name or company, status; works without JavaScript, the URL can be
 * shared), 15 a page newest first, each visit opening the visit details dialog over the list
 * (`/reports/history/visits/:id/<tab>`, the Today dialog's screens). With History.export, the
 * export form: `?export=csv|xlsx` is checked here (range, format) and refused on this page with the
 * spec's messages (422), else sent on to the streamed download (`/reports/history/export`).
 */
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { HISTORY_STATUSES } from "@contract";
import { pageCount } from "~/forms/paging";
import { requireAccess } from "~/access/guard.server";
import { can } from "~/access/rights";
import { statusKey } from "~/features/today/status";
import { SafetyFlag } from "~/features/safety-check/flag";
import { siteZone } from "~/features/today/visit.server";
import { visitPath } from "~/features/visits/dialog/where";
import type { Locale } from "~/i18n/config";
import { formatDateTimeAt } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { Pager } from "~/ui/pager";
import { refusalOf, refusalResponse } from "~/upstream/refusal.server";
import { ExportForm } from "./export-form";
import { exportProblems, filtersOf, setFilters } from "./filters.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "history")]);
  const { viewer, config } = access;
  const url = new URL(request.url);
  const filters = filtersOf(url);
  const canExport = can(access, "History.export");
  const exportFormat = url.searchParams.get("export");
  let exportErrors: Record<string, string[]> | null = null;
  if (exportFormat !== null) {
    if (!canExport) throw new Response("Forbidden", { status: 403 });
    exportErrors = exportProblems(exportFormat, filters);
    if (!exportErrors) throw redirect(`/reports/history/export?${new URLSearchParams({ format: exportFormat, ...setFilters(filters) })}`);
  }
  const page = url.searchParams.get("page") ?? "1";
  let list = null;
  let errors: Record<string, string[]> | null = null;
  try {
    list = await viewer.api("history", { query: { ...setFilters(filters), page } });
  } catch (err) {
    const refusal = refusalOf(err);
    if (refusal.status !== 422) refusalResponse(err);
    errors = refusal.fields ?? { q: [refusal.message] };
  }
  const locale = viewer.locale as Locale;
  const when = (iso: string | null, siteId: number) => (iso ? formatDateTimeAt(iso, siteZone(config, siteId), locale) : null);
  const today = new Date().toISOString().slice(0, 10);
  return data(
    {
      title: `${t("history:title")} · Gatehouse`,
      filters,
      errors,
      exportErrors,
      exportFormat: exportFormat ?? "csv",
      canExport,
      today,
      sites: list?.sites ?? config.sites.map((s) => ({ id: s.id, name: s.name })),
      groups: list?.groups ?? [],
      page: list?.page ?? 1,
      pages: list ? pageCount(list.total, list.per_page) : 1,
      total: list?.total ?? 0,
      visits: (list?.data ?? []).map((v) => ({
        id: v.id,
        name: v.name,
        company: v.company,
        group: v.group.name,
        site: v.site_name,
        status: v.status,
        rejection_reason: v.rejection_reason ?? null,
        safety_flag: v.safety_flag ?? null,
        signedIn: when(v.signed_in_at ?? v.created_at, v.site_id),
        signedOut: when(v.signed_out_at, v.site_id),
      })),
    },
    { status: errors || exportErrors ? 422 : 200, headers: access.headers },
  );
}

export default function HistoryPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation(["history", "today"]);
  const { search } = useLocation();
  const fieldError = (name: string) =>
    d.errors?.[name]?.length ? (
      <p className="field__error" id={`history-${name}-error`}>
        {d.errors[name].map((m) => (m.startsWith("@") ? m.slice(1) : t(m))).join(" ")}
      </p>
    ) : null;
  const described = (name: string) => (d.errors?.[name]?.length ? { "aria-invalid": true, "aria-describedby": `history-${name}-error` } : {});
  return (
    <div className="history">
      <div className="page-heading">
        <h1>{t("heading")}</h1>
      </div>
      <Form method="get" action="/reports/history" className="filter-bar" aria-label={t("filters")}>
        <div className="field field--inline">
          <label htmlFor="history-site">{t("filter.site")}</label>
          <select id="history-site" name="site_id" defaultValue={d.filters.site_id} key={`s${d.filters.site_id}`} {...described("site_id")}>
            <option value="">{t("filter.all_sites")}</option>
            {d.sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          {fieldError("site_id")}
        </div>
        <div className="field field--inline">
          <label htmlFor="history-group">{t("filter.group")}</label>
          <select id="history-group" name="group_id" defaultValue={d.filters.group_id} key={`g${d.filters.group_id}`} {...described("group_id")}>
            <option value="">{t("filter.all_groups")}</option>
            {d.groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
          {fieldError("group_id")}
        </div>
        <div className="field field--inline">
          <label htmlFor="history-from">{t("filter.from")}</label>
          <input id="history-from" name="from" type="date" max="2037-12-31" defaultValue={d.filters.from} key={`f${d.filters.from}`} {...described("from")} />
          {fieldError("from")}
        </div>
        <div className="field field--inline">
          <label htmlFor="history-to">{t("filter.to")}</label>
          <input id="history-to" name="to" type="date" max="2037-12-31" defaultValue={d.filters.to} key={`t${d.filters.to}`} {...described("to")} />
          {fieldError("to")}
        </div>
        <div className="field field--inline">
          <label htmlFor="history-q">{t("filter.q")}</label>
          <input id="history-q" name="q" type="search" maxLength={100} defaultValue={d.filters.q} key={`q${d.filters.q}`} {...described("q")} />
          {fieldError("q")}
        </div>
        <div className="field field--inline">
          <label htmlFor="history-status">{t("filter.status")}</label>
          <select id="history-status" name="status" defaultValue={d.filters.status || "all"} key={`st${d.filters.status}`} {...described("status")}>
            {HISTORY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
          {fieldError("status")}
        </div>
        <button type="submit" className="button button--secondary">
          {t("filter.submit")}
        </button>
      </Form>
      {d.canExport ? <ExportForm filters={d.filters} errors={d.exportErrors} format={d.exportFormat} today={d.today} /> : null}
      {d.errors ? null : d.visits.length === 0 ? (
        <p className="empty-state">{t("empty")}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t("caption", { count: d.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("column.signed_in")}</th>
                <th scope="col">{t("column.name")}</th>
                <th scope="col">{t("column.company")}</th>
                <th scope="col">{t("column.group")}</th>
                <th scope="col">{t("column.site")}</th>
                <th scope="col">{t("column.status")}</th>
                <th scope="col">{t("column.signed_out")}</th>
              </tr>
            </thead>
            <tbody>
              {d.visits.map((v) => (
                <tr key={v.id} data-visit-id={v.id}>
                  <td>{v.signedIn ?? "—"}</td>
                  <th scope="row">
                    <Link to={`${visitPath("history", v.id, "details")}${search}`} preventScrollReset>
                      {v.name}
                    </Link>
                  </th>
                  <td>{v.company ?? "—"}</td>
                  <td>{v.group}</td>
                  <td>{v.site}</td>
                  <td>
                    <span className={`status status--${v.status}`}>{t(`today:${statusKey(v.status)}`)}</span> <SafetyFlag visit={v} />
                  </td>
                  <td>{v.signedOut ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager label={t("pages")} page={d.page} pages={d.pages} base="/reports/history" keep={setFiltersClient(d.filters)} />
      <Outlet />
    </div>
  );
}

const setFiltersClient = (f: Record<string, string>) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== ""));

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
