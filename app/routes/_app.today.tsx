/**
 * /today — who is on the selected site now, by group, with the live signed-in counter (spec
 * platform §4) and, behind their rights (groups spec §6), sign in and out, sign out all, approve
 * pending sign-ins and locations. The page listens to the site's channel over the tab's one
 * server-sent-events stream; without JavaScript it works with forms and refreshes itself.
 * Dialogs (sign in, sign out all, visit details) are child routes rendered over the list.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Visit } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { applySiteEvent, initialState, onSiteByGroup, pending, type SiteMessage, type TodayState } from "~/features/today/state";
import { failureNotice, isActionFailure, postedId, redirectWithNotice, shownName } from "~/features/action-outcome.server";
import { siteChannel, todayPermissions, todaySite, type TodayPermissions } from "~/features/today/today.server";
import { REFRESH_INTENT, refreshChoice, refreshHeader, refreshHeaders, refreshState } from "~/realtime/self-refresh.server";
import { LiveIndicator } from "~/ui/live-indicator";
import type { Locale } from "~/i18n/config";
import { formatTimeAt } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { useRealtime } from "~/realtime/use-realtime";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { NoticeBanner } from "~/ui/notice";
import { LocationLink } from "~/features/today/location";
import { upstreamLoad } from "~/upstream/load.server";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const { viewer, config, ctx } = access;
  const can = todayPermissions(config);
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
      visits: today?.visits ?? [],
    },
    { headers },
  );
}

/** The document carries the loader's no-JavaScript self-refresh. */
export const headers = refreshHeaders;

/** The row actions: the right each needs, the upstream call, and the outcome messages. */
const ROW_ACTIONS = {
  "sign-out": { right: "signInOut", route: "signOut", done: "today:toast.signed_out", failed: "today:toast.sign_out_failed" },
  approve: { right: "approve", route: "approveVisit", done: "today:toast.approved", failed: "today:toast.approve_failed" },
} as const satisfies Record<string, { right: keyof TodayPermissions; route: "signOut" | "approveVisit"; done: string; failed: string }>;
type RowIntent = keyof typeof ROW_ACTIONS;

export async function action({ request }: ActionFunctionArgs) {
  const { viewer, config } = await requireAccess(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === REFRESH_INTENT) return refreshChoice(request, form, "/today");
  const visitId = postedId(form.get("visitId"));
  if (typeof intent !== "string" || !Object.hasOwn(ROW_ACTIONS, intent) || visitId === null) {
    throw new Response("Bad request", { status: 400 });
  }
  const act = ROW_ACTIONS[intent as RowIntent];
  if (!todayPermissions(config)[act.right]) throw new Response("Forbidden", { status: 403 });
  try {
    const visit = await viewer.api(act.route, { params: { visitId } });
    return redirectWithNotice(request, viewer, "/today", { key: act.done, values: { name: visit.name }, tone: "success" });
  } catch (err) {
    if (!isActionFailure(err)) throw err;
    return redirectWithNotice(request, viewer, "/today", failureNotice(err, act.failed, { name: shownName(form.get("name")) }));
  }
}

/** Recent events, replayed over fresh loader data (harmless: events apply per visit, in order). */
const REPLAY_MS = 30_000;

function useLiveToday(site: { id: number; count: number; evacuation: boolean; channel: string } | null, visits: Visit[], live: boolean) {
  const revalidator = useRevalidator();
  const recent = useRef<{ at: number; message: SiteMessage }[]>([]);
  const replay = useCallback(
    (count: number, list: Visit[]) => {
      const now = Date.now();
      recent.current = recent.current.filter((r) => now - r.at < REPLAY_MS);
      return recent.current.reduce((s, r) => applySiteEvent(s, r.message, site?.id ?? 0), initialState(count, list, site?.evacuation ?? false));
    },
    [site?.id, site?.evacuation],
  );
  const [state, setState] = useState<TodayState>(() => initialState(site?.count ?? 0, visits, site?.evacuation ?? false));
  useEffect(() => {
    setState(replay(site?.count ?? 0, visits));
  }, [site?.count, visits, replay]);

  const status = useRealtime(
    live && site ? [site.channel] : [],
    (m) => {
      if (!site || m.channel !== site.channel) return;
      const message = { event: m.event, data: m.data };
      recent.current.push({ at: Date.now(), message });
      setState((s) => applySiteEvent(s, message, site.id));
    },
    () => {
      if (revalidator.state === "idle") revalidator.revalidate();
    },
  );
  return { state, status };
}

export default function Today() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("today");
  const { state, status } = useLiveToday(d.site, d.visits as Visit[], d.listed);
  const sections = onSiteByGroup(state, d.groups);
  const waiting = pending(state);
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

function VisitTable({
  visits,
  timezone,
  locale,
  can,
  pendingList = false,
}: {
  visits: Visit[];
  timezone: string;
  locale: Locale;
  can: { signInOut: boolean; approve: boolean; locations: boolean };
  pendingList?: boolean;
}) {
  const { t } = useTranslation("today");
  const showLocation = can.locations && visits.some((v) => v.location);
  const acts = pendingList ? can.approve : can.signInOut;
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t("column.name")}</th>
            <th scope="col">{t("column.company")}</th>
            <th scope="col">{t("column.host")}</th>
            <th scope="col">{pendingList ? t("column.requested") : t("column.signed_in")}</th>
            <th scope="col">{t("column.source")}</th>
            {showLocation ? <th scope="col">{t("column.location")}</th> : null}
            {acts ? (
              <th scope="col">
                <span className="visually-hidden">{t("column.actions")}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {visits.map((v) => (
            <tr key={v.id} data-visit-id={v.id}>
              <th scope="row">
                <Link to={`/today/visits/${v.id}/details`}>{v.name}</Link>
                {pendingList ? <span className="muted"> · {v.group.name}</span> : null}
              </th>
              <td>{v.company ?? ""}</td>
              <td>{v.host ?? ""}</td>
              <td>{formatTimeAt(v.signed_in_at ?? v.created_at, timezone, locale)}</td>
              <td>{t(`source.${v.source}`)}</td>
              {showLocation ? <td>{v.location ? <LocationLink location={v.location} /> : ""}</td> : null}
              {acts ? (
                <td className="row-actions">
                  {pendingList ? (
                    <RowAction intent="approve" visit={v} label={t("approve", { name: v.name })} text={t("approve_short")} />
                  ) : (
                    <RowAction intent="sign-out" visit={v} label={t("sign_out", { name: v.name })} text={t("sign_out_short")} />
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One row's button: a plain form post (a navigation, not a fetcher — the row may leave the list
 * through a live event before the answer comes, and an unmounted fetcher's redirect, which
 * carries the outcome message, would be dropped). Busy while its own submission is in flight.
 */
function RowAction({ intent, visit, label, text }: { intent: RowIntent; visit: Visit; label: string; text: string }) {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData?.get("visitId") === String(visit.id);
  return (
    <Form method="post" action="/today" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="visitId" value={visit.id} />
      <input type="hidden" name="name" value={visit.name} />
      <button type="submit" className="button button--secondary button--small" aria-label={label} aria-busy={busy || undefined} disabled={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {text}
        {busy ? <span className="visually-hidden">{t("working")}</span> : null}
      </button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
