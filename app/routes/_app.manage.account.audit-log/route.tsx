/**
 * /manage/account/audit-log — the audit log (AuditLog.viewer; issue 16 §3, ADR 022): every change
 * made through the portal and the API, newest first, 15 a page; a GET filter form (user, area,
 * from, to) that works without JavaScript, a reversed or malformed range refused with a message
 * (400); each entry opens its before → after as a dialog (child route); the filtered entries
 * export as CSV (`/manage/account/audit-log/export`).
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AUDIT_LIMITS, type AuditLogPage } from "@contract";
import { pageParam } from "~/forms/list-state.server";
import { pageCount } from "~/forms/paging";
import { requireAccess } from "~/access/guard.server";
import { scopeOf, scopeSubject } from "~/access/scope";
import { AUDIT_LOG_PATH, auditFilterOf, auditQueryParams } from "~/features/audit/filter";
import type { Locale } from "~/i18n/config";
import { formatDateTimeAt } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { upstreamContext } from "~/session/request-context.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { NoticeBanner } from "~/ui/notice";
import { Pager } from "~/ui/pager";
import { upstreamLoad } from "~/upstream/load.server";
import { EntryTable } from "./entry-table";
import { FilterForm } from "./filter-form";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }, { timezone }] = await Promise.all([requireAccess(request), translator(request, "audit"), upstreamContext(request)]);
  const url = new URL(request.url);
  const { query, errors } = auditFilterOf(url);
  // The upstream takes pages up to 999,999 (a larger one is simply past the end).
  const page = pageParam(url, 999_999);
  const params = auditQueryParams(query);
  // A refused filter asks for nothing filtered; the first page still gives the user filter its names.
  const list: AuditLogPage = await upstreamLoad(access.viewer.api("auditLog", { query: errors ? {} : { ...params, page } }));
  const locale = access.viewer.locale as Locale;
  const keep = new URLSearchParams(params).toString();
  return data(
    {
      title: `${t("title")} · Gatehouse`,
      query,
      errors,
      filtered: keep !== "",
      keep,
      users: list.users,
      entries: errors
        ? []
        : list.entries.map((e) => ({ ...e, when: formatDateTimeAt(e.at, timezone, locale) })),
      total: errors ? 0 : list.total,
      page: list.page,
      pages: errors ? 1 : pageCount(list.total, list.per_page),
      capped: !errors && list.total > AUDIT_LIMITS.exportRows,
      // A user restricted to some sites reads their own changes and those about their sites (ADR 031).
      sitesOnly: scopeOf(scopeSubject(access.viewer.claims, access.ctx), "audit-entry").kind === "sites",
    },
    { status: errors ? 400 : 200, headers: access.headers },
  );
}

export default function AuditLogScreen() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("audit");
  const exportHref = `${AUDIT_LOG_PATH}/export${d.keep ? `?${d.keep}` : ""}`;
  return (
    <>
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro", { months: AUDIT_LIMITS.retentionMonths })}</p>
      {d.sitesOnly ? <p className="hint">{t("sites_only")}</p> : null}
      <FilterForm query={d.query} errors={d.errors} users={d.users} />
      {d.errors ? <NoticeBanner notice={{ tone: "error", key: "audit:error.refused" }} /> : null}
      {!d.errors && d.total > 0 ? (
        <div className="toolbar">
          <p>{t("count", { count: d.total })}</p>
          <a className="button button--secondary" href={exportHref} download>
            {t("export")}
          </a>
          {d.capped ? <p className="muted">{t("export_capped", { max: AUDIT_LIMITS.exportRows.toLocaleString("en-GB") })}</p> : null}
        </div>
      ) : null}
      {d.errors ? null : d.entries.length === 0 ? (
        <p className="empty-state">{d.filtered ? t("empty_filtered") : t("empty")}</p>
      ) : (
        <EntryTable entries={d.entries} keep={d.keep} page={d.page} />
      )}
      <Pager label={t("pages")} page={d.page} pages={d.pages} base={AUDIT_LOG_PATH} keep={Object.fromEntries(new URLSearchParams(d.keep))} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
