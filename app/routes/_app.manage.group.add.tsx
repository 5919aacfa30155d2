/**
 * /manage/group/add — add a group (groups spec §2: group editor right; administrators, active
 * accounts): its name ("The group name is required") and its type (visitors who do not return,
 * returning members, or deliveries). A new group is shown at every site; the client's group limit
 * refuses it with the spec's message ("You are over the limit, please upgrade your tier").
 * A page, so it works the same without JavaScript; the typed name is kept on every refusal.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { parseSubmission } from "~/forms/submission";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { redirectWithNotice } from "~/features/action-outcome.server";
import { refusalOf } from "~/upstream/refusal.server";
import { GROUP_TYPES, newGroupSchema } from "~/features/manage/groups";
import { replyWith, upstreamFormErrors } from "~/features/manage/sites.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { ChoiceList, FormErrors, initialValues, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { UpstreamError } from "~/upstream/errors";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  return data({ title: `${t("manage:groups.add.heading")} · Gatehouse` }, { headers: access.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { viewer } = await requireAccess(request);
  const submission = parseSubmission(await request.formData(), { schema: newGroupSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const group = await viewer.api("createGroup", { body: submission.value });
    const search = new URLSearchParams({ search: group.name });
    return redirectWithNotice(request, viewer, `/manage/overview/groups?${search}`, { key: "manage:groups.add.added", values: { name: group.name }, tone: "success" });
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 422 && err.body.errors?.group_limit) {
      return data({ result: submission.reply({ formErrors: ["manage:errors.group_limit"] }) }, { status: 422 });
    }
    const errors = upstreamFormErrors(err, ["name", "type"]);
    if (errors) return data({ result: replyWith(submission, errors) }, { status: 422 });
    // A refusal keeps its meaning (a 403 is Forbidden); the upstream unreachable or failing says so
    // (groups spec §8 "Failed to save. Please try again."), keeping the input.
    const refusal = refusalOf(err);
    const message = refusal.upstreamFailed ? "manage:groups.add.failed" : refusal.message;
    return data({ result: submission.reply({ formErrors: [message] }) }, { status: refusal.status });
  }
}

export default function AddGroup() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("manage");
  const [form, fields] = useForm<{ name: string | undefined; type: string | undefined }, any>({
    id: "new-group",
    lastResult: actionData?.result,
    defaultValue: { type: "standard" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newGroupSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div>
      <p>
        <Link to="/manage/overview/groups">{t("overview.groups.back")}</Link>
      </p>
      <h1>{t("groups.add.heading")}</h1>
      <p className="hint">{t("groups.add.intro")}</p>
      <ValidatedForm form={form} action="/manage/group/add" className="narrow-form">
        <FormErrors formId={form.id} />
        <TextField field={fields.name} label={t("groups.add.name")} autoComplete="off" />
        <ChoiceList
          legend={t("groups.add.type")}
          name={fields.type.name}
          type="radio"
          idPrefix="group-type"
          choices={GROUP_TYPES.map((type) => ({ value: type, label: t(`group_type.${type}.label`), hint: t(`group_type.${type}.hint`) }))}
          checked={initialValues(fields.type.initialValue ?? "standard")}
          errorId={fields.type.errorId}
          errors={fields.type.errors}
        />
        <div className="actions">
          <SubmitButton>{t("groups.add.submit")}</SubmitButton>
          <Link to="/manage/overview/groups" className="button button--secondary">
            {t("fields_common.cancel")}
          </Link>
        </div>
      </ValidatedForm>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
