/**
 * /manage/group/add — add a group (groups spec §2: group editor right; administrators, active
 * accounts): its name ("The group name is required") and its type (visitors who do not return,
 * returning members, or deliveries). A new group is shown at every site; the client's group limit
 * refuses it with the spec's message ("You are over the limit, please upgrade your tier").
 * A page, so it works the same without JavaScript; the typed name is kept on every refusal.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { pageNotice, resultFor } from "~/forms/action-result";
import { GROUP_TYPES, newGroupSchema } from "~/features/manage/groups";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { ChoiceList, FormErrors, initialValues, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { add } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "groups")]);
  return data({ title: `${t("add.heading")} · Gatehouse` }, { headers: access.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { viewer } = await requireAccess(request);
  // One form, one submit button (no intent field).
  return add({ request, viewer, form: await request.formData() });
}

export default function AddGroup() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("groups");
  const [form, fields] = useForm<{ name: string | undefined; type: string | undefined }, any>({
    id: "new-group",
    lastResult: resultFor(actionData, "add"),
    defaultValue: { type: "standard" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newGroupSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div>
      <p>
        <Link to="/manage/overview/groups">{t("manage:overview.groups.back")}</Link>
      </p>
      <h1>{t("add.heading")}</h1>
      <p className="hint">{t("add.intro")}</p>
      <ValidatedForm form={form} action="/manage/group/add" className="narrow-form">
        <ActionNotice notice={pageNotice(actionData)} />
        <FormErrors formId={form.id} />
        <TextField field={fields.name} label={t("add.name")} autoComplete="off" />
        <ChoiceList
          legend={t("add.type")}
          name={fields.type.name}
          type="radio"
          idPrefix="group-type"
          choices={GROUP_TYPES.map((type) => ({ value: type, label: t(`type.${type}.label`), hint: t(`type.${type}.hint`) }))}
          checked={initialValues(fields.type.initialValue ?? "standard")}
          errorId={fields.type.errorId}
          errors={fields.type.errors}
        />
        <div className="actions">
          <SubmitButton>{t("add.submit")}</SubmitButton>
          <Link to="/manage/overview/groups" className="button button--secondary">
            {t("common:fields.cancel")}
          </Link>
        </div>
      </ValidatedForm>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
