/**
 * /manage/features/forms/{id} — one visitor form (ManageForm.viewer; ADR 030), over the forms list
 * (a page of its own without JavaScript): its link to copy, and the editor. A form gone says so
 * ("Form not found.", 404).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireIntent } from "~/forms/intents.server";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { resultFor } from "~/forms/action-result";
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { VisitorFormEditor } from "~/features/visitor-forms/form-editor";
import { formIdParam, loadFormOptions, mayEditForms } from "~/features/visitor-forms/forms.server";
import { FORM_NOT_FOUND, FORMS_PATH } from "~/features/visitor-forms/paths";
import { VISITOR_FORM_FIELDS, visitorFormRequest, visitorFormSchema, visitorFormValues } from "~/features/visitor-forms/schema";
import { translator } from "~/i18n/i18n.server";
import { UpstreamError } from "~/upstream/errors";
import { upstreamLoad } from "~/upstream/load.server";
import { CopyButton } from "~/ui/copy-button";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "features")]);
  const id = formIdParam(params);
  const [found, options] = await Promise.all([
    upstreamLoad(
      access.viewer.api("visitorForm", { params: { formId: id } }).catch((err: unknown) => {
        if (err instanceof UpstreamError && err.status === 404) return null;
        throw err;
      }),
    ),
    loadFormOptions(access),
  ]);
  const edit = mayEditForms(access);
  if (!found) return data({ title: `${t("forms.title")} · Gatehouse`, form: null, options, edit }, { status: 404, headers: access.headers });
  return data({ title: `${found.name} · ${t("forms.title")} · Gatehouse`, form: found, options, edit }, { headers: access.headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const id = formIdParam(params);
  const form = await request.formData();
  const intent = requireIntent(form, "save");
  const submission = parseSubmission(form, { schema: visitorFormSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  try {
    await access.viewer.api("updateVisitorForm", { params: { formId: id }, body: visitorFormRequest(submission.value) });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: VISITOR_FORM_FIELDS, notFound: FORM_NOT_FOUND });
  }
  return done(request, access.viewer, FORMS_PATH, { key: "features:forms.saved", values: { name: submission.value.name }, tone: "success" });
}

export default function EditVisitorForm() {
  const { form, options, edit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("features");
  if (!form) {
    return (
      <RouteDialog title={t("forms.title")} closeTo={FORMS_PATH}>
        <ActionNotice notice={{ key: FORM_NOT_FOUND, tone: "error" }} />
      </RouteDialog>
    );
  }
  return (
    <RouteDialog title={edit ? t("forms.edit_title", { name: form.name }) : form.name} closeTo={FORMS_PATH} wide>
      <p>
        {t("forms.link_label")} <code className="copyable" id="form-link">{form.link}</code> <CopyButton target="form-link" label={t("forms.copy")} />
      </p>
      <VisitorFormEditor id="visitor-form-edit" action={`${FORMS_PATH}/${form.id}`} intent="save" values={visitorFormValues(form)} options={options} editable={edit} lastResult={resultFor(answer, "save")} saveLabel={t("forms.save")} />
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
