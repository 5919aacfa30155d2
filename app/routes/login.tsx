/**
 * /login — stepped sign-in driven by the upstream's 401 codes (spec platform §4, §8):
 * request_email → password → one-time password | two-factor setup | expired password | terms.
 * Cancel returns to request_email. Works without JavaScript; the password is never stored in the
 * session nor rendered back into the page.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseSubmission } from "~/forms/submission";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { LoginStep } from "../../upstream/contract/index";
import { completeLogin } from "~/features/auth/complete.server";
import { INITIAL_PROGRESS, authenticator, ssoPendingFor } from "~/features/auth/login.server";
import { qrDataUrl } from "~/ui/qr.server";
import { STEP_SCHEMAS } from "~/features/auth/schemas";
import { STEP_VALIDATORS, parseWith } from "~/features/auth/validate";
import { translator } from "~/i18n/i18n.server";
import { checkLogin, formatWait, recordLoginFailure, recordLoginSuccess, retryAfterHeaders } from "~/security/throttle.server";
import { retryAfterHeader } from "~/security/retry-after";
import { readSession, unavailable } from "~/session/auth.server";
import { safeRedirect } from "~/session/redirect";
import { commitSession, type LoginProgress } from "~/session/session.server";
import { StoreUnavailableError } from "~/session/store.server";
import { Brand, CheckboxField, FormErrors, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { NoticeBanner, type ToneNotice } from "~/ui/notice";
import type { Notice } from "~/upstream/errors";
import { pageTitle } from "~/ui/meta";

export const headers = retryAfterHeader;

export const meta: MetaFunction<typeof loader> = pageTitle;

/** Fields whose values must never be echoed back. */
const SECRET_FIELDS = ["password", "newPassword", "newPasswordConfirmation", "oneTimePassword", "twoFactorAuthCode"];

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await readSession(request);
  const url = new URL(request.url);
  if (session.get("auth")) throw redirect(safeRedirect(url.searchParams.get("redirectTo")));
  const progress = session.get("login") ?? INITIAL_PROGRESS;
  const { t } = await translator(request);
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

type ActionData = { result: SubmissionResult<string[]>; notice?: Notice };

export async function action({ request, context }: ActionFunctionArgs) {
  try {
    return await loginAction(request, context.clientIp);
  } catch (err) {
    // The session store went away mid-sign-in (saving the step or the new session): a 503 page.
    if (err instanceof StoreUnavailableError) unavailable("store");
    throw err;
  }
}

async function loginAction(request: Request, clientIp: string) {
  const session = await readSession(request);
  const form = await request.clone().formData();
  const redirectTo = safeRedirect(form.get("redirectTo"), "");
  const loginUrl = redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login";

  if (form.get("intent") === "cancel") {
    session.unset("login");
    return redirect(loginUrl, { headers: { "Set-Cookie": await commitSession(request, session) } });
  }

  const progress: LoginProgress = session.get("login") ?? INITIAL_PROGRESS;
  const submission = parseSubmission(form, { schema: STEP_SCHEMAS[progress.step] });
  if (submission.status !== "success") {
    return data<ActionData>({ result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
  }

  // Throttles come before the upstream: a refused attempt never reaches it (nor feeds its own
  // per-email limit, which would lock the real user out).
  const emailField = form.get("email");
  const attempt = { ip: clientIp, email: progress.step === "request_email" ? (typeof emailField === "string" ? emailField : "") : progress.email };
  const verdict = await checkLogin(attempt);
  if (!verdict.ok) {
    const { t, locale } = await translator(request);
    return data<ActionData>(
      {
        result: submission.reply({ hideFields: SECRET_FIELDS }),
        notice: { text: t("auth:throttle.too_many_attempts", { wait: formatWait(verdict.retryAfterMs, locale) }) },
      },
      { status: 429, headers: retryAfterHeaders(verdict) },
    );
  }

  const outcome = await authenticator.authenticate("login", request);
  // A refused password, code or answer at any step counts; an upstream 429 or 5xx does not.
  if (outcome.type === "error" && outcome.status === 401) await recordLoginFailure(attempt);
  switch (outcome.type) {
    case "success":
      await recordLoginSuccess(attempt);
      return completeLogin(request, session, outcome.pair, redirectTo);
    case "sso": {
      // The identity provider's state is bound to this browser (checked on the callback).
      const pending = ssoPendingFor(outcome.authUri);
      session.unset("login");
      if (!pending) {
        session.flash("notice", { key: "auth:auth_error.sso_generic", tone: "error" });
        return redirect(loginUrl, { headers: { "Set-Cookie": await commitSession(request, session) } });
      }
      if (redirectTo) session.set("redirectTo", redirectTo);
      session.set("ssoPending", pending);
      return redirect(outcome.authUri, { headers: { "Set-Cookie": await commitSession(request, session) } });
    }
    case "step":
      session.set("login", outcome.progress);
      if (outcome.notice) session.flash("notice", { ...outcome.notice, tone: "info" });
      return redirect(loginUrl, { headers: { "Set-Cookie": await commitSession(request, session) } });
    case "restart":
      session.unset("login");
      session.flash("notice", { ...outcome.notice, tone: "error" });
      return redirect(loginUrl, { headers: { "Set-Cookie": await commitSession(request, session) } });
    case "sso_request_access":
      // Only the SSO callback produces this outcome.
      return redirect("/login/sso/request-access");
    case "error":
      return data<ActionData>(
        {
          result: submission.reply({ hideFields: SECRET_FIELDS, fieldErrors: outcome.fieldErrors ?? {} }),
          notice: outcome.notice,
        },
        { status: outcome.status },
      );
  }
}

export default function Login() {
  const { step, email, twoFactorSecret, qr, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const validator = STEP_VALIDATORS[step];
  const [form, fields] = useForm({
    id: `login-${step}`,
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWith(formData, validator),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const f = fields as Record<string, (typeof fields)[keyof typeof fields]>;
  const notice: ToneNotice | null = actionData && "notice" in actionData && actionData.notice ? { ...actionData.notice, tone: "error" } : null;

  return (
    <main id="main" className="auth-page">
      <section className="card" aria-labelledby="login-heading">
        <Brand />
        <h1 id="login-heading">{t(`login.heading.${step}`)}</h1>
        <p className="muted">{t(`login.intro.${step}`)}</p>
        {notice ? <NoticeBanner notice={notice} /> : null}
        <ValidatedForm form={form}>
          <FormErrors formId={form.id} />
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
          <StepFields step={step} fields={f} email={email} twoFactorSecret={twoFactorSecret} qr={qr} />
          <div className="actions">
            <SubmitButton>{t(`login.submit.${step}`)}</SubmitButton>
            {step !== "request_email" ? (
              <SubmitButton name="intent" value="cancel" variant="secondary" formNoValidate>
                {t("login.cancel")}
              </SubmitButton>
            ) : null}
          </div>
        </ValidatedForm>
        {step === "request_email" || step === "password" ? (
          <p className="actions">
            <Link to="/forgot">{t("login.forgot_link")}</Link>
          </p>
        ) : null}
      </section>
    </main>
  );
}

function StepFields({
  step,
  fields,
  email,
  twoFactorSecret,
  qr,
}: {
  step: LoginStep;
  fields: Record<string, any>;
  email: string;
  twoFactorSecret: string | null;
  qr: string | null;
}) {
  const { t } = useTranslation("auth");
  switch (step) {
    case "request_email":
      return <TextField field={fields.email} label={t("login.email")} type="email" autoComplete="username" autoFocus defaultValue={email} />;
    case "password":
      return (
        <>
          <input type="hidden" name="username" value={email} autoComplete="username" />
          <TextField field={fields.password} label={t("login.password")} type="password" autoComplete="current-password" autoFocus />
        </>
      );
    case "one_time_password":
      return (
        <TextField
          field={fields.oneTimePassword}
          label={t("login.one_time_password")}
          hint={t("login.one_time_password_hint")}
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
        />
      );
    case "two_factor_setup":
      return (
        <>
          {qr ? <img className="qr" src={qr} alt={t("login.qr_alt")} width={180} height={180} /> : null}
          <div className="field">
            <span className="label" id="secret-label">
              {t("login.secret_label")}
            </span>
            <div className="readonly-value secret" aria-labelledby="secret-label">
              {twoFactorSecret}
            </div>
          </div>
          <input type="hidden" name="twoFactorAuthSecret" value={twoFactorSecret ?? ""} />
          <TextField
            field={fields.twoFactorAuthCode}
            label={t("login.one_time_password")}
            hint={t("login.setup_code_hint")}
            autoComplete="one-time-code"
            inputMode="numeric"
            autoFocus
          />
        </>
      );
    case "password_expired":
      return (
        <>
          <input type="hidden" name="username" value={email} autoComplete="username" />
          <TextField
            field={fields.newPassword}
            label={t("login.new_password")}
            hint={t("validation.password_strength")}
            type="password"
            autoComplete="new-password"
            autoFocus
          />
          <TextField field={fields.newPasswordConfirmation} label={t("login.new_password_confirmation")} type="password" autoComplete="new-password" />
        </>
      );
    case "accept_terms":
      return (
        <CheckboxField
          field={fields.acceptedTerms}
          label={t("login.accept_terms_label")}
          after={
            <p className="hint">
              <a href="/terms" target="_blank" rel="noreferrer">
                {t("login.terms_link")}
              </a>
            </p>
          }
        />
      );
  }
}
