/**
 * /manage/account/password-policy — the client's password policy (platform §3, §9; ManageClient.editor;
 * ADR 023): passwords expire after 30, 60 or 90 days (or never); force two-factor authentication;
 * force re-authentication (sign in again 12 hours after signing in); prevent password reuse. The
 * upstream enforces each at sign-in (groups spec §8's messages) and on token refresh.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { REAUTHENTICATION_HOURS } from "@contract";
import { resultFor } from "~/forms/action-result";
import { AccountPage } from "~/features/account/account-page";
import { accountAction, accountPage } from "~/features/account/account.server";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { EditableFields } from "~/ui/fields";
import { CheckField, SelectField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { save } from "./actions.server";
import { EXPIRY_CHOICES, policySchema, type PolicyValues } from "./schema";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ access, tabs }, { t }] = await Promise.all([accountPage(request), translator(request, "account")]);
  const policy = await upstreamLoad(access.viewer.api("passwordPolicy"));
  return data(
    {
      title: `${t("tab.password_policy")} · Gatehouse`,
      tabs,
      values: {
        password_expiry_days: policy.password_expiry_days === null ? "never" : String(policy.password_expiry_days),
        force_2fa: policy.force_2fa,
        force_reauthentication: policy.force_reauthentication,
        prevent_password_reuse: policy.prevent_password_reuse,
      },
    },
    { headers: access.headers },
  );
}

export const action = ({ request }: ActionFunctionArgs) => accountAction(request, { save });

export default function PasswordPolicyPage() {
  const { tabs, values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const [form, fields] = useForm<PolicyValues, any>({
    id: "password-policy",
    lastResult: resultFor(actionData, "save"),
    defaultValue: values,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: policySchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AccountPage tabs={tabs} title={t("tab.password_policy")}>
      <ValidatedForm form={form} action="/manage/account/password-policy" preventScrollReset>
        <EditableFields editable legend={t("tab.password_policy")} formId={form.id} saveLabel={t("policy.save")}>
          <SelectField field={fields.password_expiry_days} label={t("policy.expiry")} hint={t("policy.expiry_hint")}>
            {EXPIRY_CHOICES.map((c) => (
              <option key={c} value={c}>
                {c === "never" ? t("policy.expiry_never") : t("policy.expiry_days", { days: Number(c) })}
              </option>
            ))}
          </SelectField>
          <CheckField field={fields.force_2fa} label={t("policy.force_2fa")} hint={t("policy.force_2fa_hint")} />
          <CheckField field={fields.force_reauthentication} label={t("policy.force_reauth")} hint={t("policy.force_reauth_hint", { hours: REAUTHENTICATION_HOURS })} />
          <CheckField field={fields.prevent_password_reuse} label={t("policy.prevent_reuse")} hint={t("policy.prevent_reuse_hint")} />
        </EditableFields>
      </ValidatedForm>
    </AccountPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
