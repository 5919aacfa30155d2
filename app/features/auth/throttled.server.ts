/**
 * A sign-in form refused by a throttle (login, forgot password, SSO access request): the form's
 * `ActionResult` with the throttle's message (already translated, with the wait) as its notice,
 * 429 and Retry-After (passed on to the document by the route's `retryAfterHeader`).
 */
import type { SubmissionResult } from "@conform-to/react";
import { answer, type FormRef } from "~/forms/action-result.server";
import { retryAfterHeaders, type Verdict } from "~/security/throttle.server";

export function throttled(form: FormRef, result: SubmissionResult<string[]> | null, text: string, verdict: Extract<Verdict, { ok: false }>) {
  const refused = answer(form, { result, notice: { text, tone: "error" } }, 429);
  refused.init = { ...refused.init, headers: retryAfterHeaders(verdict) };
  return refused;
}
