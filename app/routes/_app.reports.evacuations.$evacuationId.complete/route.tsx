/**
 * /reports/evacuations/{id}/complete — complete the evacuation, with an optional closing comment
 * (EvacReport.editor; platform §4: closing locks the report permanently). A dialog over the live
 * report that says how many people are not yet accounted for before anyone confirms.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { requireAccess } from "~/access/guard.server";
import { pageNotice, resultFor } from "~/forms/action-result";
import { isComplete } from "~/features/evacuations/counter";
import { evacuationIdParam, loadReport } from "~/features/evacuations/evacuations.server";
import { reportPath } from "~/features/evacuations/paths";
import { CompleteSchema } from "~/features/evacuations/schemas";
import { translator } from "~/i18n/i18n.server";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { ErrorDialog } from "~/ui/error-dialog";
import { FormErrors, SubmitButton, TextAreaField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { complete } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "evacuations")]);
  const id = evacuationIdParam(params);
  const report = await loadReport(access, id);
  return {
    title: `${t("evacuations:report.complete.title")} · Gatehouse`,
    id,
    site: report.evacuation.site_name,
    completed: isComplete(report),
    total: report.evacuees.length,
    notAccounted: report.evacuees.filter((x) => x.status === "unaccounted" || x.status === "missing").length,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer } = await requireAccess(request);
  const id = evacuationIdParam(params);
  const form = await request.formData();
  return complete({ request, viewer, id, form });
}

export default function CompleteDialog() {
  const { id, site, completed, total, notAccounted } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const notice = pageNotice(actionData);
  const { t } = useTranslation("evacuations");
  const [form, fields] = useForm<z.input<typeof CompleteSchema>, z.output<typeof CompleteSchema>>({
    id: "evacuation-complete",
    lastResult: resultFor(actionData, "complete"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CompleteSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <RouteDialog title={t("report.complete.heading", { site })} closeTo={reportPath(id)} describedBy="complete-summary">
      {notice ? <ErrorDialog key={JSON.stringify(notice)} notice={notice} /> : null}
      {completed ? (
        <p id="complete-summary">{t("report.read_only")}</p>
      ) : (
        <>
          <p id="complete-summary">
            {notAccounted > 0 ? t("report.complete.warning", { count: notAccounted, total }) : t("report.complete.all_accounted", { count: total })}{" "}
            {t("report.complete.permanent")}
          </p>
          <ValidatedForm form={form} action={`${reportPath(id)}/complete`} preventScrollReset>
            <FormErrors formId={form.id} />
            <TextAreaField field={fields.comment} label={t("report.complete.comment")} rows={3} />
            <div className="actions">
              <SubmitButton>{t("report.complete.submit")}</SubmitButton>
            </div>
          </ValidatedForm>
        </>
      )}
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
