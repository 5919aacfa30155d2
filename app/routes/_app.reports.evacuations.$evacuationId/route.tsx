/**
 * /reports/evacuations/{id} — the evacuation report, live (platform §2, §3, §4; groups spec §6:
 * evacuation reports view / edit / delete). Everyone who was on site when it started, by group,
 * with their status and evacuation point; comments; participants, offline devices, bookings.
 *
 * With JavaScript the report follows private-Evacuation.{id} over the tab's one SSE stream and
 * applies spec §4's counter rules (`ReportSync`): old events are ignored, a gap or "ready" reloads,
 * events during a load are held. Without JavaScript every action is a form (Post/Redirect/Get) and
 * the page refreshes itself while the evacuation is open. A completed report is read-only.
 * Comment, complete and delete are dialogs (child routes), so a refresh never eats typed text.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { EvacuationReport, Evacuee } from "@contract";
import { dispatch } from "~/forms/intents.server";
import { requireAccess } from "~/access/guard.server";
import { isComplete } from "~/features/evacuations/counter";
import { evacuationIdParam, evacuationPermissions, loadReport } from "~/features/evacuations/evacuations.server";
import { evacuationChannel, reportPath } from "~/features/evacuations/paths";
import { siteZone } from "~/features/today/visit.server";
import type { Locale } from "~/i18n/config";
import { formatDateTimeAt, formatTimeAt } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { REFRESH_INTENT, refreshChoice, refreshHeader, refreshHeaders, refreshState } from "~/realtime/self-refresh.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { LiveIndicator } from "~/ui/live-indicator";
import { pageTitle } from "~/ui/meta";
import { NoticeBanner } from "~/ui/notice";
import { mark } from "./actions.server";
import { EvacueeGroup } from "./evacuee-group";
import { ReportSide } from "./report-side";
import { useLiveReport } from "./use-live-report";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "evacuations")]);
  const id = evacuationIdParam(params);
  const report = await loadReport(access, id);
  const headers = new Headers(access.headers);
  if (!isComplete(report)) for (const [k, v] of Object.entries(refreshHeader(request, reportPath(id)))) headers.set(k, v);
  const can = evacuationPermissions(access);
  return data(
    {
      title: `${t("evacuations:report.title", { site: report.evacuation.site_name })} · Gatehouse`,
      report,
      channel: evacuationChannel(id),
      timezone: siteZone(access.config, report.evacuation.site_id),
      locale: access.viewer.locale as Locale,
      can: { edit: can.edit, delete: can.delete },
      ...refreshState(request),
    },
    { headers },
  );
}

/** The document carries the loader's no-JavaScript self-refresh. */
export const headers = refreshHeaders;

/** Marks an evacuee (status buttons, with the row's evacuation point), or the self-refresh switch. */
export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  const id = evacuationIdParam(params);
  const form = await request.formData();
  return dispatch(form, { [REFRESH_INTENT]: () => refreshChoice(request, form, reportPath(id)), mark }, { request, access, id, form });
}

export default function EvacuationReportPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("evacuations");
  const { report, status, complete } = useLiveReport(d.report as EvacuationReport, d.channel);
  const e = report.evacuation;
  const path = reportPath(e.id);
  const editable = d.can.edit && !complete;
  const counts = countByStatus(report.evacuees);
  const pointTitle = new Map(report.evacuation_points.map((p) => [p.id, p.title]));
  const at = (iso: string) => formatTimeAt(iso, d.timezone, d.locale);
  const groups = report.groups
    .map((g) => ({ ...g, evacuees: report.evacuees.filter((x) => x.group_id === g.id).sort((a, b) => a.name.localeCompare(b.name)) }))
    .filter((g) => g.evacuees.length > 0);
  const ungrouped = report.evacuees.filter((x) => !report.groups.some((g) => g.id === x.group_id));

  return (
    <article className="evacuation-report" data-counter={e.event_counter}>
      <p className="no-print">
        <Link to="/reports/evacuations">{t("report.back")}</Link>
      </p>
      <div className="page-heading">
        <div>
          <h1>{t("report.heading", { site: e.site_name })}</h1>
          <p className="muted">
            {t("report.started", { time: formatDateTimeAt(e.started_at, d.timezone, d.locale), name: e.started_by })}
            {e.completed_at ? ` · ${t("report.completed_at", { time: formatDateTimeAt(e.completed_at, d.timezone, d.locale) })}` : ""}
          </p>
        </div>
        <div className="page-actions no-print">
          {editable ? (
            <>
              <Link to={`${path}/comment`} className="button button--secondary" preventScrollReset>
                {t("report.comment.open")}
              </Link>
              <Link to={`${path}/complete`} className="button button--danger" preventScrollReset>
                {t("report.complete.open")}
              </Link>
            </>
          ) : null}
          {complete && d.can.delete ? (
            <Link to={`${path}/delete`} className="button button--secondary" preventScrollReset>
              {t("report.delete.open")}
            </Link>
          ) : null}
        </div>
      </div>

      <p className={`evacuation-status evacuation-status--${e.status}`} data-testid="evacuation-status">
        <span aria-hidden="true">{e.status === "completed" ? "■ " : "● "}</span>
        {t(`status.${e.status}`)}
      </p>
      {complete ? <NoticeBanner notice={{ key: "evacuations:report.read_only", tone: "info" }} /> : null}
      {!complete ? <LiveIndicator status={status} refresh={d.refresh} refreshOff={d.refreshOff} action={path} /> : null}

      <dl className="stat-grid" data-testid="evacuation-counts">
        <div className="stat">
          <dt id="accounted-label">{t("report.accounted")}</dt>
          <dd>
            <output aria-labelledby="accounted-label" aria-live="polite" data-testid="accounted-count">
              {t("report.of", { accounted: counts.accounted_for, total: report.evacuees.length })}
            </output>
          </dd>
        </div>
        <div className="stat">
          <dt>{t("evacuee_status.missing")}</dt>
          <dd data-testid="missing-count">{counts.missing}</dd>
        </div>
        <div className="stat">
          <dt>{t("evacuee_status.left_site")}</dt>
          <dd>{counts.left_site}</dd>
        </div>
        <div className="stat">
          <dt>{t("evacuee_status.unaccounted")}</dt>
          <dd data-testid="unaccounted-count">{counts.unaccounted}</dd>
        </div>
      </dl>

      {report.evacuees.length === 0 ? <p className="empty-state">{t("report.nobody")}</p> : null}
      {[...groups, ...(ungrouped.length ? [{ id: 0, name: t("report.other_group"), type: "standard" as const, evacuees: ungrouped }] : [])].map((g) => (
        <EvacueeGroup key={g.id} group={g} path={path} editable={editable} points={report.evacuation_points} pointTitle={pointTitle} at={at} />
      ))}

      <ReportSide report={report} at={at} />
      <Outlet context={{ report }} />
    </article>
  );
}

function countByStatus(evacuees: Evacuee[]) {
  const counts = { unaccounted: 0, accounted_for: 0, missing: 0, left_site: 0 };
  for (const x of evacuees) counts[x.status] += 1;
  return counts;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
