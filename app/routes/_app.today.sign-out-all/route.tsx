/**
 * /today/sign-out-all — sign everyone on the selected site out, or everyone of one group
 * (Today.signOutAll), after a confirmation that says how many people it concerns.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { requireAccess } from "~/access/guard.server";
import { pageNotice, resultFor } from "~/forms/action-result";
import { SignOutAllSchema } from "~/features/today/schemas";
import { todaySite } from "~/features/today/today.server";
import { translator } from "~/i18n/i18n.server";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { FormErrors, SelectField, SubmitButton, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { Toast } from "~/ui/toast";
import { upstreamLoad } from "~/upstream/load.server";
import { signOutAll } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "today")]);
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
  const access = await requireAccess(request);
  const form = await request.formData();
  return signOutAll({ request, access, form });
}

export default function SignOutAll() {
  const { site, total, groups } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const notice = pageNotice(actionData);
  const { t } = useTranslation("today");
  const [form, fields] = useForm<z.input<typeof SignOutAllSchema>, z.output<typeof SignOutAllSchema>>({
    id: "sign-out-all",
    lastResult: resultFor(actionData, "sign-out-all"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignOutAllSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <RouteDialog title={t("sign_out_all.heading", { site: site.name })} closeTo="/today" describedBy="sign-out-all-summary">
      {notice ? <Toast key={JSON.stringify(notice)} notice={notice} /> : null}
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
