/**
 * A single sign-on user without access asks the administrators of one client for it. Each request
 * mails them: counted per SSO sign-in's email and per client address (429 with Retry-After). The
 * upstream's 422 goes on the choice of client; an expired SSO sign-in (401) starts over at Login;
 * any other failure is the spec's generic failure, with the refusal's status.
 */
import { type AppLoadContext, redirect } from "@remix-run/node";
import { z } from "zod";
import { answer, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { throttled } from "~/features/auth/throttled.server";
import { translator } from "~/i18n/i18n.server";
import { consumeSsoAccessRequest, formatWait } from "~/security/throttle.server";
import { commitSession, type PortalSession, type SessionData } from "~/session/session.server";
import { upstreamContext } from "~/session/request-context.server";
import { callUpstream } from "~/upstream/client.server";
import { UpstreamError } from "~/upstream/errors";
import { refusalOf } from "~/upstream/refusal.server";

const FORM = { intent: "request-access" };
const CHOOSE = "auth:sso_request.choose_client";

/** One of the clients offered to this SSO sign-in. */
const requestSchema = (clients: readonly string[]) =>
  z.object({ client_id: z.string({ error: CHOOSE }).regex(/^[a-z]{2}:\d+$/, CHOOSE).refine((id) => clients.includes(id), CHOOSE) });

export interface RequestAccess {
  request: Request;
  context: AppLoadContext;
  session: PortalSession;
  access: SessionData["ssoAccess"];
  form: FormData;
}

export async function requestAccess({ request, context, session, access, form }: RequestAccess) {
  const submission = parseSubmission(form, { schema: requestSchema(access.clients.map((c) => c.id)) });
  if (submission.status !== "success") return invalid(FORM, submission);
  const verdict = await consumeSsoAccessRequest({ ip: context.clientIp, email: access.email });
  if (!verdict.ok) {
    const { t, locale } = await translator(request);
    return throttled(FORM, null, t("auth:throttle.too_many_access_requests", { wait: formatWait(verdict.retryAfterMs, locale) }), verdict);
  }
  const ctx = await upstreamContext(request);
  try {
    await callUpstream("ssoAccessRequest", { ...ctx, token: access.token, body: { client_id: submission.value.client_id } });
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 401) {
      session.unset("ssoAccess");
      session.flash("notice", { key: "auth:sso_request.expired", tone: "error" });
      return redirect("/login", { headers: { "Set-Cookie": await commitSession(request, session) } });
    }
    if (err instanceof UpstreamError && err.status === 422) return refused(err, { ...FORM, submission, fields: ["client_id"] });
    return answer(FORM, { notice: { key: "common:errors.generic_failure", tone: "error" } }, refusalOf(err).status);
  }
  session.set("ssoAccess", { ...access, requested: [...new Set([...access.requested, submission.value.client_id])] });
  session.flash("notice", { key: "auth:sso_request.sent", tone: "success" });
  return redirect("/login/sso/request-access", { headers: { "Set-Cookie": await commitSession(request, session) } });
}
