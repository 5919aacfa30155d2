/**
 * /manage/features/forms/new — a new visitor form (ManageForm.viewer; ADR 030), over the forms list
 * (a page of its own without JavaScript): name, sites, groups, introduction, enabled. The upstream
 * makes its link.
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
import { loadFormOptions } from "~/features/visitor-forms/forms.server";
import { FORMS_PATH } from "~/features/visitor-forms/paths";
import { VISITOR_FORM_FIELDS, visitorFormRequest, visitorFormSchema } from "~/features/visitor-forms/schema";
import { translator } from "~/i18n/i18n.server";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "features")]);
  requireEdit(access);
  return data({ title: `${t("forms.new")} · Gatehouse`, options: await loadFormOptions(access) }, { headers: access.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const form = await request.formData();
  const intent = requireIntent(form, "create");
  const submission = parseSubmission(form, { schema: visitorFormSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  try {
    await access.viewer.api("createVisitorForm", { body: visitorFormRequest(submission.value) });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: VISITOR_FORM_FIELDS });
  }
  return done(request, access.viewer, FORMS_PATH, { key: "features:forms.created", values: { name: submission.value.name }, tone: "success" });
}

export default function NewVisitorForm() {
  const { options } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("features");
  return (
    <RouteDialog title={t("forms.new")} closeTo={FORMS_PATH} wide>
      <VisitorFormEditor id="visitor-form-new" action={`${FORMS_PATH}/new`} intent="create" values={{ enabled: true }} options={options} editable lastResult={resultFor(answer, "create")} saveLabel={t("forms.create")} />
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
