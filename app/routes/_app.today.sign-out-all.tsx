/**
 * /today/sign-out-all — sign everyone on the selected site out, or everyone of one group
 * (Today.signOutAll), after a confirmation that says how many people it concerns.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { parseSubmission } from "~/forms/submission";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { requireAccess } from "~/access/guard.server";
import { SignOutAllSchema } from "~/features/today/schemas";
import { failureNotice, postedSite, redirectWithNotice } from "~/features/action-outcome.server";
import { refusalOf } from "~/upstream/refusal.server";
import { todaySite } from "~/features/today/today.server";
import { translator } from "~/i18n/i18n.server";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { FormErrors, SelectField, SubmitButton, ValidatedForm } from "~/ui/form";
import { Toast } from "~/ui/toast";
import { upstreamLoad } from "~/upstream/load.server";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const site = await todaySite(access);
  if (!site) throw new Response("Not found", { status: 404 });
  const today = await upstreamLoad(access.viewer.api("siteToday", { params: { siteId: site.id } }));
  const onSite = today.visits.filter((v) => v.status === "signed_in");
  const groups = today.groups
    .map((g) => ({ id: g.id, name: g.name, count: onSite.filter((v) => v.group.id === g.id).length }))
    .filter((g) => g.count > 0);
  return { title: `${t("today:sign_out_all.title")} · Gatehouse`, site: { id: site.id, name: site.name }, total: onSite.length, groups };
}

export async function action({ request }: ActionFunctionArgs) {
  const { viewer, config } = await requireAccess(request);
  const form = await request.formData();
  const submission = parseSubmission(form, { schema: SignOutAllSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), notice: null }, { status: 400 });
  const site = postedSite(config, String(submission.value.siteId));
  if (!site) throw new Response("Bad request: site", { status: 400 });
  try {
    const { signed_out } = await viewer.api("signOutAll", {
      params: { siteId: site.id },
      body: submission.value.group_id ? { group_id: submission.value.group_id } : {},
    });
    return redirectWithNotice(request, viewer, "/today", { key: "today:toast.signed_out_all", values: { count: signed_out }, tone: "success" });
  } catch (err) {
    const { status } = refusalOf(err);
    const notice = failureNotice(err, "today:toast.sign_out_all_failed", {});
    return data({ result: submission.reply(), notice }, { status });
  }
}

export default function SignOutAll() {
  const { site, total, groups } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("today");
  const [form, fields] = useForm<z.input<typeof SignOutAllSchema>, z.output<typeof SignOutAllSchema>>({
    id: "sign-out-all",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignOutAllSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <RouteDialog title={t("sign_out_all.heading", { site: site.name })} closeTo="/today" describedBy="sign-out-all-summary">
      {actionData?.notice ? <Toast key={JSON.stringify(actionData.notice)} notice={actionData.notice} /> : null}
      <p id="sign-out-all-summary">{t("sign_out_all.summary", { count: total, site: site.name })}</p>
      {total > 0 || actionData ? (
        <ValidatedForm form={form} action="/today/sign-out-all">
          <input type="hidden" name="siteId" value={site.id} />
          <FormErrors formId={form.id} />
          <SelectField field={fields.group_id} label={t("sign_out_all.who")}>
            <option value="">{t("sign_out_all.everyone", { count: total })}</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {t("sign_out_all.group", { group: g.name, count: g.count })}
              </option>
            ))}
          </SelectField>
          <div className="actions">
            <SubmitButton>{t("sign_out_all.submit")}</SubmitButton>
          </div>
        </ValidatedForm>
      ) : null}
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
