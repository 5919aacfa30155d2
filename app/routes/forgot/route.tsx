/** /forgot — ask for a password reset link. The answer never says whether the address exists. */
import { useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { pageNotice, resultFor } from "~/forms/action-result";
import { ForgotSchema } from "~/features/auth/schemas";
import { FORGOT_VALIDATOR, parseWith } from "~/features/auth/validate";
import { translator } from "~/i18n/i18n.server";
import { retryAfterHeader } from "~/security/retry-after";
import { Brand, FormErrors, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { forgot } from "./actions.server";

export const headers = retryAfterHeader;

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await translator(request, "auth");
  return { title: t("auth:forgot.title") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return forgot(request, context);
}

export default function Forgot() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [form, fields] = useForm<z.input<typeof ForgotSchema>>({
    id: "forgot",
    lastResult: resultFor(actionData, "forgot"),
    onValidate: ({ formData }) => parseWith(formData, FORGOT_VALIDATOR),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <main id="main" className="auth-page">
      <section className="card" aria-labelledby="forgot-heading">
        <Brand />
        <h1 id="forgot-heading">{t("forgot.heading")}</h1>
        <p className="muted">{t("forgot.intro")}</p>
        <ActionNotice notice={pageNotice(actionData)} />
        <ValidatedForm form={form}>
          <FormErrors formId={form.id} />
          <TextField field={fields.email} label={t("login.email")} type="email" autoComplete="email" autoFocus />
          <div className="actions">
            <SubmitButton>{t("forgot.submit")}</SubmitButton>
            <Link to="/login">{t("forgot.back")}</Link>
          </div>
        </ValidatedForm>
      </section>
    </main>
  );
}
