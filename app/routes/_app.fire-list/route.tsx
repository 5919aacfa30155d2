/**
 * /fire-list — the evacuation (fire) list of the selected site: everyone on site now, by group,
 * with the evacuation points, printable as a clean A4 page, and the start of an evacuation
 * (spec platform §2; EvacList.viewer, active clients only). It follows the site's channel: a
 * sign-in, a sign-out or an evacuation started elsewhere reloads it; without JavaScript it is a
 * page that is as fresh as its last load (its time is printed on it).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { dispatch } from "~/forms/intents.server";
import { requireAccess } from "~/access/guard.server";
import { evacuationPermissions } from "~/features/evacuations/evacuations.server";
import { reportPath } from "~/features/evacuations/paths";
import { siteChannel, todaySite } from "~/features/today/today.server";
import type { FireList as FireListData } from "@contract";
import type { Locale } from "~/i18n/config";
import { formatDateTimeAt, formatTimeAt } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { useRealtime } from "~/realtime/use-realtime";
import { BookingLists } from "~/features/evacuations/booking-lists";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { NoticeBanner } from "~/ui/notice";
import { upstreamLoad } from "~/upstream/load.server";
import { pageTitle } from "~/ui/meta";
import { start } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

/** A member's evacuation needs in words (their editor's evacuation tab; ADR 017), or "". */
function needsText(t: (key: string, values?: Record<string, unknown>) => string, e: FireListData["people"][number]["evacuation"]): string {
  if (!e) return "";
  return [
    e.assistance !== "none" ? t("members:fire_list.needs", { what: t(`members:assistance.${e.assistance}`) }) : "",
    e.warden ? t("members:evacuation.warden") : "",
    e.first_aider ? t("members:evacuation.first_aider") : "",
    e.notes,
  ]
    .filter(Boolean)
    .join(" · ");
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "evacuations")]);
  const site = await todaySite(access);
  const list = site ? await upstreamLoad(access.viewer.api("fireList", { params: { siteId: site.id } })) : null;
  const locale = access.viewer.locale as Locale;
  const zone = list?.site.timezone ?? "UTC";
  const now = new Date().toISOString();
  return data(
    {
      title: `${t("evacuations:fire_list.title")} · Gatehouse`,
      list: list && {
        site: list.site,
        channel: siteChannel(list.site.id),
        printedAt: formatDateTimeAt(now, zone, locale),
        points: list.evacuation_points,
        active: list.active_evacuation && {
          id: list.active_evacuation.id,
          startedAt: formatTimeAt(list.active_evacuation.started_at, zone, locale),
          startedBy: list.active_evacuation.started_by,
          report: evacuationPermissions(access).view ? reportPath(list.active_evacuation.id) : null,
        },
        total: list.people.length,
        bookings: list.bookings,
        groups: list.groups
          .map((g) => ({
            ...g,
            people: list.people
              .filter((p) => p.group_id === g.id)
              .sort((a, b) => a.name.localeCompare(b.name))
              .map((p) => ({ ...p, signedIn: formatTimeAt(p.signed_in_at, zone, locale), needs: needsText(t, p.evacuation) })),
          }))
          .filter((g) => g.people.length > 0),
      },
    },
    { headers: access.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  const form = await request.formData();
  return dispatch(form, { start }, { request, access, form });
}

export default function FireList() {
  const { list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("evacuations");
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Anything on the site's channel changes who is on site (or starts an evacuation): load again.
  useRealtime(
    list ? [list.channel] : [],
    () => revalidator.state === "idle" && revalidator.revalidate(),
    () => revalidator.state === "idle" && revalidator.revalidate(),
  );
  if (!list) {
    return (
      <>
        <h1>{t("fire_list.heading")}</h1>
        <p>{t("fire_list.no_sites")}</p>
      </>
    );
  }
  const starting = navigation.state === "submitting" && navigation.formData?.get("intent") === "start";
  return (
    <article className="fire-list">
      <div className="page-heading">
        <div>
          <h1>{t("fire_list.heading")}</h1>
          <p className="fire-list__site">
            <strong>{list.site.name}</strong>
            {list.site.address ? ` · ${list.site.address}` : ""}
          </p>
          <p className="muted">{t("fire_list.printed_at", { time: list.printedAt })}</p>
        </div>
        <div className="page-actions no-print">
          {hydrated ? (
            <button type="button" className="button button--secondary" onClick={() => window.print()}>
              {t("fire_list.print")}
            </button>
          ) : (
            <p className="hint">{t("fire_list.print_hint")}</p>
          )}
          {list.active ? null : (
            <Form method="post" action="/fire-list">
              <input type="hidden" name="siteId" value={list.site.id} />
              <button type="submit" name="intent" value="start" className="button button--danger" aria-busy={starting || undefined} disabled={starting}>
                {t("fire_list.start")}
              </button>
            </Form>
          )}
        </div>
      </div>
      {list.active ? (
        <>
          <NoticeBanner notice={{ key: "evacuations:fire_list.active", values: { time: list.active.startedAt, name: list.active.startedBy }, tone: "info" }} />
          {list.active.report ? (
            <p className="no-print">
              <Link to={list.active.report}>{t("fire_list.open_report")}</Link>
            </p>
          ) : null}
        </>
      ) : null}
      <p className="fire-list__total">{t("fire_list.total", { count: list.total })}</p>
      {list.points.length > 0 ? (
        <p>
          {t("fire_list.points")}: {list.points.map((p) => p.title).join(", ")}
        </p>
      ) : null}
      {list.groups.length === 0 ? <p className="empty-state">{t("fire_list.empty")}</p> : null}
      {list.groups.map((g) => (
        <section key={g.id} className="fire-list__group" aria-labelledby={`fire-group-${g.id}`}>
          <h2 id={`fire-group-${g.id}`}>
            {g.name} <span className="count-badge">{g.people.length}</span>
          </h2>
          <table className="table">
            <thead>
              <tr>
                <th scope="col" className="fire-list__check">
                  {t("fire_list.present")}
                </th>
                <th scope="col">{t("fire_list.name")}</th>
                <th scope="col">{t("fire_list.company")}</th>
                <th scope="col">{t("fire_list.host")}</th>
                <th scope="col">{t("fire_list.signed_in")}</th>
              </tr>
            </thead>
            <tbody>
              {g.people.map((p) => (
                <tr key={p.visit_id}>
                  <td className="fire-list__check">
                    <span className="fire-list__box" aria-hidden="true" />
                  </td>
                  <th scope="row">
                    {p.name}
                    {p.needs ? <span className="fire-list__needs"> ({p.needs})</span> : null}
                  </th>
                  <td>{p.company ?? ""}</td>
                  <td>{p.host ?? ""}</td>
                  <td>{p.signedIn}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {list.bookings.length > 0 ? (
        <section className="fire-list__group" aria-labelledby="fire-bookings">
          <h2 id="fire-bookings">{t("report.bookings")}</h2>
          <BookingLists bookings={list.bookings} />
        </section>
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
