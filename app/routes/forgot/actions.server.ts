/**
 * Asking for a password reset link. Every request is a mail: counted per address and per client
 * before the upstream sends one (429 with Retry-After). The answer never says whether the address
 * exists; the upstream's 422 goes on the form's field, its 429 says "too many attempts", any other
 * failure is the spec's generic failure (503).
 */
import type { AppLoadContext } from "@remix-run/node";
import { answer, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { ForgotSchema } from "~/features/auth/schemas";
import { throttled } from "~/features/auth/throttled.server";
import { translator } from "~/i18n/i18n.server";
import { consumeForgot, formatWait } from "~/security/throttle.server";
import { upstreamContext } from "~/session/request-context.server";
import { callUpstream } from "~/upstream/client.server";
import { UpstreamError, UpstreamUnavailableError } from "~/upstream/errors";

const FORM = { intent: "forgot" };

export async function forgot(request: Request, context: AppLoadContext) {
  const submission = parseSubmission(await request.formData(), { schema: ForgotSchema });
  if (submission.status !== "success") return invalid(FORM, submission);
  const verdict = await consumeForgot({ ip: context.clientIp, email: submission.value.email });
  if (!verdict.ok) {
    const { t, locale } = await translator(request);
    return throttled(FORM, submission.reply(), t("auth:throttle.too_many_resets", { wait: formatWait(verdict.retryAfterMs, locale) }), verdict);
  }
  try {
    await callUpstream("forgot", { ...(await upstreamContext(request)), body: { email: submission.value.email } });
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 422) return refused(err, { ...FORM, submission, fields: ["email"] });
    if (err instanceof UpstreamError && err.status === 429) {
      return answer(FORM, { result: submission.reply({ fieldErrors: { email: ["auth:auth_error.too_many_attempts"] } }) }, 429);
    }
    if (err instanceof UpstreamError || err instanceof UpstreamUnavailableError) {
      return answer(FORM, { result: submission.reply(), notice: { key: "common:errors.generic_failure", tone: "error" } }, 503);
    }
    throw err;
  }
  return answer(FORM, { result: submission.reply({ resetForm: true }), notice: { key: "auth:forgot.sent", tone: "success" } }, 200);
}
