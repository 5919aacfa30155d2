/**
 * Choosing a new password from the emailed link. The upstream's 422 (or 429) goes on the form's
 * fields, a message about the link itself on the form; any other failure is the spec's generic
 * failure (503). The passwords are never rendered back. Success: Login, with the spec's notice.
 */
import { redirect } from "@remix-run/node";
import { answer, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { ResetSchema } from "~/features/auth/schemas";
import { hidingSecrets } from "~/features/auth/secrets";
import { readSession } from "~/session/auth.server";
import { upstreamContext } from "~/session/request-context.server";
import { commitSession } from "~/session/session.server";
import { callUpstream } from "~/upstream/client.server";
import { UpstreamError, UpstreamUnavailableError } from "~/upstream/errors";

const FORM = { intent: "reset" };
const FIELDS = ["email", "password", "password_confirmation"];
const SECRETS = ["password", "password_confirmation"];

export async function reset(request: Request, token: string) {
  const parsed = parseSubmission(await request.formData(), { schema: ResetSchema });
  const submission = hidingSecrets(parsed, SECRETS);
  if (parsed.status !== "success") return invalid(FORM, submission);
  try {
    await callUpstream("reset", { ...(await upstreamContext(request)), body: { token, ...parsed.value } });
  } catch (err) {
    if (err instanceof UpstreamError && (err.status === 422 || err.status === 429)) return refused(err, { ...FORM, submission, fields: FIELDS });
    if (err instanceof UpstreamError || err instanceof UpstreamUnavailableError) {
      return answer(FORM, { result: submission.reply(), notice: { key: "common:errors.generic_failure", tone: "error" } }, 503);
    }
    throw err;
  }
  const session = await readSession(request);
  session.unset("login");
  session.flash("notice", { key: "auth:reset.done", tone: "success" });
  return redirect("/login", { headers: { "Set-Cookie": await commitSession(request, session) } });
}
