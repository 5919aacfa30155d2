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
import { parseSubmission } from "~/forms/submission";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, Outlet, useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { EvacuationReport, Evacuee } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { failureNotice, isActionFailure, redirectWithNotice, shownName } from "~/features/action-outcome.server";
import { isComplete, ReportSync } from "~/features/evacuations/counter";
import { evacuationIdParam, evacuationPermissions, loadReport } from "~/features/evacuations/evacuations.server";
import { evacuationChannel, reportPath } from "~/features/evacuations/paths";
import { MarkSchema } from "~/features/evacuations/schemas";
import { siteZone } from "~/features/today/visit.server";
import type { Locale } from "~/i18n/config";
import { formatDateTimeAt, formatTimeAt } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { REFRESH_INTENT, refreshChoice, refreshHeader, refreshHeaders, refreshState } from "~/realtime/self-refresh.server";
import { useRealtime } from "~/realtime/use-realtime";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { LiveIndicator } from "~/ui/live-indicator";
import { NoticeBanner } from "~/ui/notice";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const id = evacuationIdParam(params);
  const report = await loadReport(access, id);
  const headers = new Headers(access.headers);
  if (!isComplete(report)) for (const [k, v] of Object.entries(refreshHeader(request, reportPath(id)))) headers.set(k, v);
  const can = evacuationPermissions(access.config);
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
  const { viewer, config } = await requireAccess(request);
  const id = evacuationIdParam(params);
  const form = await request.formData();
  if (form.get("intent") === REFRESH_INTENT) return refreshChoice(request, form, reportPath(id));
  if (form.get("intent") !== "mark") throw new Response("Bad request", { status: 400 });
  if (!evacuationPermissions(config).edit) throw new Response("Forbidden", { status: 403 });
  const submission = parseSubmission(form, { schema: MarkSchema });
  if (submission.status !== "success") throw new Response("Bad request", { status: 400 });
  const { evacueeId, status, pointId } = submission.value;
  const name = shownName(form.get("name"));
  try {
    await viewer.api("updateEvacuee", {
      params: { evacuationId: id, evacueeId },
      body: { status, ...(form.has("pointId") ? { evacuation_point_id: pointId ?? null } : {}) },
    });
    return redirectWithNotice(request, viewer, reportPath(id), { key: `evacuations:report.marked.${status}`, values: { name }, tone: "success" });
  } catch (err) {
    if (!isActionFailure(err)) throw err;
    return redirectWithNotice(request, viewer, reportPath(id), { ...failureNotice(err, "evacuations:report.mark_failed", { name }), dialog: true });
  }
}

/** A reload asked for by the counter rules that has not come back in this long is asked for again. */
const RELOAD_RETRY_MS = 10_000;

/**
 * The report as the page shows it: the loader's, then kept current by the channel's events under
 * the counter rules. A reload the rules ask for is a revalidation of this route's loader.
 */
function useLiveReport(loaded: EvacuationReport, channel: string) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [report, setReport] = useState(loaded);
  const sync = useMemo(() => new ReportSync(setReport, () => revalidate.current()), []);
  const complete = isComplete(report);

  useEffect(() => sync.loaded(loaded), [sync, loaded]);
  // A reload that never answered (the loader failed, the network dropped): ask again.
  useEffect(() => {
    const timer = setInterval(() => {
      if (sync.isLoading && revalidator.state === "idle") revalidate.current();
    }, RELOAD_RETRY_MS);
    return () => clearInterval(timer);
  }, [sync, revalidator.state]);

  const status = useRealtime(
    complete ? [] : [channel],
    (m) => {
      if (m.channel === channel) sync.receive({ event: m.event, data: m.data });
    },
    () => {
      sync.loadStarted();
      revalidate.current();
    },
  );
  return { report, status, complete };
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
  const evacueeName = new Map(report.evacuees.map((x) => [x.id, x.name]));
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
        <section key={g.id} className="evacuation-report__group" aria-labelledby={`evac-group-${g.id}`}>
          <h2 id={`evac-group-${g.id}`}>
            {g.name}{" "}
            <span className="count-badge">
              {g.evacuees.filter((x) => x.status === "accounted_for").length}/{g.evacuees.length}
            </span>
          </h2>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t("report.column.name")}</th>
                  <th scope="col">{t("report.column.status")}</th>
                  <th scope="col">{t("report.column.point")}</th>
                  <th scope="col">{t("report.column.updated")}</th>
                  {editable ? (
                    <th scope="col" className="no-print">
                      {t("report.column.mark")}
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {g.evacuees.map((x) => (
                  <tr key={x.id} data-evacuee-id={x.id} data-status={x.status}>
                    <th scope="row">
                      {x.name}
                      {x.company ? <span className="muted"> · {x.company}</span> : null}
                    </th>
                    <td>
                      <span className={`evacuee-status evacuee-status--${x.status}`}>{t(`evacuee_status.${x.status}`)}</span>
                    </td>
                    <td>{x.evacuation_point_id ? (pointTitle.get(x.evacuation_point_id) ?? "") : ""}</td>
                    <td>{x.updated_at ? t("report.updated", { time: at(x.updated_at), name: x.updated_by ?? "" }) : ""}</td>
                    {editable ? (
                      <td className="no-print">
                        <MarkForm path={path} evacuee={x} points={report.evacuation_points} />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}

      <section aria-labelledby="comments-heading" className="evacuation-report__comments">
        <h2 id="comments-heading">
          {t("report.comments")} <span className="count-badge">{report.comments.length}</span>
        </h2>
        {report.comments.length === 0 ? <p className="muted">{t("report.no_comments")}</p> : null}
        <ol className="comment-list" data-testid="comments">
          {report.comments.map((c) => (
            <li key={c.id}>
              <p className="comment-list__meta">
                <strong>{c.author}</strong> · {at(c.created_at)}
                {c.evacuation_evacuee_id ? ` · ${t("report.about", { name: evacueeName.get(c.evacuation_evacuee_id) ?? "" })}` : ""}
              </p>
              <p className="comment-list__body">{c.content}</p>
            </li>
          ))}
        </ol>
      </section>

      <div className="evacuation-report__side">
        <section aria-labelledby="participants-heading">
          <h2 id="participants-heading">{t("report.participants")}</h2>
          {report.participants.length === 0 ? (
            <p className="muted">{t("report.none")}</p>
          ) : (
            <ul>
              {report.participants.map((p) => {
                const via = report.accessed_via.find((a) => a.participant_id === p.id)?.via;
                return (
                  <li key={p.id}>
                    {p.name}
                    {via ? <span className="muted"> · {t(`via.${via}`)}</span> : null}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <section aria-labelledby="offline-heading">
          <h2 id="offline-heading">{t("report.offline_devices")}</h2>
          {report.offline_devices.length === 0 ? (
            <p className="muted">{t("report.none")}</p>
          ) : (
            <ul>
              {report.offline_devices.map((x) => (
                <li key={x.id}>
                  <span aria-hidden="true">✕ </span>
                  {x.name}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="bookings-heading">
          <h2 id="bookings-heading">{t("report.bookings")}</h2>
          {report.bookings.length === 0 ? (
            <p className="muted">{t("report.none")}</p>
          ) : (
            <ul>
              {report.bookings.map((b) => (
                <li key={b.id}>
                  {b.name} · {b.space}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <Outlet context={{ report }} />
    </article>
  );
}

function countByStatus(evacuees: Evacuee[]) {
  const counts = { unaccounted: 0, accounted_for: 0, missing: 0, left_site: 0 };
  for (const x of evacuees) counts[x.status] += 1;
  return counts;
}

const MARKS = ["accounted_for", "missing", "left_site", "unaccounted"] as const;

/**
 * One evacuee's status buttons (the current one pressed), with the row's evacuation point sent
 * along. A fetcher per evacuee, so several rows can be marked at once; its answer is a redirect
 * with the outcome, and the live event updates every other viewer.
 */
function MarkForm({ path, evacuee, points }: { path: string; evacuee: Evacuee; points: EvacuationReport["evacuation_points"] }) {
  const { t } = useTranslation("evacuations");
  const fetcher = useFetcher({ key: `evacuee-${evacuee.id}` });
  const busy = fetcher.state !== "idle";
  const pending = busy ? fetcher.formData?.get("status") : null;
  return (
    <fetcher.Form method="post" action={path} preventScrollReset className="mark-form" aria-busy={busy || undefined}>
      <input type="hidden" name="intent" value="mark" />
      <input type="hidden" name="evacueeId" value={evacuee.id} />
      <input type="hidden" name="name" value={evacuee.name} />
      {points.length > 0 ? (
        <select name="pointId" defaultValue={evacuee.evacuation_point_id ?? ""} aria-label={t("report.point_for", { name: evacuee.name })} key={`${evacuee.id}-${evacuee.evacuation_point_id ?? ""}`}>
          <option value="">{t("report.no_point")}</option>
          {points.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </select>
      ) : null}
      {MARKS.map((s) => (
        <button
          key={s}
          type="submit"
          name="status"
          value={s}
          className={`button button--small ${s === evacuee.status ? "button--pressed" : "button--secondary"}`}
          aria-pressed={s === evacuee.status}
          aria-label={t(`report.mark.${s}`, { name: evacuee.name })}
          disabled={busy}
        >
          {pending === s ? <span className="spinner" aria-hidden="true" /> : null}
          {t(`evacuee_status.${s}`)}
        </button>
      ))}
    </fetcher.Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
