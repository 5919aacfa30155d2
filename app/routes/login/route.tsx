/**
 * /login — stepped sign-in driven by the upstream's 401 codes (spec platform §4, §8):
 * request_email → password → one-time password | two-factor setup | expired password | terms.
 * Cancel returns to request_email. Works without JavaScript; the password is never stored in the
 * session nor rendered back into the page.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { qrDataUrl } from "~/ui/qr.server";
import { useTranslation } from "react-i18next";
import { pageNotice, resultFor } from "~/forms/action-result";
import { INITIAL_PROGRESS } from "~/features/auth/login.server";
import { STEP_VALIDATORS, validate } from "~/features/auth/checks";
import { translator } from "~/i18n/i18n.server";
import { retryAfterHeader } from "~/security/retry-after";
import { readSession, unavailable } from "~/session/auth.server";
import { safeRedirect } from "~/session/redirect";
import { StoreUnavailableError } from "~/session/store.server";
import { Brand, SubmitButton } from "~/ui/form-parts";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { PlainValidatedForm, usePlainForm } from "~/ui/plain-form";
import { login } from "./actions.server";
import { StepFields } from "./step-fields";

export const headers = retryAfterHeader;

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await readSession(request);
  const url = new URL(request.url);
  if (session.get("auth")) throw redirect(safeRedirect(url.searchParams.get("redirectTo")));
  const progress = session.get("login") ?? INITIAL_PROGRESS;
  const { t } = await translator(request, "auth");
  let qr: string | null = null;
  if (progress.step === "two_factor_setup" && progress.twoFactor) {
    qr = await qrDataUrl(progress.twoFactor.otpauthUri);
  }
  const queryEmail = url.searchParams.get("email");
  return {
    title: t("auth:login.title"),
    step: progress.step,
    email: progress.email || (queryEmail && queryEmail.length <= 254 ? queryEmail : ""),
    twoFactorSecret: progress.step === "two_factor_setup" ? (progress.twoFactor?.secret ?? null) : null,
    qr,
    redirectTo: safeRedirect(url.searchParams.get("redirectTo") ?? session.get("redirectTo"), ""),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  try {
    return await login(request, context.clientIp);
  } catch (err) {
    // The session store went away mid-sign-in (saving the step or the new session): a 503 page.
    if (err instanceof StoreUnavailableError) unavailable("store");
    throw err;
  }
}

export default function Login() {
  const { step, email, twoFactorSecret, qr, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const validator = STEP_VALIDATORS[step];
  // Not conform (ADR 010): /login keeps its page light; usePlainForm does what conform did here.
  const { form, field, formRef } = usePlainForm({
    id: `login-${step}`,
    lastResult: resultFor(actionData, "login"),
    check: (payload) => validate(validator, payload),
  });

  return (
    <main id="main" className="auth-page">
      <section className="card" aria-labelledby="login-heading">
        <Brand />
        <h1 id="login-heading">{t(`login.heading.${step}`)}</h1>
        <p className="muted">{t(`login.intro.${step}`)}</p>
        <ActionNotice notice={pageNotice(actionData)} />
        <PlainValidatedForm form={form} formRef={formRef}>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {step !== "request_email" ? (
            <div className="field">
              <span className="label" id="email-label">
                {t("login.email")}
              </span>
              <div className="readonly-value" aria-labelledby="email-label">
                {email}
              </div>
            </div>
          ) : null}
          <StepFields step={step} field={field} email={email} twoFactorSecret={twoFactorSecret} qr={qr} />
          <div className="actions">
            <SubmitButton>{t(`login.submit.${step}`)}</SubmitButton>
            {step !== "request_email" ? (
              <SubmitButton name="intent" value="cancel" variant="secondary" formNoValidate>
                {t("login.cancel")}
              </SubmitButton>
            ) : null}
          </div>
        </PlainValidatedForm>
        {step === "request_email" || step === "password" ? (
          <p className="actions">
            <Link to="/forgot">{t("login.forgot_link")}</Link>
          </p>
        ) : null}
      </section>
    </main>
  );
}
