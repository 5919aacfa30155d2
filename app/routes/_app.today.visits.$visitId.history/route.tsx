/** /today/visits/{id}/history — the same person's other visits (History.viewer). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { isDeparture, statusKey } from "~/features/today/status";
import { siteZone, visitIdParam } from "~/features/today/visit.server";
import type { Locale } from "~/i18n/config";
import { formatDateTimeAt } from "~/i18n/format";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { upstreamLoad } from "~/upstream/load.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer, config } = await requireAccess(request);
  const { visits } = await upstreamLoad(viewer.api("visitHistory", { params: { visitId: visitIdParam(params) } }));
  const locale = viewer.locale as Locale;
  const when = (iso: string | null, zone: string) => (iso ? formatDateTimeAt(iso, zone, locale) : null);
  return {
    visits: visits.map((v) => {
      const zone = siteZone(config, v.site_id);
      return {
        id: v.id,
        site: config.sites.find((s) => s.id === v.site_id)?.name ?? null,
        group: v.group.name,
        status: v.status,
        // A departure (ADR 015) has no sign-in before it: its signed_in_at is the return.
        signedIn: when(isDeparture(v.status) ? v.signed_in_at : (v.signed_in_at ?? v.created_at), zone),
        signedOut: when(v.signed_out_at, zone),
      };
    }),
  };
}

export default function HistoryTab() {
  const { visits } = useLoaderData<typeof loader>();
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
