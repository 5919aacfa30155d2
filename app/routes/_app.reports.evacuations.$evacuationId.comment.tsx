/**
 * /reports/evacuations/{id}/comment — add a comment to an evacuation, about everyone or about one
 * evacuee (EvacReport.editor; platform §7: content, evacuation_evacuee_id). A dialog over the live
 * report; `?evacuee=` preselects who it is about. A 400 keeps what was typed.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { parseSubmission } from "~/forms/submission";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { requireAccess } from "~/access/guard.server";
import { failureNotice, isActionFailure, postedId, redirectWithNotice } from "~/features/action-outcome.server";
import { isComplete } from "~/features/evacuations/counter";
import { evacuationIdParam, loadReport } from "~/features/evacuations/evacuations.server";
import { reportPath } from "~/features/evacuations/paths";
import { CommentSchema } from "~/features/evacuations/schemas";
import { translator } from "~/i18n/i18n.server";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { ErrorDialog } from "~/ui/error-dialog";
import { FormErrors, SelectField, SubmitButton, TextAreaField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const id = evacuationIdParam(params);
  const report = await loadReport(access, id);
  const about = postedId(new URL(request.url).searchParams.get("evacuee"));
  return {
    title: `${t("evacuations:report.comment.title")} · Gatehouse`,
    id,
    completed: isComplete(report),
    evacuees: report.evacuees.map((x) => ({ id: x.id, name: x.name })).sort((a, b) => a.name.localeCompare(b.name)),
    about: report.evacuees.some((x) => x.id === about) ? about : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer } = await requireAccess(request);
  const id = evacuationIdParam(params);
  const form = await request.formData();
  const submission = parseSubmission(form, { schema: CommentSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), notice: null }, { status: 400 });
  try {
    await viewer.api("addEvacuationComment", {
      params: { evacuationId: id },
      body: { content: submission.value.content, evacuation_evacuee_id: submission.value.evacueeId ?? null },
    });
    return redirectWithNotice(request, viewer, reportPath(id), { key: "evacuations:report.comment.added", tone: "success" });
  } catch (err) {
    if (!isActionFailure(err)) throw err;
    // The dialog stays open with the text: the error dialog says why.
    return data({ result: submission.reply(), notice: { ...failureNotice(err, "evacuations:report.comment.failed", {}), dialog: true } }, { status: 422 });
  }
}

export default function CommentDialog() {
  const { id, completed, evacuees, about } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("evacuations");
  const [form, fields] = useForm<z.input<typeof CommentSchema>, z.output<typeof CommentSchema>>({
    id: "evacuation-comment",
    lastResult: actionData?.result,
    defaultValue: { evacueeId: about ? String(about) : "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CommentSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <RouteDialog title={t("report.comment.heading")} closeTo={reportPath(id)}>
      {actionData?.notice ? <ErrorDialog key={JSON.stringify(actionData.notice)} notice={actionData.notice} /> : null}
      {completed ? (
        <p>{t("report.read_only")}</p>
      ) : (
        <ValidatedForm form={form} action={`${reportPath(id)}/comment`} preventScrollReset>
          <FormErrors formId={form.id} />
          <SelectField field={fields.evacueeId} label={t("report.comment.about")}>
            <option value="">{t("report.comment.everyone")}</option>
            {evacuees.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </SelectField>
          <TextAreaField field={fields.content} label={t("report.comment.content")} />
          <div className="actions">
            <SubmitButton>{t("report.comment.submit")}</SubmitButton>
          </div>
        </ValidatedForm>
      )}
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
