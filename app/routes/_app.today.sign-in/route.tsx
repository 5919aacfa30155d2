/**
 * /today/sign-in — sign a visitor in, or a member of a returning group, at the selected site
 * (Today.signInOut). A dialog over the list; a plain form without JavaScript. The site is fixed
 * when the form opens and checked again on submit, so a site switched in another tab cannot
 * redirect the sign-in. For a sign-out-first group (ADR 015) it offers the members who are not out
 * with "Sign out (leaving)" instead: without JavaScript both buttons show and the server decides.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { requireAccess } from "~/access/guard.server";
import { pageNotice, resultFor } from "~/forms/action-result";
import { DEPART_INTENT, signInSchema } from "~/features/today/schemas";
import { todaySite } from "~/features/today/today.server";
import { translator } from "~/i18n/i18n.server";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { FormErrors, SelectField, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { Toast } from "~/ui/toast";
import { upstreamLoad } from "~/upstream/load.server";
import { signIn } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "today")]);
  const site = await todaySite(access);
  if (!site) throw new Response("Not found", { status: 404 });
  const options = await upstreamLoad(access.viewer.api("signInOptions", { params: { siteId: site.id } }));
  return { title: `${t("today:sign_in.title")} · Gatehouse`, site: { id: site.id, name: site.name }, groups: options.groups };
}

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  const form = await request.formData();
  return signIn({ request, access, form });
}

export default function SignIn() {
  const { site, groups } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const notice = pageNotice(actionData);
  const { t } = useTranslation("today");
  // Without JavaScript every field shows (the server decides what the group needs); with it, only
  // the fields of the chosen group.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const lastResult = resultFor(actionData, "sign-in");
  // The group chosen, or posted last (a refused form keeps it).
  const [groupId, setGroupId] = useState<string>(String(lastResult?.initialValue?.group_id ?? ""));
  const group = groups.find((g) => String(g.id) === groupId);
  const departing = hydrated && group?.sign_out_first === true;
  const schema = signInSchema(groups, departing || undefined);
  const [form, fields] = useForm<z.input<ReturnType<typeof signInSchema>>, z.output<ReturnType<typeof signInSchema>>>({
    id: "sign-in",
    lastResult,
    defaultValue: { siteId: String(site.id) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const showMember = !hydrated || group?.type === "returning";
  const showVisitor = !hydrated || (group !== undefined && group.type !== "returning");
  const returning = groups.filter((g) => g.type === "returning" && (!hydrated || g === group));

  return (
    <RouteDialog title={t("sign_in.heading", { site: site.name })} closeTo="/today">
      {notice ? <Toast key={JSON.stringify(notice)} notice={notice} /> : null}
      <ValidatedForm form={form} action="/today/sign-in">
        <input type="hidden" name="siteId" value={site.id} />
        <FormErrors formId={form.id} />
        <SelectField field={fields.group_id} label={t("sign_in.group")} onChange={setGroupId}>
          <option value="">{t("sign_in.choose_group")}</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
              {g.approval_required ? ` (${t("sign_in.needs_approval")})` : ""}
              {g.sign_out_first ? ` (${t("sign_out_first.option")})` : ""}
            </option>
          ))}
        </SelectField>
        {showMember ? (
          <SelectField field={fields.member_id} label={t("sign_in.member")} hint={hydrated ? undefined : t("sign_in.member_hint")}>
            <option value="">{t("sign_in.choose_member")}</option>
            {returning.map((g) => (
              <optgroup key={g.id} label={g.name}>
                {g.members.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </SelectField>
        ) : null}
        {showVisitor ? (
          <>
            <TextField field={fields.name} label={t("sign_in.name")} hint={hydrated ? undefined : t("sign_in.name_hint")} autoComplete="off" />
            <TextField field={fields.company} label={t("sign_in.company")} autoComplete="off" />
          </>
        ) : null}
        {(group && !departing) || !hydrated ? <TextField field={fields.host} label={t("sign_in.host")} autoComplete="off" /> : null}
        <div className="actions">
          {departing ? null : <SubmitButton>{t("sign_in.submit")}</SubmitButton>}
          {departing || (!hydrated && groups.some((g) => g.sign_out_first)) ? (
            <SubmitButton name="intent" value={DEPART_INTENT} variant={departing ? "primary" : "secondary"}>
              {t("sign_out_first.depart")}
            </SubmitButton>
          ) : null}
        </div>
        {!hydrated && groups.some((g) => g.sign_out_first) ? <p className="hint">{t("sign_out_first.depart_hint")}</p> : null}
      </ValidatedForm>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
