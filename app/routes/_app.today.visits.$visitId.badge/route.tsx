/** /today/visits/{id}/badge — the badge printed at sign-in, as it looks. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { visitIdParam } from "~/features/today/visit.server";
import { formatDateTimeAt } from "~/i18n/format";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { upstreamLoad } from "~/upstream/load.server";
import type { loader as visitLoader } from "../_app.today.visits.$visitId/route";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer } = await requireAccess(request);
  return upstreamLoad(viewer.api("visitBadge", { params: { visitId: visitIdParam(params) } }));
}

export default function BadgeTab() {
  const badge = useLoaderData<typeof loader>();
  const parent = useRouteLoaderData<typeof visitLoader>("routes/_app.today.visits.$visitId");
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
