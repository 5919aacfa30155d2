/** /today/visits/{id}/documents — the member's documents and their expiry (GroupMember.viewer). */
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
  const result = await upstreamLoad(viewer.api("visitDocuments", { params: { visitId: visitIdParam(params) } }));
  const today = new Date().toISOString().slice(0, 10);
  const locale = viewer.locale as Locale;
  return {
    applicable: result.applicable,
    documents: result.documents.map((d) => ({
      id: d.id,
      title: d.title,
      expires: d.expires_on ? formatDay(d.expires_on, locale) : null,
      expired: d.expires_on !== null && d.expires_on < today,
    })),
  };
}

export default function DocumentsTab() {
  const { applicable, documents } = useLoaderData<typeof loader>();
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
