/**
 * /reports/evacuations/{id}/delete — delete a completed evacuation report (EvacReport.delete; groups
 * spec §6). A confirmation dialog; an open evacuation cannot be deleted (the upstream's 422).
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { isComplete } from "~/features/evacuations/counter";
import { evacuationIdParam, loadReport } from "~/features/evacuations/evacuations.server";
import { reportPath } from "~/features/evacuations/paths";
import { formatDateTimeAt } from "~/i18n/format";
import type { Locale } from "~/i18n/config";
import { translator } from "~/i18n/i18n.server";
import { siteZone } from "~/features/today/visit.server";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { SubmitButton } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { remove } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "evacuations")]);
  const id = evacuationIdParam(params);
  const report = await loadReport(access, id);
  const e = report.evacuation;
  return {
    title: `${t("evacuations:report.delete.title")} · Gatehouse`,
    id,
    completed: isComplete(report),
    site: e.site_name,
    started: formatDateTimeAt(e.started_at, siteZone(access.config, e.site_id), access.viewer.locale as Locale),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer } = await requireAccess(request);
  return remove({ request, viewer, id: evacuationIdParam(params) });
}

export default function DeleteDialog() {
  const { id, completed, site, started } = useLoaderData<typeof loader>();
  const { t } = useTranslation("evacuations");
  return (
    <RouteDialog title={t("report.delete.heading")} closeTo={reportPath(id)} describedBy="delete-summary">
      <p id="delete-summary">{completed ? t("report.delete.summary", { site, time: started }) : t("report.delete.open_evacuation")}</p>
      {completed ? (
        <Form method="post" action={`${reportPath(id)}/delete`}>
          <div className="actions">
            <SubmitButton>{t("report.delete.submit")}</SubmitButton>
          </div>
        </Form>
      ) : null}
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
