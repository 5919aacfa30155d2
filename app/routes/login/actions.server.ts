/**
 * The stepped sign-in's action (spec platform §4, §8): cancel back to request_email, or check the
 * step's form, the throttles (before the upstream: a refused attempt never reaches it), then the
 * upstream through remix-auth. Its outcome (`outcomeFromError` in the auth feature: the 401 codes
 * are the steps) becomes the next step, the new session, the identity provider, or an
 * `ActionResult` with the step's messages. Secrets are never rendered back.
 */
import { redirect } from "@remix-run/node";
import { answer, invalid } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { completeLogin } from "~/features/auth/complete.server";
import { INITIAL_PROGRESS, authenticator, ssoPendingFor } from "~/features/auth/login.server";
import { STEP_SCHEMAS } from "~/features/auth/schemas";
import { hidingSecrets } from "~/features/auth/secrets";
import { throttled } from "~/features/auth/throttled.server";
import { translator } from "~/i18n/i18n.server";
import { checkLogin, formatWait, recordLoginFailure, recordLoginSuccess } from "~/security/throttle.server";
import { readSession } from "~/session/auth.server";
import { safeRedirect } from "~/session/redirect";
import { commitSession, type LoginProgress } from "~/session/session.server";

const FORM = { intent: "login" };

/** Fields whose values must never be echoed back. */
const SECRET_FIELDS = ["password", "newPassword", "newPasswordConfirmation", "oneTimePassword", "twoFactorAuthCode"];

export async function login(request: Request, clientIp: string) {
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
    return invalid(FORM, hidingSecrets(submission, SECRET_FIELDS));
  }

  // Throttles come before the upstream: a refused attempt never reaches it (nor feeds its own
  // per-email limit, which would lock the real user out).
  const emailField = form.get("email");
  const attempt = { ip: clientIp, email: progress.step === "request_email" ? (typeof emailField === "string" ? emailField : "") : progress.email };
  const verdict = await checkLogin(attempt);
  if (!verdict.ok) {
    const { t, locale } = await translator(request);
    const text = t("auth:throttle.too_many_attempts", { wait: formatWait(verdict.retryAfterMs, locale) });
    return throttled(FORM, submission.reply({ hideFields: SECRET_FIELDS }), text, verdict);
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
      return answer(
        FORM,
        {
          result: submission.reply({ hideFields: SECRET_FIELDS, fieldErrors: outcome.fieldErrors ?? {} }),
          notice: outcome.notice ? { ...outcome.notice, tone: "error" } : null,
        },
        outcome.status,
      );
  }
}
