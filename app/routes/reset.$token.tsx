/** /reset/{token} — choose a new password from the emailed link. */
import { useForm } from "@conform-to/react";
import { parseSubmission } from "~/forms/submission";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ResetSchema } from "~/features/auth/schemas";
import { RESET_VALIDATOR, parseWith } from "~/features/auth/validate";
import { translator } from "~/i18n/i18n.server";
import { readSession } from "~/session/auth.server";
import { commitSession } from "~/session/session.server";
import { upstreamContext } from "~/session/request-context.server";
import { callUpstream } from "~/upstream/client.server";
import { UpstreamError, UpstreamUnavailableError, fieldErrors } from "~/upstream/errors";
import { Brand, FormErrors, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { NoticeBanner } from "~/ui/notice";
import { pageTitle } from "~/ui/meta";

// The token in the URL never leaves the portal: the site-wide Referrer-Policy
// (strict-origin-when-cross-origin) sends other origins the origin only.
export const meta: MetaFunction<typeof loader> = pageTitle;

const SECRETS = ["password", "password_confirmation"];

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!params.token || params.token.length > 512) throw new Response("Not found", { status: 404 });
  const { t } = await translator(request);
  const email = new URL(request.url).searchParams.get("email") ?? "";
  return { title: t("auth:reset.title"), email: email.length <= 254 ? email : "" };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  if (!token || token.length > 512) throw new Response("Not found", { status: 404 });
  const submission = parseSubmission(await request.formData(), { schema: ResetSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: SECRETS }), failed: false }, { status: 400 });
  try {
    await callUpstream("reset", { ...(await upstreamContext(request)), body: { token, ...submission.value } });
  } catch (err) {
    if (err instanceof UpstreamError && (err.status === 422 || err.status === 429)) {
      const errors = fieldErrors(err);
      const { token: tokenErrors, ...rest } = errors;
      return data(
        { result: submission.reply({ hideFields: SECRETS, fieldErrors: rest, formErrors: tokenErrors ?? [] }), failed: false },
        { status: err.status },
      );
    }
    if (err instanceof UpstreamError || err instanceof UpstreamUnavailableError) {
      return data({ result: submission.reply({ hideFields: SECRETS }), failed: true }, { status: 503 });
    }
    throw err;
  }
  const session = await readSession(request);
  session.unset("login");
  session.flash("notice", { key: "auth:reset.done", tone: "success" });
  return redirect("/login", { headers: { "Set-Cookie": await commitSession(request, session) } });
}

export default function Reset() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [form, fields] = useForm<z.input<typeof ResetSchema>>({
    id: "reset",
    lastResult: actionData?.result,
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
        {actionData?.failed ? <NoticeBanner notice={{ key: "common:errors.generic_failure", tone: "error" }} /> : null}
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
