/** /reset/{token} — choose a new password from the emailed link. */
import { useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { pageNotice, resultFor } from "~/forms/action-result";
import { ResetSchema } from "~/features/auth/schemas";
import { RESET_VALIDATOR, parseWith } from "~/features/auth/validate";
import { translator } from "~/i18n/i18n.server";
import { Brand, FormErrors, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { reset } from "./actions.server";

// The token in the URL never leaves the portal: the site-wide Referrer-Policy
// (strict-origin-when-cross-origin) sends other origins the origin only.
export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!params.token || params.token.length > 512) throw new Response("Not found", { status: 404 });
  const { t } = await translator(request, "auth");
  const email = new URL(request.url).searchParams.get("email") ?? "";
  return { title: t("auth:reset.title"), email: email.length <= 254 ? email : "" };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  if (!token || token.length > 512) throw new Response("Not found", { status: 404 });
  return reset(request, token);
}

export default function Reset() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [form, fields] = useForm<z.input<typeof ResetSchema>>({
    id: "reset",
    lastResult: resultFor(actionData, "reset"),
    defaultValue: { email },
    onValidate: ({ formData }) => parseWith(formData, RESET_VALIDATOR),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <main id="main" className="auth-page">
      <section className="card" aria-labelledby="reset-heading">
        <Brand />
        <h1 id="reset-heading">{t("reset.heading")}</h1>
        <ActionNotice notice={pageNotice(actionData)} />
        <ValidatedForm form={form}>
          <FormErrors formId={form.id} />
          <TextField field={fields.email} label={t("login.email")} type="email" autoComplete="username" />
          <TextField field={fields.password} label={t("login.new_password")} hint={t("validation.password_strength")} type="password" autoComplete="new-password" autoFocus />
          <TextField field={fields.password_confirmation} label={t("login.new_password_confirmation")} type="password" autoComplete="new-password" />
          <div className="actions">
            <SubmitButton>{t("reset.submit")}</SubmitButton>
            <Link to="/login">{t("forgot.back")}</Link>
          </div>
        </ValidatedForm>
      </section>
    </main>
  );
}
