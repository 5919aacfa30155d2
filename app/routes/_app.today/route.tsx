/**
 * /today — who is on the selected site now, by group, with the live signed-in counter (spec
 * platform §4) and, behind their rights (groups spec §6), sign in and out, sign out all, approve
 * pending sign-ins and locations; for sign-out-first groups, who is out now (ADR 015), each with
 * "Signed back in". The page listens to the site's channel over the tab's one
 * server-sent-events stream; without JavaScript it works with forms and refreshes itself.
 * Dialogs (sign in, sign out all, visit details) are child routes rendered over the list.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Visit } from "@contract";
import { dispatch } from "~/forms/intents.server";
import { requireAccess } from "~/access/guard.server";
import { onSiteByGroup, outNow, pending, rejectedToday } from "~/features/today/state";
import { siteChannel, todayPermissions, todaySite } from "~/features/today/today.server";
import type { Locale } from "~/i18n/config";
import { translator } from "~/i18n/i18n.server";
import { REFRESH_INTENT, refreshChoice, refreshHeader, refreshHeaders, refreshState } from "~/realtime/self-refresh.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { LiveIndicator } from "~/ui/live-indicator";
import { pageTitle } from "~/ui/meta";
import { NoticeBanner } from "~/ui/notice";
import { upstreamLoad } from "~/upstream/load.server";
import { approve, returnVisit, signOut } from "./actions.server";
import { OutNow } from "./out-now";
import { RejectedToday } from "./rejected";
import { useLiveToday } from "./use-live-today";
import { VisitTable } from "./visit-table";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "today")]);
  const { viewer, config, ctx } = access;
  const can = todayPermissions(access);
  const site = await todaySite(access);
  // The list is an active-only call: an expired client sees the counter from config only.
  const listed = site && can.view && (!ctx.expired || ctx.isSuper);
  const today = listed ? await upstreamLoad(viewer.api("siteToday", { params: { siteId: site.id } })) : null;
  const headers = new Headers(access.headers);
  if (today) for (const [k, v] of Object.entries(refreshHeader(request, "/today"))) headers.set(k, v);
  return data(
    {
      title: `${t("today:title")} · Gatehouse`,
      locale: viewer.locale as Locale,
      userName: config.user.name,
      clientName: config.client.name,
      expired: ctx.expired,
      can,
      ...refreshState(request),
      site: site
        ? {
            id: site.id,
            name: site.name,
            timezone: site.timezone,
            count: today?.site.visitors_signed_in_count ?? site.visitors_signed_in_count,
            evacuation: today?.site.evacuation_in_progress ?? site.evacuation_in_progress,
            channel: siteChannel(site.id),
          }
        : null,
      listed: !!today,
      groups: today?.groups ?? [],
      // On site and waiting, then those away (sign-out-first members out now): one live list.
      visits: today ? [...today.visits, ...today.away] : [],
    },
    { headers },
  );
}

/** The document carries the loader's no-JavaScript self-refresh. */
export const headers = refreshHeaders;

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  const form = await request.formData();
  const args = { request, access, form };
  return dispatch(form, { [REFRESH_INTENT]: () => refreshChoice(request, form, "/today"), "sign-out": signOut, approve, return: returnVisit }, args);
}

export default function Today() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("today");
  const { state, status } = useLiveToday(d.site, d.visits as Visit[], d.listed);
  const sections = onSiteByGroup(state, d.groups);
  const waiting = pending(state);
  const out = outNow(state, d.groups);
  const rejected = rejectedToday(state);
  const timezone = d.site?.timezone ?? "UTC";

  return (
    <div className="today">
      <div className="page-heading">
        <div>
          <h1>{t("heading")}</h1>
          <p className="muted">{t("welcome", { name: d.userName, client: d.clientName })}</p>
        </div>
        {d.site && d.listed ? (
          <div className="page-actions">
            {d.can.signInOut ? (
              <Link to="/today/sign-in" className="button">
                {t("sign_in.open")}
              </Link>
            ) : null}
            {d.can.signInOut ? (
              <Link to="/today/pre-register" className="button button--secondary">
                {t("pre-registrations:today.pre_register")}
              </Link>
            ) : null}
            {d.can.view ? (
              <Link to="/today/pre-registrations" className="button button--secondary">
                {t("pre-registrations:today.list")}
              </Link>
            ) : null}
            {d.can.signOutAll && sections.length > 0 ? (
              <Link to="/today/sign-out-all" className="button button--secondary">
                {t("sign_out_all.open")}
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
      {d.expired ? <NoticeBanner notice={{ key: "today:trial_ended", tone: "info" }} /> : null}
      {d.site ? (
        <>
          <h2 className="today__site">{d.site.name}</h2>
          <dl className="stat-grid">
            <div className="stat">
              <dt id="signed-in-label">{t("counter.label")}</dt>
              <dd>
                <output aria-labelledby="signed-in-label" aria-live="polite" data-testid="signed-in-count">
                  {state.count}
                </output>
              </dd>
            </div>
            <div className="stat">
              <dt id="evacuation-label">{t("evacuation.label")}</dt>
              <dd>
                <output aria-labelledby="evacuation-label" aria-live="polite" data-testid="evacuation-status">
                  {state.evacuation ? t("evacuation.in_progress") : t("evacuation.none")}
                </output>
              </dd>
            </div>
          </dl>
          {d.listed ? <LiveIndicator status={status} refresh={d.refresh} refreshOff={d.refreshOff} action="/today" /> : null}
          {!d.can.view ? <p>{t("no_list_permission")}</p> : null}
          {d.listed ? (
            <>
              {waiting.length > 0 ? (
                <section className="today__section" aria-labelledby="pending-heading">
                  <h3 id="pending-heading">
                    {t("pending.heading")} <span className="count-badge">{waiting.length}</span>
                  </h3>
                  <VisitTable visits={waiting} timezone={timezone} locale={d.locale} can={d.can} pendingList />
                </section>
              ) : null}
              {sections.length === 0 ? <p className="empty-state">{t("empty")}</p> : null}
              {sections.map((s) => (
                <section key={s.group.id} className="today__section" aria-labelledby={`group-${s.group.id}`}>
                  <h3 id={`group-${s.group.id}`}>
                    {s.group.name} <span className="count-badge">{s.visits.length}</span>
                    {s.group.type === "delivery" ? <span className="tag">{t("delivery_not_counted")}</span> : null}
                  </h3>
                  <VisitTable visits={s.visits} timezone={timezone} locale={d.locale} can={d.can} />
                </section>
              ))}
              {out.map((s) => (
                <OutNow key={s.group.id} section={s} timezone={timezone} locale={d.locale} canReturn={d.can.signInOut} />
              ))}
              <RejectedToday visits={rejected} timezone={timezone} locale={d.locale} />
            </>
          ) : null}
        </>
      ) : (
        <p>{t("no_sites")}</p>
      )}
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
