/**
 * /today/pre-registrations — the upcoming and pending pre-registrations at the user's sites, pending
 * first then by arrival, 15 a page, filtered by site and day (a GET form: works without
 * JavaScript); per row approve and decline (Today.approve), sign in and cancel (Today.signInOut),
 * and what the visitor sent through their magic links (ADR 019).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageParam } from "~/forms/list-state.server";
import { pageCount } from "~/forms/paging";
import { requireAccess } from "~/access/guard.server";
import { can } from "~/access/rights";
import type { Locale } from "~/i18n/config";
import { translator } from "~/i18n/i18n.server";
import { DataTable } from "~/ui/data-table";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { Pager } from "~/ui/pager";
import { SiteFilter } from "~/ui/site-filter";
import { upstreamLoad } from "~/upstream/load.server";
import { rowAction } from "./actions.server";
import { PreRegistrationRow } from "./row";

export const meta: MetaFunction<typeof loader> = pageTitle;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t, locale }] = await Promise.all([requireAccess(request), translator(request, "pre-registrations")]);
  const url = new URL(request.url);
  const site = url.searchParams.get("site") ?? "";
  const date = url.searchParams.get("date") ?? "";
  const page = pageParam(url);
  const siteId = access.config.sites.find((s) => String(s.id) === site)?.id;
  const list = await upstreamLoad(
    access.viewer.api("preRegistrations", { query: { site_id: siteId, date: DAY.test(date) ? date : undefined, page } }),
  );
  return {
    title: `${t("list.title")} · Gatehouse`,
    locale: locale as Locale,
    list,
    filters: { site: siteId ? String(siteId) : "", date: DAY.test(date) ? date : "" },
    sites: access.config.sites.filter((s) => s.type === "standard").map((s) => ({ id: s.id, name: s.name })),
    can: { approve: can(access, ["Today.viewer", "Today.approve"]), signInOut: can(access, ["Today.viewer", "Today.signInOut"]) },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  const form = await request.formData();
  return rowAction({ request, access, form });
}

export default function PreRegistrations() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("pre-registrations");
  const pages = pageCount(d.list.total, d.list.per_page);
  const keep = { site: d.filters.site, date: d.filters.date };
  const back = new URLSearchParams(Object.entries({ ...keep, page: d.list.page > 1 ? String(d.list.page) : "" }).filter(([, v]) => v !== "")).toString();
  return (
    <div className="pre-registrations">
      <div className="page-heading">
        <div>
          <p>
            <Link to="/today">{t("list.back")}</Link>
          </p>
          <h1>{t("list.heading")}</h1>
        </div>
        {d.can.signInOut ? (
          <div className="page-actions">
            <Link to="/today/pre-register" className="button">
              {t("list.new")}
            </Link>
          </div>
        ) : null}
      </div>
      <Form method="get" action="/today/pre-registrations" className="filter-bar" aria-label={t("list.filters")}>
        <SiteFilter id="prereg-site" label={t("fields.site")} allLabel={t("list.all_sites")} sites={d.sites} value={d.filters.site} />
        <div className="field field--inline">
          <label htmlFor="prereg-date">{t("list.date")}</label>
          <input id="prereg-date" type="date" name="date" defaultValue={d.filters.date} key={d.filters.date} max="2037-12-31" />
        </div>
        <button type="submit" className="button button--secondary">
          {t("list.filter")}
        </button>
      </Form>
      {d.list.data.length === 0 ? (
        <p className="empty-state">{t("list.empty")}</p>
      ) : (
        <DataTable
          caption={t("list.caption", { count: d.list.total })}
          columns={[t("columns.visitor"), t("columns.contact"), t("columns.arrival"), t("columns.where"), t("columns.status"), t("columns.from_visitor"), t("columns.actions")]}
        >
          {d.list.data.map((p) => (
            <PreRegistrationRow key={p.id} p={p} can={d.can} locale={d.locale} back={back} />
          ))}
        </DataTable>
      )}
      <Pager label={t("list.pages")} page={d.list.page} pages={pages} base="/today/pre-registrations" keep={keep} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
