/** /today/visits/{id}/details — the visit record (the dialog's parent loaded it). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { formatDateTimeAt } from "~/i18n/format";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import type { loader as visitLoader } from "../_app.today.visits.$visitId/route";
import { LocationLink } from "~/features/today/location";
import { isDeparture, statusKey } from "~/features/today/status";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  return null;
}

export default function VisitDetailsTab() {
  const parent = useRouteLoaderData<typeof visitLoader>("routes/_app.today.visits.$visitId");
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
