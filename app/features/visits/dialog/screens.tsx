/**
 * The visit details dialog's screens (the dialog and its five tabs), shared by Today and the
 * history (`where.ts`). Links keep the page's query (the history's filters), so closing the dialog
 * returns to the same filtered list.
 */
import { Form, NavLink, Outlet, useLoaderData, useLocation, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LocationLink } from "~/features/today/location";
import { isDeparture, statusKey } from "~/features/today/status";
import { SafetyFlag } from "~/features/safety-check/flag";
import { formatDateTimeAt, formatDay } from "~/i18n/format";
import { RouteDialog } from "~/ui/dialog";
import type { absenceLoader, badgeLoader, documentsLoader, historyLoader, visitDialogLoader } from "./loaders.server";
import { DIALOG_PLACES, visitPath, type DialogPlace } from "./where";

const useParent = (place: DialogPlace) => useRouteLoaderData<typeof visitDialogLoader>(DIALOG_PLACES[place].routeId);

export function VisitDialog() {
  const { visit, tabs, can, place } = useLoaderData<typeof visitDialogLoader>();
  const { t } = useTranslation("today");
  const { search } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("visitId") === String(visit.id);
  return (
    <RouteDialog title={visit.name} closeTo={`${DIALOG_PLACES[place].base}${search}`} wide>
      <p className="muted">
        {visit.group.name} · {visit.site_name} · <span className={`status status--${visit.status}`}>{t(statusKey(visit.status))}</span> <SafetyFlag visit={visit} />
      </p>
      <nav aria-label={t("visit.tabs")} className="tabs">
        {tabs.map((tab) => (
          <NavLink key={tab} to={`${visitPath(place, visit.id, tab)}${search}`} preventScrollReset>
            {t(`visit.tab.${tab}`)}
          </NavLink>
        ))}
      </nav>
      <div className="tab-panel">
        <Outlet />
      </div>
      {can.signOut || can.approve || can.return ? (
        <Form method="post" action="/today" className="actions">
          <input type="hidden" name="intent" value={can.signOut ? "sign-out" : can.approve ? "approve" : "return"} />
          <input type="hidden" name="visitId" value={visit.id} />
          <input type="hidden" name="name" value={visit.name} />
          <button type="submit" className="button" aria-busy={busy || undefined} disabled={busy}>
            {can.signOut
              ? t("sign_out", { name: visit.name })
              : can.approve
                ? t("approve", { name: visit.name })
                : t("sign_out_first.return", { name: visit.name })}
          </button>
        </Form>
      ) : null}
    </RouteDialog>
  );
}

export function DetailsTab({ place }: { place: DialogPlace }) {
  const parent = useParent(place);
  const { t } = useTranslation("today");
  if (!parent) return null;
  const { visit, timezone, locale, can } = parent;
  const when = (iso: string | null) => (iso ? formatDateTimeAt(iso, timezone, locale) : "—");
  const rows: [string, React.ReactNode][] = [
    [t("column.name"), visit.name],
    [t("visit.group"), visit.group.name],
    [t("column.company"), visit.company ?? "—"],
    [t("column.host"), visit.host ?? "—"],
    [t("visit.status"), t(statusKey(visit.status))],
    [t("visit.created"), when(visit.created_at)],
    // A departure (ADR 015) starts when they left and ends when they came back.
    ...((isDeparture(visit.status)
      ? [
          [t("sign_out_first.left_at"), when(visit.signed_out_at)],
          [t("sign_out_first.back_at"), when(visit.signed_in_at)],
        ]
      : [
          [t("column.signed_in"), when(visit.signed_in_at)],
          [t("visit.signed_out"), when(visit.signed_out_at)],
        ]) as [string, React.ReactNode][]),
    [t("column.source"), t(`source.${visit.source}`)],
  ];
  if (visit.member) {
    rows.push([t("visit.email"), visit.member.email ?? "—"], [t("visit.mobile"), visit.member.mobile ?? "—"]);
  }
  if (can.locations) rows.push([t("column.location"), visit.location ? <LocationLink location={visit.location} /> : t("visit.no_location")]);
  for (const f of visit.fields) rows.push([f.label, f.value || "—"]);
  if (visit.notes) rows.push([t("visit.notes"), visit.notes]);
  if (visit.protected) rows.push([t("visit.protection"), t("visit.protected")]);
  return (
    <dl className="details">
      {rows.map(([label, value], i) => (
        <div key={i} className="details__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function AbsenceTab() {
  const { applicable, absences, locale } = useLoaderData<typeof absenceLoader>();
  const { t } = useTranslation("today");
  if (!applicable) return <p className="empty-state">{t("visit.absence.not_member")}</p>;
  if (absences.length === 0) return <p className="empty-state">{t("visit.absence.none")}</p>;
  const day = (d: string) => formatDay(d, locale);
  return (
    <table className="table">
      <caption className="visually-hidden">{t("visit.tab.absence")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("visit.absence.type")}</th>
          <th scope="col">{t("visit.absence.dates")}</th>
          <th scope="col">{t("visit.status")}</th>
          <th scope="col">{t("visit.absence.reason")}</th>
        </tr>
      </thead>
      <tbody>
        {absences.map((a) => (
          <tr key={a.id}>
            <td>{a.type}</td>
            <td>{a.starts_on === a.ends_on ? day(a.starts_on) : t("visit.absence.range", { from: day(a.starts_on), to: day(a.ends_on) })}</td>
            <td>{t(`visit.absence.status.${a.status}`)}</td>
            <td>{a.reason ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function BadgeTab({ place }: { place: DialogPlace }) {
  const badge = useLoaderData<typeof badgeLoader>();
  const parent = useParent(place);
  const { t } = useTranslation("today");
  return (
    <figure className="badge-preview" aria-label={t("visit.badge.label", { number: badge.number })}>
      <p className="badge-preview__site">{badge.site}</p>
      <p className="badge-preview__name">{badge.name}</p>
      <p className="badge-preview__group">{badge.group}</p>
      {badge.company ? <p>{badge.company}</p> : null}
      {badge.host ? <p>{t("visit.badge.host", { host: badge.host })}</p> : null}
      {parent ? <p className="muted">{formatDateTimeAt(badge.issued_at, parent.timezone, parent.locale)}</p> : null}
      <figcaption className="badge-preview__number">{t("visit.badge.number", { number: badge.number })}</figcaption>
    </figure>
  );
}

export function DocumentsTab() {
  const { applicable, documents } = useLoaderData<typeof documentsLoader>();
  const { t } = useTranslation("today");
  if (!applicable) return <p className="empty-state">{t("visit.documents.not_member")}</p>;
  if (documents.length === 0) return <p className="empty-state">{t("visit.documents.none")}</p>;
  return (
    <table className="table">
      <caption className="visually-hidden">{t("visit.tab.documents")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("visit.documents.title")}</th>
          <th scope="col">{t("visit.documents.expires")}</th>
        </tr>
      </thead>
      <tbody>
        {documents.map((d) => (
          <tr key={d.id}>
            <td>{d.title}</td>
            <td>
              {d.expires ?? t("visit.documents.no_expiry")}
              {d.expired ? <span className="tag tag--warning"> {t("visit.documents.expired")}</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function HistoryTab() {
  const { visits } = useLoaderData<typeof historyLoader>();
  const { t } = useTranslation("today");
  if (visits.length === 0) return <p className="empty-state">{t("visit.history.none")}</p>;
  return (
    <table className="table">
      <caption className="visually-hidden">{t("visit.tab.history")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("column.signed_in")}</th>
          <th scope="col">{t("visit.signed_out")}</th>
          <th scope="col">{t("visit.site")}</th>
          <th scope="col">{t("visit.group")}</th>
          <th scope="col">{t("visit.status")}</th>
        </tr>
      </thead>
      <tbody>
        {visits.map((v) => (
          <tr key={v.id}>
            <td>{v.signedIn ?? "—"}</td>
            <td>{v.signedOut ?? "—"}</td>
            <td>{v.site ?? "—"}</td>
            <td>{v.group}</td>
            <td>{t(statusKey(v.status))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
