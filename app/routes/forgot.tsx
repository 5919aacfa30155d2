/** /forgot — ask for a password reset link. The answer never says whether the address exists. */
import { useForm } from "@conform-to/react";
import { parseSubmission } from "~/forms/submission";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ForgotSchema } from "~/features/auth/schemas";
import { FORGOT_VALIDATOR, parseWith } from "~/features/auth/validate";
import { translator } from "~/i18n/i18n.server";
import { consumeForgot, formatWait, retryAfterHeaders } from "~/security/throttle.server";
import { retryAfterHeader } from "~/security/retry-after";
import { upstreamContext } from "~/session/request-context.server";
import { callUpstream } from "~/upstream/client.server";
import { UpstreamError, UpstreamUnavailableError, fieldErrors } from "~/upstream/errors";
import { Brand, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { NoticeBanner } from "~/ui/notice";
import { pageTitle } from "~/ui/meta";

export const headers = retryAfterHeader;

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await translator(request);
  return { title: t("auth:forgot.title") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseSubmission(await request.formData(), { schema: ForgotSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false, failed: false }, { status: 400 });
  // Every request is a mail: counted per address and per client before the upstream sends one.
  const verdict = await consumeForgot({ ip: context.clientIp, email: submission.value.email });
  if (!verdict.ok) {
    const { t, locale } = await translator(request);
    return data(
      { result: submission.reply(), sent: false, failed: false, throttled: t("auth:throttle.too_many_resets", { wait: formatWait(verdict.retryAfterMs, locale) }) },
      { status: 429, headers: retryAfterHeaders(verdict) },
    );
  }
  try {
    await callUpstream("forgot", { ...(await upstreamContext(request)), body: { email: submission.value.email } });
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 422) {
      const errors = fieldErrors(err);
      return data({ result: submission.reply({ fieldErrors: errors }), sent: false, failed: false }, { status: 422 });
    }
    if (err instanceof UpstreamError && err.status === 429) {
      return data({ result: submission.reply({ fieldErrors: { email: ["auth:auth_error.too_many_attempts"] } }), sent: false, failed: false }, { status: 429 });
    }
    if (err instanceof UpstreamError || err instanceof UpstreamUnavailableError) {
      return data({ result: submission.reply(), sent: false, failed: true }, { status: 503 });
    }
    throw err;
  }
  return { result: submission.reply({ resetForm: true }), sent: true, failed: false };
}

export default function Forgot() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [form, fields] = useForm<z.input<typeof ForgotSchema>>({
    id: "forgot",
    lastResult: actionData?.result,
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
        {actionData?.sent ? <NoticeBanner notice={{ key: "auth:forgot.sent", tone: "success" }} /> : null}
        {actionData?.failed ? <NoticeBanner notice={{ key: "common:errors.generic_failure", tone: "error" }} /> : null}
        {actionData && "throttled" in actionData && typeof actionData.throttled === "string" ? (
          <NoticeBanner notice={{ text: actionData.throttled, tone: "error" }} />
        ) : null}
        <ValidatedForm form={form}>
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
