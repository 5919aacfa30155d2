/** /today/visits/{id}/absence — the member's absences around today (AbsenceReport.view). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { visitIdParam } from "~/features/today/visit.server";
import type { Locale } from "~/i18n/config";
import { formatDay } from "~/i18n/format";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { upstreamLoad } from "~/upstream/load.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer } = await requireAccess(request);
  const result = await upstreamLoad(viewer.api("visitAbsences", { params: { visitId: visitIdParam(params) } }));
  return { ...result, locale: viewer.locale as Locale };
}

export default function AbsenceTab() {
  const { applicable, absences, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation("today");
  if (!applicable) return <p className="empty-state">{t("visit.absence.not_member")}</p>;
  if (absences.length === 0) return <p className="empty-state">{t("visit.absence.none")}</p>;
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
            <td>{a.starts_on === a.ends_on ? formatDay(a.starts_on, locale) : t("visit.absence.range", { from: formatDay(a.starts_on, locale), to: formatDay(a.ends_on, locale) })}</td>
            <td>{t(`visit.absence.status.${a.status}`)}</td>
            <td>{a.reason ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
