/**
 * /manage/features/notifications/slack-callback — Slack's return page for the client's
 * notifications workspace (platform §2: administrators only, active accounts only; ADR 028).
 * Slack's consent sends the browser back here with `code` and `state` (or `error=access_denied`);
 * the upstream checks the state (this user's, in this client, for this page, unused, under 10
 * minutes old) and exchanges the code; then back to the list's Slack section. Denied, forged or
 * expired: said there, nothing connected.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { noticeOf } from "~/forms/action-result";
import { done, failed } from "~/forms/action-result.server";
import { slackReturnUrl } from "~/features/notifications/notifications.server";
import { NOTIFICATIONS_PATH } from "~/features/notifications/paths";
import { refusalOf } from "~/upstream/refusal.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

const BACK = `${NOTIFICATIONS_PATH}#slack`;

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireAccess(request);
  const url = new URL(request.url);
  const [code, state] = [url.searchParams.get("code"), url.searchParams.get("state")];
  if (url.searchParams.has("error") || !code || !state || code.length > 500 || state.length > 500) {
    return done(request, access.viewer, BACK, { key: "notifications:slack.cancelled", tone: "error" });
  }
  try {
    const after = await access.viewer.api("completeClientSlack", { body: { code, state, redirect_uri: slackReturnUrl(request) } });
    return done(request, access.viewer, BACK, { key: "notifications:slack.connected", values: { workspace: after.workspace ?? "" }, tone: "success" });
  } catch (err) {
    const refusal = refusalOf(err);
    const notice = refusal.fields?.state ? noticeOf("notifications:slack.state_invalid") : refusal.status === 422 ? noticeOf(refusal.message) : failed(err, "notifications:slack.connect_failed");
    return done(request, access.viewer, BACK, notice);
  }
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
