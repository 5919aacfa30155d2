/**
 * /reports/evacuations/{id}/comment — add a comment to an evacuation, about everyone or about one
 * evacuee (EvacReport.editor; platform §7: content, evacuation_evacuee_id). A dialog over the live
 * report; `?evacuee=` preselects who it is about. A 400 keeps what was typed.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { requireAccess } from "~/access/guard.server";
import { pageNotice, resultFor } from "~/forms/action-result";
import { postedId } from "~/forms/action-result.server";
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
import { comment } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "evacuations")]);
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
  return comment({ request, viewer, id, form });
}

export default function CommentDialog() {
  const { id, completed, evacuees, about } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const notice = pageNotice(actionData);
  const { t } = useTranslation("evacuations");
  const [form, fields] = useForm<z.input<typeof CommentSchema>, z.output<typeof CommentSchema>>({
    id: "evacuation-comment",
    lastResult: resultFor(actionData, "comment"),
    defaultValue: { evacueeId: about ? String(about) : "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CommentSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <RouteDialog title={t("report.comment.heading")} closeTo={reportPath(id)}>
      {notice ? <ErrorDialog key={JSON.stringify(notice)} notice={notice} /> : null}
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
